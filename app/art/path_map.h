#pragma once
// Paths: every pixel of a W x H image belongs to exactly one line and has exactly one position on
// it. Nothing is resampled, dropped or duplicated, at any angle and any size; lines have
// different lengths. The CPU builds the map; the art pipeline sorts along it.

#include <cstdint>
#include <vector>

#include "art/art_settings.h"

namespace shadersort::art {

struct PathMap {
  int width = 0, height = 0;
  // Pixel indices (y * width + x), line after line, each line in order along the path.
  std::vector<std::uint32_t> pixels;
  // lineStarts[i] .. lineStarts[i + 1] is line i in `pixels`; lineCount() + 1 entries.
  std::vector<std::uint32_t> lineStarts;
  std::uint32_t lineCount() const { return lineStarts.empty() ? 0u : static_cast<std::uint32_t>(lineStarts.size() - 1); }
};

// angle:DEG: digital lines. Within 45 degrees of horizontal, column x is shifted by
// round(x * tan(angle)) and line k holds the pixels with y - shift(x) = k, one per column, in x
// order along the direction (so a line is 8-connected); nearer vertical, the same with x and y
// swapped. rings: pixels by whole distance from the centre, each ring in clockwise order from +x.
// spokes: pixels by nearest of 2 pi R rays (R, the farthest corner's distance), outwards.
PathMap buildPathMap(const PathSpec& path, int width, int height);

}  // namespace shadersort::art
