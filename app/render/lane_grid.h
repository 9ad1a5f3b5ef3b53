#pragma once
// Where each lane of a race goes: a grid of equal cells chosen for the area's shape. A pure
// function of sizes (no GL, no ImGui), so the layout can be tested on its own.

#include <cstddef>
#include <vector>

namespace shadersort::render {

// Whole pixels, so equal cells stay equal after rounding.
struct LaneRect {
  int x = 0, y = 0, width = 0, height = 0;
  friend bool operator==(const LaneRect&, const LaneRect&) = default;
};

struct LaneGrid {
  int rows = 1, columns = 1;
  std::vector<LaneRect> cells;  // row by row, left to right; `count` of them
};

// `count` lanes in `area`, `gap` pixels apart. Each lane shows a `header` pixels tall band above
// a picture of width / height `pictureAspect`; the grid chosen (rows x columns) gives the picture
// the largest size it can have when fitted to what is left of its cell. Every cell has the same
// size and cells of a row (column) share their top (left); unused cells of the last row stay empty.
LaneGrid laneGrid(std::size_t count, const LaneRect& area, int gap, int header, double pictureAspect);

}  // namespace shadersort::render
