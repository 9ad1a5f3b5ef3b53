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
  // Each line's number before empty lines were dropped: what seeded draws per line use, so that
  // the GPU, which keeps empty lines, draws the same numbers.
  std::vector<std::uint32_t> lineIds;
  std::uint32_t lineCount() const { return lineStarts.empty() ? 0u : static_cast<std::uint32_t>(lineStarts.size() - 1); }
};

// angle:DEG: digital lines. Within 45 degrees of horizontal, column x is shifted by
// round(x * tan(angle)) and line k holds the pixels with y - shift(x) = k, one per column, in x
// order along the direction (so a line is 8-connected); nearer vertical, the same with x and y
// swapped.
struct AngleLines {
  bool horizontal = true;  // lines advance along x
  bool forward = true;     // along +x (or +y)
  int majorSize = 0, minorSize = 0;
  std::vector<std::int32_t> shift;  // by major coordinate
  std::int32_t firstLine = 0;       // line number of minor - shift = firstLine is 0
  std::uint32_t lineCount = 0;
};
AngleLines angleLines(double degrees, int width, int height);

// rings and spokes in exact integer geometry, so that the GPU builds the same map: coordinates in
// half pixels about the centre rounded to the nearest half pixel, a pixel's ring is its whole
// distance, and angles are compared by diamond angle (monotone in the true angle, clockwise on the
// screen from +x), quantised to 2^-32 of a turn. Spokes: the nearest of `spokes` rays, spaced
// evenly in diamond angle, about one per pixel of the outermost ring. Along a ring: clockwise;
// along a spoke: outwards; ties by pixel index.
struct RadialGeometry {
  std::int32_t centreX2 = 0, centreY2 = 0;  // the centre in half pixels
  std::uint32_t lineCount = 0;              // rings up to the farthest pixel, or rays
  std::uint32_t spokes = 0;
  std::uint32_t farthestRing = 0;
};
RadialGeometry radialGeometry(const PathSpec& path, int width, int height);
// Clockwise diamond angle of (dx, dy) (y down) in 2^-32 turns: quadrant << 30 | floor(2^30 * part).
std::uint32_t diamondTurns(std::int64_t dx, std::int64_t dy);
std::uint32_t ringOf(std::int64_t dx2, std::int64_t dy2);
std::uint32_t spokeOf(std::uint32_t turns, std::uint32_t spokes);

// The radial controls (ArtSettings::radial) in the integers that the CPU and the GPU share.
struct RadialWindow {
  bool rings = false;
  std::uint32_t startTurns = 0;  // the start angle as a diamond angle
  bool wholeTurn = true;         // every angle is sorted; else those within arcTurns of the start
  std::uint32_t arcTurns = 0;
  std::uint32_t innerRadius = 0;
  std::uint32_t reach = 0;       // rings: thickness; spokes: ray length (0: no limit)
  std::uint32_t varyUnits = 0;   // vary start in 2^-32 of its whole
  std::uint32_t varyPixels = 0;  // spokes: the most pixels a ray's start moves out
  std::uint64_t seed = 0;
  // Some pixel may be left out (else insideRadialWindow holds everywhere).
  bool narrows = false;
};
RadialWindow radialWindow(const ArtSettings& settings, const RadialGeometry& geometry);
// Where ring `ring` starts, as a diamond angle: the start angle moved by the ring's draw.
std::uint32_t ringStartTurns(const RadialWindow& window, std::uint32_t ring);
// Whether a pixel at whole distance `ring` and diamond angle `turns` on line `line` (its ring or
// ray) is sorted.
bool insideRadialWindow(const RadialWindow& window, std::uint32_t ring, std::uint32_t turns, std::uint32_t line);

// Rings start at `window`'s ring starts (angle paths ignore it).
PathMap buildPathMap(const PathSpec& path, int width, int height, const RadialWindow& window = {});

}  // namespace shadersort::art
