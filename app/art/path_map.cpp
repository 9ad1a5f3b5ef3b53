#include "art/path_map.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <utility>

#include "art/spans.h"

namespace shadersort::art {
namespace {

// Lines given by a line number per pixel (0 .. lineCount - 1, some possibly empty) and a visiting
// order of the pixels that is the order along every line: counting sort, empty lines dropped.
PathMap fromLineNumbers(int width, int height, const std::vector<std::uint32_t>& lineOf, std::uint32_t lineCount,
                        const std::vector<std::uint32_t>& visitOrder) {
  std::vector<std::uint32_t> counts(lineCount, 0);
  for (std::uint32_t line : lineOf) ++counts[line];
  PathMap map;
  map.width = width;
  map.height = height;
  std::vector<std::uint32_t> cursor(lineCount, 0);
  std::uint32_t offset = 0;
  map.lineStarts.push_back(0);
  for (std::uint32_t line = 0; line < lineCount; ++line) {
    cursor[line] = offset;
    offset += counts[line];
    if (counts[line] == 0) continue;
    map.lineStarts.push_back(offset);
    map.lineIds.push_back(line);
  }
  map.pixels.resize(lineOf.size());
  for (std::uint32_t pixel : visitOrder) map.pixels[cursor[lineOf[pixel]]++] = pixel;
  return map;
}

double normalisedDegrees(double degrees) {
  double angle = std::fmod(degrees, 360.0);
  if (angle < 0) angle += 360.0;
  return angle;
}

PathMap angleMap(double degrees, int width, int height) {
  const AngleLines lines = angleLines(degrees, width, height);
  const std::size_t pixelCount = static_cast<std::size_t>(width) * height;
  std::vector<std::uint32_t> lineOf(pixelCount), visitOrder;
  visitOrder.reserve(pixelCount);
  for (int step = 0; step < lines.majorSize; ++step) {
    const int m = lines.forward ? step : lines.majorSize - 1 - step;
    for (int n = 0; n < lines.minorSize; ++n) {
      const int x = lines.horizontal ? m : n, y = lines.horizontal ? n : m;
      const auto pixel = static_cast<std::uint32_t>(static_cast<std::size_t>(y) * width + x);
      lineOf[pixel] = static_cast<std::uint32_t>(n - lines.shift[m] - lines.firstLine);
      visitOrder.push_back(pixel);
    }
  }
  return fromLineNumbers(width, height, lineOf, lines.lineCount, visitOrder);
}

PathMap radialMap(const PathSpec& path, int width, int height, const RadialWindow& window) {
  const RadialGeometry geometry = radialGeometry(path, width, height);
  const bool rings = path.kind == PathKind::Rings;
  const std::size_t pixelCount = static_cast<std::size_t>(width) * height;
  std::vector<std::uint32_t> lineOf(pixelCount), along(pixelCount);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const std::int64_t dx = 2 * x + 1 - geometry.centreX2, dy = 2 * y + 1 - geometry.centreY2;
      const std::size_t pixel = static_cast<std::size_t>(y) * width + x;
      const std::uint32_t turns = diamondTurns(dx, dy);
      lineOf[pixel] = rings ? ringOf(dx, dy) : spokeOf(turns, geometry.spokes);
      // Along a ring: clockwise from the ring's start (the difference wraps modulo a turn).
      along[pixel] = rings ? turns - ringStartTurns(window, lineOf[pixel]) : static_cast<std::uint32_t>(dx * dx + dy * dy);
    }
  std::vector<std::uint32_t> visitOrder(pixelCount);
  std::iota(visitOrder.begin(), visitOrder.end(), 0u);
  std::stable_sort(visitOrder.begin(), visitOrder.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return along[a] < along[b]; });
  return fromLineNumbers(width, height, lineOf, geometry.lineCount, visitOrder);
}

}  // namespace

AngleLines angleLines(double degrees, int width, int height) {
  const double angle = normalisedDegrees(degrees);
  const double radians = angle * std::numbers::pi / 180.0;
  AngleLines lines;
  // Which axis the lines advance along one pixel at a time; 45 degrees exactly goes horizontal.
  lines.horizontal = angle <= 45.0 || (angle >= 135.0 && angle <= 225.0) || angle >= 315.0;
  lines.majorSize = lines.horizontal ? width : height;
  lines.minorSize = lines.horizontal ? height : width;
  const double slope = lines.horizontal ? std::tan(radians) : std::cos(radians) / std::sin(radians);
  lines.forward = lines.horizontal ? std::cos(radians) > 0 : std::sin(radians) > 0;
  // shift(major) = round(major * slope), |slope| <= 1, so neighbouring pixels of a line touch.
  lines.shift.resize(static_cast<std::size_t>(lines.majorSize));
  std::int32_t lowest = 0, highest = 0;
  for (int m = 0; m < lines.majorSize; ++m) {
    lines.shift[m] = static_cast<std::int32_t>(std::floor(m * slope + 0.5));
    lowest = std::min(lowest, lines.shift[m]);
    highest = std::max(highest, lines.shift[m]);
  }
  // Line k holds minor - shift(major) = k, for k from -highest to minorSize - 1 - lowest.
  lines.firstLine = -highest;
  lines.lineCount = static_cast<std::uint32_t>(lines.minorSize - 1 - lowest - lines.firstLine + 1);
  return lines;
}

std::uint32_t diamondTurns(std::int64_t dx, std::int64_t dy) {
  if (dx == 0 && dy == 0) return 0;
  const std::uint64_t sum = static_cast<std::uint64_t>(std::llabs(dx) + std::llabs(dy));
  std::uint64_t quadrant = 0, part = 0;
  if (dx > 0 && dy >= 0) quadrant = 0, part = static_cast<std::uint64_t>(dy);
  else if (dx <= 0 && dy > 0) quadrant = 1, part = static_cast<std::uint64_t>(-dx);
  else if (dx < 0 && dy <= 0) quadrant = 2, part = static_cast<std::uint64_t>(-dy);
  else quadrant = 3, part = static_cast<std::uint64_t>(dx);
  return static_cast<std::uint32_t>(quadrant << 30 | (part << 30) / sum);
}

std::uint32_t ringOf(std::int64_t dx2, std::int64_t dy2) {
  const auto squared = static_cast<std::uint64_t>(dx2 * dx2 + dy2 * dy2);
  auto root = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(squared)));
  while (root * root > squared) --root;
  while ((root + 1) * (root + 1) <= squared) ++root;
  return static_cast<std::uint32_t>(root / 2);  // half pixels to whole pixels
}

std::uint32_t spokeOf(std::uint32_t turns, std::uint32_t spokes) {
  // round(turns * spokes / 2^32), the last ray's far half joining ray 0.
  return static_cast<std::uint32_t>(((std::uint64_t{turns} * spokes + (1ull << 31)) >> 32) % spokes);
}

RadialGeometry radialGeometry(const PathSpec& path, int width, int height) {
  RadialGeometry geometry;
  geometry.centreX2 = static_cast<std::int32_t>(std::lround(2.0 * path.centreX * width));
  geometry.centreY2 = static_cast<std::int32_t>(std::lround(2.0 * path.centreY * height));
  // The farthest pixel centre is in a corner.
  std::uint32_t farthestRing = 0;
  double farthest = 0;
  for (const auto& [x, y] : {std::pair{0, 0}, {width - 1, 0}, {0, height - 1}, {width - 1, height - 1}}) {
    const std::int64_t dx = 2 * x + 1 - geometry.centreX2, dy = 2 * y + 1 - geometry.centreY2;
    farthestRing = std::max(farthestRing, ringOf(dx, dy));
    farthest = std::max(farthest, std::sqrt(static_cast<double>(dx * dx + dy * dy)) / 2.0);
  }
  geometry.spokes = static_cast<std::uint32_t>(std::max(8.0, std::ceil(2.0 * std::numbers::pi * farthest)));
  geometry.farthestRing = farthestRing;
  geometry.lineCount = path.kind == PathKind::Rings ? farthestRing + 1 : geometry.spokes;
  return geometry;
}

namespace {

// Degrees clockwise from +x as a diamond angle, through a direction of integer coordinates.
std::uint32_t turnsOfDegrees(double degrees) {
  const double radians = normalisedDegrees(degrees) * std::numbers::pi / 180.0;
  constexpr double kScale = 1 << 24;
  return diamondTurns(std::llround(std::cos(radians) * kScale), std::llround(std::sin(radians) * kScale));
}

// A share from 0 to 1 in 2^-32 units, the largest being 2^32 - 1.
std::uint32_t shareUnits(double share) {
  return static_cast<std::uint32_t>(std::llround(std::clamp(share, 0.0, 1.0) * 4294967295.0));
}

// Its draw (stream 4 of the seed, by line) scaled to [0, units * scale / 2^32): the upper words of
// two products, as the GPU takes them.
std::uint32_t scaledDraw(const RadialWindow& window, std::uint32_t line, std::uint32_t scale) {
  const auto draw = static_cast<std::uint32_t>(seededDraw(window.seed, 4, line));
  const auto share = static_cast<std::uint32_t>((std::uint64_t{draw} * window.varyUnits) >> 32);
  return static_cast<std::uint32_t>((std::uint64_t{share} * scale) >> 32);
}

}  // namespace

RadialWindow radialWindow(const ArtSettings& settings, const RadialGeometry& geometry) {
  RadialWindow window;
  const RadialControls& radial = settings.radial;
  const PathKind kind = settings.path.kind;
  if (kind != PathKind::Rings && kind != PathKind::Spokes) return window;
  window.rings = kind == PathKind::Rings;
  window.startTurns = turnsOfDegrees(radial.startDegrees);
  window.wholeTurn = radial.degreesSorted >= 360.0;
  if (!window.wholeTurn)
    window.arcTurns = radial.degreesSorted <= 0.0 ? 0u : turnsOfDegrees(radial.startDegrees + radial.degreesSorted) - window.startTurns;
  window.innerRadius = radial.innerRadius;
  window.reach = window.rings ? radial.thickness : radial.rayLength;
  window.varyUnits = shareUnits(radial.varyStart);
  // Rings: a share of the turn (2^32); spokes: of the ray length or the farthest ring.
  window.varyPixels = window.rings ? 0u : (radial.rayLength > 0 ? radial.rayLength : geometry.farthestRing);
  window.seed = settings.seed;
  window.narrows = !window.wholeTurn || window.innerRadius > 0 || window.reach > 0 || (!window.rings && window.varyUnits > 0);
  return window;
}

std::uint32_t ringStartTurns(const RadialWindow& window, std::uint32_t ring) {
  if (!window.rings || window.varyUnits == 0) return window.startTurns;
  const auto draw = static_cast<std::uint32_t>(seededDraw(window.seed, 4, ring));
  return window.startTurns + static_cast<std::uint32_t>((std::uint64_t{draw} * window.varyUnits) >> 32);
}

bool insideRadialWindow(const RadialWindow& window, std::uint32_t ring, std::uint32_t turns, std::uint32_t line) {
  const std::uint32_t start = window.rings ? ringStartTurns(window, line) : window.startTurns;
  if (!window.wholeTurn && turns - start >= window.arcTurns) return false;
  std::uint32_t inner = window.innerRadius;
  if (!window.rings && window.varyUnits > 0) inner += scaledDraw(window, line, window.varyPixels);
  if (ring < inner) return false;
  return window.reach == 0 || ring - inner < window.reach;
}

PathMap buildPathMap(const PathSpec& path, int width, int height, const RadialWindow& window) {
  switch (path.kind) {
    case PathKind::Rows: return angleMap(0.0, width, height);
    case PathKind::Columns: return angleMap(90.0, width, height);
    case PathKind::Angle: return angleMap(path.angleDegrees, width, height);
    case PathKind::Rings:
    case PathKind::Spokes: return radialMap(path, width, height, window);
  }
  return {};
}

}  // namespace shadersort::art
