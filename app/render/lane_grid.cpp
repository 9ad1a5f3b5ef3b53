#include "render/lane_grid.h"

#include <algorithm>

namespace shadersort::render {

LaneGrid laneGrid(std::size_t count, const LaneRect& area, int gap, int header, double pictureAspect) {
  LaneGrid grid;
  if (count == 0) return grid;
  const int lanes = static_cast<int>(count);
  const double aspect = pictureAspect > 0.0 ? pictureAspect : 1.0;
  double bestScale = -1.0;
  int bestWidth = 0, bestHeight = 0;
  // Ties keep the grid with more columns: side by side reads as a race.
  for (int columns = lanes; columns >= 1; --columns) {
    const int rows = (lanes + columns - 1) / columns;
    const int width = std::max(1, (area.width - (columns - 1) * gap) / columns);
    const int height = std::max(1, (area.height - (rows - 1) * gap) / rows);
    // The picture's height when fitted to the cell below its header (its width follows).
    const double scale = std::min(width / aspect, static_cast<double>(std::max(0, height - header)));
    if (scale > bestScale) {
      bestScale = scale;
      grid.rows = rows;
      grid.columns = columns;
      bestWidth = width;
      bestHeight = height;
    }
  }
  for (int i = 0; i < lanes; ++i) {
    const int row = i / grid.columns, column = i % grid.columns;
    grid.cells.push_back({area.x + column * (bestWidth + gap), area.y + row * (bestHeight + gap), bestWidth, bestHeight});
  }
  return grid;
}

}  // namespace shadersort::render
