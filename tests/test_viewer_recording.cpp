// The recording unit's pure part (ui/viewer_recording.h): the lanes cut out of a frame, padded
// when the window grew smaller than the recording. No GL.

#include <gtest/gtest.h>

#include "ui/viewer_recording.h"

namespace shadersort::testing {
namespace {

TEST(ViewerRecordingFrame, TheLanesAreCutOutAndPaddedWithTheBackground) {
  Image frame(6, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x) frame.setPixel(x, y, static_cast<std::uint32_t>(10 * y + x));
  // Lanes from (2, 1) to (5, 3); recorded 4 x 3: the last column and row are past them.
  const Image lanes = ui::lanesOfFrame(frame, 2, 1, 5, 3, 4, 3);
  ASSERT_EQ(lanes.width, 4);
  ASSERT_EQ(lanes.height, 3);
  const std::uint32_t background = frame.pixel(5, 3);
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) {
      const bool inside = x < 3 && y < 2;
      EXPECT_EQ(lanes.pixel(x, y), inside ? frame.pixel(2 + x, 1 + y) : background) << x << "," << y;
    }
  // Lanes reaching past a frame that shrank are cut at its edge.
  const Image shrunk = ui::lanesOfFrame(frame, 4, 2, 9, 9, 3, 3);
  EXPECT_EQ(shrunk.pixel(1, 1), frame.pixel(5, 3));
  EXPECT_EQ(shrunk.pixel(2, 0), background);
}

}  // namespace
}  // namespace shadersort::testing
