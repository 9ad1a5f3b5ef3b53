// GIF output of `run --video`: each frame's colours (a palette per frame), each frame's time (a
// GIF's own delays kept through .mkv, .mp4 and .gif, the last frame's delay too), and audio left
// out with a summary line that says so. Issue 40, defects 3, 7 and 12.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cli_support.h"
#include "data/image.h"
#include "process_support.h"
#include "video_clips.h"

namespace shadersort::testing {
namespace {

// Sorting settings that leave a one-colour frame as it is: these clips test the writer only.
const std::vector<std::string> kArt = {"--path", "angle:30", "--spans", "threshold", "--lower", "0.2",
                                       "--upper", "0.8", "--seed", "5", "--quiet"};

std::vector<std::string> runVideo(const std::string& in, const std::string& out) {
  std::vector<std::string> arguments = {"run", "--video", in, "--out", out};
  arguments.insert(arguments.end(), kArt.begin(), kArt.end());
  return arguments;
}

Image filled(int width, int height, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  Image picture(width, height);
  for (std::size_t i = 0; i < picture.pixelCount(); ++i) {
    picture.rgba[4 * i] = r;
    picture.rgba[4 * i + 1] = g;
    picture.rgba[4 * i + 2] = b;
    picture.rgba[4 * i + 3] = 255;
  }
  return picture;
}

// The largest difference of a channel (R, G or B) between `picture` and the colour.
int largestError(const Image& picture, int r, int g, int b) {
  int largest = 0;
  for (std::size_t i = 0; i < picture.pixelCount(); ++i) {
    largest = std::max({largest, std::abs(picture.rgba[4 * i] - r), std::abs(picture.rgba[4 * i + 1] - g),
                        std::abs(picture.rgba[4 * i + 2] - b)});
  }
  return largest;
}

// A frame of at most 256 colours keeps them exactly (its own palette): the tolerance is 0.
constexpr int kFewColoursTolerance = 0;

TEST(VideoGif, RedThenBlueKeepsEachFramesColour) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 20, .rateNum = 10, .rateDen = 1, .codec = "ffv1",
                      .picture = [](int index) { return index < 10 ? filled(32, 24, 255, 0, 0) : filled(32, 24, 0, 0, 255); }};
  ASSERT_TRUE(writeTestClip(folder.path("redblue.mkv"), spec));
  const ProcessResult result = runShadersortArgs(runVideo(folder.path("redblue.mkv"), folder.path("rb.gif")));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<Image> frames = decodeAllFrames(folder.path("rb.gif"));
  ASSERT_EQ(frames.size(), 20u);
  for (int k = 0; k < 20; ++k) {
    const bool red = k < 10;
    EXPECT_LE(largestError(frames[k], red ? 255 : 0, 0, red ? 0 : 255), kFewColoursTolerance) << "frame " << k;
  }
}

TEST(VideoGif, FadeFromBlackKeepsEachFramesGrey) {
  ScratchFolder folder;
  const auto grey = [](int index) { return static_cast<std::uint8_t>(index * 17); };  // 0 to 255 in 16 frames
  const ClipSpec spec{.width = 32, .height = 24, .frames = 16, .rateNum = 25, .rateDen = 1, .codec = "ffv1",
                      .picture = [&](int index) { return filled(32, 24, grey(index), grey(index), grey(index)); }};
  ASSERT_TRUE(writeTestClip(folder.path("fade.mkv"), spec));
  const ProcessResult result = runShadersortArgs(runVideo(folder.path("fade.mkv"), folder.path("fade.gif")));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::vector<Image> frames = decodeAllFrames(folder.path("fade.gif"));
  ASSERT_EQ(frames.size(), 16u);
  for (int k = 0; k < 16; ++k)
    EXPECT_LE(largestError(frames[k], grey(k), grey(k), grey(k)), kFewColoursTolerance) << "frame " << k;
}

// Frames of more colours than a palette holds go through median cut: each is held to the lossless
// output of the same run within a PSNR bound.
TEST(VideoGif, ManyColouredFramesStayCloseToTheLosslessOutput) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 6, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  for (const char* out : {"out.mkv", "out.gif"}) {
    std::vector<std::string> arguments = runVideo(folder.path("in.mkv"), folder.path(out));
    arguments.push_back("--temporal-seed");
    const ProcessResult result = runShadersortArgs(arguments);
    ASSERT_EQ(result.exitCode, 0) << result.err;
  }
  const std::vector<Image> lossless = decodeAllFrames(folder.path("out.mkv")), gif = decodeAllFrames(folder.path("out.gif"));
  ASSERT_EQ(gif.size(), lossless.size());
  for (std::size_t k = 0; k < gif.size(); ++k) EXPECT_GE(psnr(lossless[k], gif[k]), 35.0) << "frame " << k;
}

// An animated GIF whose delays are 100, 100, 2000, 100, 100 and 100 ms.
const std::vector<int> kDelaysMillis = {100, 100, 2000, 100, 100, 100};
const std::vector<double> kStartSeconds = {0, 0.1, 0.2, 2.2, 2.3, 2.4};

ClipSpec unevenGif() {
  return ClipSpec{.width = 32, .height = 24, .frames = 6, .rateNum = 10, .rateDen = 1, .codec = "gif",
                  .picture = [](int index) { return filled(32, 24, static_cast<std::uint8_t>(40 * index), 0, 0); },
                  .frameMillis = kDelaysMillis};
}

TEST(VideoGif, AGifsOwnDelaysAreKeptInMkvAndMp4) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("uneven.gif"), unevenGif()));
  ASSERT_EQ(gifDelays(folder.path("uneven.gif")), (std::vector<int>{10, 10, 200, 10, 10, 10}));  // the input as meant
  for (const char* out : {"out.mkv", "out.mp4"}) {
    SCOPED_TRACE(out);
    const ProcessResult result = runShadersortArgs(runVideo(folder.path("uneven.gif"), folder.path(out)));
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const ClipProbe probe = probeClip(folder.path(out));
    ASSERT_EQ(probe.frameSeconds.size(), kStartSeconds.size());
    for (std::size_t k = 0; k < kStartSeconds.size(); ++k)
      EXPECT_NEAR(probe.frameSeconds[k], kStartSeconds[k], 0.0005) << "frame " << k;  // Matroska's 1 ms
  }
}

TEST(VideoGif, AGifsOwnDelaysAreKeptInGif) {
  ScratchFolder folder;
  ASSERT_TRUE(writeTestClip(folder.path("uneven.gif"), unevenGif()));
  const ProcessResult result = runShadersortArgs(runVideo(folder.path("uneven.gif"), folder.path("out.gif")));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(gifDelays(folder.path("out.gif")), (std::vector<int>{10, 10, 200, 10, 10, 10}));
}

TEST(VideoGif, A25FpsClipGivesDelaysOf40MsTheLastOneToo) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 5, .rateNum = 25, .rateDen = 1, .codec = "ffv1"};
  ASSERT_TRUE(writeTestClip(folder.path("in.mkv"), spec));
  const ProcessResult result = runShadersortArgs(runVideo(folder.path("in.mkv"), folder.path("out.gif")));
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(gifDelays(folder.path("out.gif")), (std::vector<int>{4, 4, 4, 4, 4}));
}

TEST(VideoGif, AudioIsLeftOutAndTheSummarySaysSo) {
  ScratchFolder folder;
  const ClipSpec spec{.width = 32, .height = 24, .frames = 5, .rateNum = 25, .rateDen = 1, .codec = "mpeg4",
                      .withAudio = true, .audioCodec = "aac"};
  ASSERT_TRUE(writeTestClip(folder.path("clip.mp4"), spec));
  ASSERT_TRUE(probeClip(folder.path("clip.mp4")).hasAudio);
  std::vector<std::string> arguments = runVideo(folder.path("clip.mp4"), folder.path("out.gif"));
  arguments.pop_back();  // not --quiet: the summary line is what is tested
  const ProcessResult result = runShadersortArgs(arguments);
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(result.err.find("audio copied"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("audio left out: GIF holds none"), std::string::npos) << result.err;
  const ClipProbe probe = probeClip(folder.path("out.gif"));
  ASSERT_TRUE(probe.opened);
  EXPECT_FALSE(probe.hasAudio);
  EXPECT_EQ(probe.frames, 5);
}

}  // namespace
}  // namespace shadersort::testing
