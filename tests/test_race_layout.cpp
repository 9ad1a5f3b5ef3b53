// Regression (issue 26): a race's lanes shared the width in one row, the last lane wider (no gap
// after it), so its picture came out larger (221 against 209 px) and higher than the others'.
// Lanes now take equal cells of the grid that shows their pictures largest.

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>

#include "cli_support.h"
#include "render/lane_grid.h"

namespace shadersort::testing {
namespace {

using render::LaneGrid;
using render::LaneRect;
using render::laneGrid;

// The viewer's lane area in a 1280x800 window: right of the 360 px panel, 12 px margins; a race's
// header is two text lines.
constexpr LaneRect kArea1280x800{384, 12, 884, 776};
constexpr int kGap = 12, kHeader = 34;

void expectEqualAlignedCells(const LaneGrid& grid, const LaneRect& area, std::size_t count) {
  ASSERT_EQ(grid.cells.size(), count);
  for (std::size_t i = 0; i < count; ++i) {
    const LaneRect& cell = grid.cells[i];
    EXPECT_EQ(cell.width, grid.cells[0].width) << i;
    EXPECT_EQ(cell.height, grid.cells[0].height) << i;
    const int row = static_cast<int>(i) / grid.columns, column = static_cast<int>(i) % grid.columns;
    // Same row, same top; same column, same left; cells apart by the gap.
    EXPECT_EQ(cell.y, area.y + row * (cell.height + kGap)) << i;
    EXPECT_EQ(cell.x, area.x + column * (cell.width + kGap)) << i;
    EXPECT_LE(cell.x + cell.width, area.x + area.width) << i;
    EXPECT_LE(cell.y + cell.height, area.y + area.height) << i;
  }
}

TEST(RaceLayout, FourLanesIn1280x800GetATwoByTwoGridOfEqualAlignedCells) {
  const LaneGrid grid = laneGrid(4, kArea1280x800, kGap, kHeader, 1.0);
  EXPECT_EQ(grid.rows, 2);
  EXPECT_EQ(grid.columns, 2);
  expectEqualAlignedCells(grid, kArea1280x800, 4);
  // Twice the picture side of one row of four (212 px wide cells).
  EXPECT_GE(std::min(grid.cells[0].width, grid.cells[0].height - kHeader), 340);
}

TEST(RaceLayout, TheGridFollowsTheAreasShapeAndThePicturesAspect) {
  const LaneRect wide{0, 0, 2000, 300}, tall{0, 0, 300, 2000};
  for (std::size_t count = 1; count <= 4; ++count) {
    for (const LaneRect& area : {kArea1280x800, wide, tall}) {
      const LaneGrid grid = laneGrid(count, area, kGap, kHeader, 1.0);
      expectEqualAlignedCells(grid, area, count);
      EXPECT_GE(grid.rows * grid.columns, static_cast<int>(count));
    }
  }
  EXPECT_EQ(laneGrid(4, wide, kGap, kHeader, 1.0).rows, 1);
  EXPECT_EQ(laneGrid(4, tall, kGap, kHeader, 1.0).columns, 1);
  EXPECT_EQ(laneGrid(2, kArea1280x800, kGap, kHeader, 1.0).columns, 2);
  // Very wide pictures stack: four 8:1 strips are largest one above the other.
  EXPECT_EQ(laneGrid(4, kArea1280x800, kGap, kHeader, 8.0).columns, 1);
}

// The viewer itself: --stats tells where each lane's picture is.
TEST(RaceLayout, FourRacingLanesShowPicturesOfOneSizeOnATwoByTwoGrid) {
  const auto result = runShadersort("view --offscreen --window-size 1280x800 --paused --frames 2 --stats --pattern random "
                                    "--size 16x16 --race radix,bitonic,odd-even,frag-odd-even",
                                    "DISPLAY=");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  const std::regex line(R"(picture at (-?\d+),(-?\d+) size (\d+)x(\d+))");
  std::set<int> lefts, tops, widths, heights;
  int pictures = 0;
  for (auto it = std::sregex_iterator(result.out.begin(), result.out.end(), line); it != std::sregex_iterator(); ++it) {
    lefts.insert(std::stoi((*it)[1]));
    tops.insert(std::stoi((*it)[2]));
    widths.insert(std::stoi((*it)[3]));
    heights.insert(std::stoi((*it)[4]));
    ++pictures;
  }
  ASSERT_EQ(pictures, 4) << result.out;
  EXPECT_EQ(widths.size(), 1u) << result.out;
  EXPECT_EQ(heights.size(), 1u) << result.out;
  EXPECT_EQ(lefts.size(), 2u) << result.out;
  EXPECT_EQ(tops.size(), 2u) << result.out;
}

}  // namespace
}  // namespace shadersort::testing
