// Regressions (issue 26): a recorded race turned its green check marks orange, since the GIF's
// palette came from the first frame alone (no check mark yet); and the last frame lacked the
// check mark of a lane verified after its last pass, since no frame was recorded after that.

#include <gtest/gtest.h>

#include <stb_image.h>

#include <cstdlib>
#include <cstring>
#include <regex>
#include <vector>

#include "cli_support.h"
#include "data/image.h"

namespace shadersort::testing {
namespace {

// The check mark's colour (ViewerApp's kCheckMarkColour), within a few levels per channel.
bool isCheckGreen(std::uint32_t pixel) {
  const int red = pixel & 0xFF, green = (pixel >> 8) & 0xFF, blue = (pixel >> 16) & 0xFF;
  return std::abs(red - 110) <= 6 && std::abs(green - 220) <= 6 && std::abs(blue - 110) <= 6;
}

TEST(RaceRecording, CheckMarksStayGreenAndTheLastFrameHasEveryLanesMark) {
  ScratchFolder folder;
  // 1024 random colours: the palette is a median cut, with no entry near the check mark's green.
  const auto result = runShadersort("view --offscreen --window-size 1000x600 --frames 50 --stats --pattern random --size 32x32 "
                                    "--race radix,bitonic,odd-even,frag-odd-even --record " + folder.path("race.gif"),
                                    "DISPLAY=");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  int verified = 0;
  for (std::size_t at = result.out.find(", verified"); at != std::string::npos; at = result.out.find(", verified", at + 1))
    ++verified;
  ASSERT_EQ(verified, 4) << "the run did not verify every lane: " << result.out;

  const std::vector<Image> frames = decodeGifFrames(folder.path("race.gif"));
  ASSERT_GE(frames.size(), 2u);
  const Image& first = frames.front();
  const Image& last = frames.back();
  // Where the last frame shows the check marks: one cluster per lane.
  std::vector<std::pair<int, int>> marks, clusters;
  for (int y = 0; y < last.height; ++y)
    for (int x = 0; x < last.width; ++x)
      if (isCheckGreen(last.pixel(x, y))) {
        marks.emplace_back(x, y);
        bool near = false;
        for (const auto& [cx, cy] : clusters) near = near || (std::abs(cx - x) < 30 && std::abs(cy - y) < 30);
        if (!near) clusters.emplace_back(x, y);
      }
  EXPECT_EQ(clusters.size(), 4u) << "check marks in the last frame";
  // Every frame that draws something where the marks are draws them green, never a stand-in.
  for (std::size_t f = 0; f < frames.size(); ++f) {
    int wrong = 0;
    for (const auto& [x, y] : marks)
      if (frames[f].pixel(x, y) != first.pixel(x, y) && !isCheckGreen(frames[f].pixel(x, y))) ++wrong;
    EXPECT_EQ(wrong, 0) << "frame " << f << " of " << frames.size() << " shows check-mark pixels in another colour";
  }
}

}  // namespace
}  // namespace shadersort::testing
