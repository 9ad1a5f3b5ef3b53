#include "art/path_map.h"

#include <algorithm>
#include <cmath>
#include <numbers>

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
    if (counts[line] > 0) map.lineStarts.push_back(offset);
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
  const double angle = normalisedDegrees(degrees);
  const double radians = angle * std::numbers::pi / 180.0;
  // Which axis the lines advance along one pixel at a time; 45 degrees exactly goes horizontal.
  const bool horizontal = angle <= 45.0 || (angle >= 135.0 && angle <= 225.0) || angle >= 315.0;
  // major: the coordinate a line advances along; minor: the one it drifts in.
  const int majorSize = horizontal ? width : height;
  const int minorSize = horizontal ? height : width;
  const double slope = horizontal ? std::tan(radians) : std::cos(radians) / std::sin(radians);
  const bool forward = horizontal ? std::cos(radians) > 0 : std::sin(radians) > 0;
  // shift(major) = round(major * slope), |slope| <= 1, so neighbouring pixels of a line touch.
  std::vector<std::int64_t> shift(static_cast<std::size_t>(majorSize));
  std::int64_t lowest = 0, highest = 0;
  for (int m = 0; m < majorSize; ++m) {
    shift[m] = static_cast<std::int64_t>(std::floor(m * slope + 0.5));
    lowest = std::min(lowest, shift[m]);
    highest = std::max(highest, shift[m]);
  }
  // Line k holds minor - shift(major) = k, for k from -highest to minorSize - 1 - lowest.
  const std::int64_t firstLine = -highest;
  const auto lineCount = static_cast<std::uint32_t>(minorSize - 1 - lowest - firstLine + 1);
  const std::size_t pixelCount = static_cast<std::size_t>(width) * height;
  std::vector<std::uint32_t> lineOf(pixelCount), visitOrder;
  visitOrder.reserve(pixelCount);
  for (int step = 0; step < majorSize; ++step) {
    const int m = forward ? step : majorSize - 1 - step;
    for (int n = 0; n < minorSize; ++n) {
      const int x = horizontal ? m : n, y = horizontal ? n : m;
      const auto pixel = static_cast<std::uint32_t>(static_cast<std::size_t>(y) * width + x);
      lineOf[pixel] = static_cast<std::uint32_t>(n - shift[m] - firstLine);
      visitOrder.push_back(pixel);
    }
  }
  return fromLineNumbers(width, height, lineOf, lineCount, visitOrder);
}

// Polar coordinates of pixel centres about the centre (fractions of the size): distance and the
// clockwise angle from +x in [0, 1) turns.
struct Polar {
  double distance, turns;
};

Polar polarOf(int x, int y, double centreX, double centreY) {
  const double dx = x + 0.5 - centreX, dy = y + 0.5 - centreY;
  double turns = std::atan2(dy, dx) / (2.0 * std::numbers::pi);
  if (turns < 0) turns += 1.0;
  if (turns >= 1.0) turns = 0.0;
  return {std::hypot(dx, dy), turns};
}

PathMap radialMap(const PathSpec& path, int width, int height) {
  const double centreX = path.centreX * width, centreY = path.centreY * height;
  const std::size_t pixelCount = static_cast<std::size_t>(width) * height;
  std::vector<Polar> polar(pixelCount);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) polar[static_cast<std::size_t>(y) * width + x] = polarOf(x, y, centreX, centreY);
  double farthest = 0;
  for (const Polar& p : polar) farthest = std::max(farthest, p.distance);

  const bool rings = path.kind == PathKind::Rings;
  // Spokes: about one ray per pixel of the outermost ring, so rays stay one pixel wide there.
  const auto spokes = static_cast<std::uint32_t>(std::max(8.0, std::ceil(2.0 * std::numbers::pi * farthest)));
  std::vector<std::uint32_t> lineOf(pixelCount);
  std::uint32_t lineCount = 0;
  for (std::size_t i = 0; i < pixelCount; ++i) {
    const std::uint32_t line = rings ? static_cast<std::uint32_t>(polar[i].distance)
                                     : static_cast<std::uint32_t>(std::floor(polar[i].turns * spokes + 0.5)) % spokes;
    lineOf[i] = line;
    lineCount = std::max(lineCount, line + 1);
  }
  // Along a ring: clockwise; along a spoke: outwards. Ties (same angle or distance) by pixel index.
  std::vector<std::uint32_t> visitOrder(pixelCount);
  for (std::size_t i = 0; i < pixelCount; ++i) visitOrder[i] = static_cast<std::uint32_t>(i);
  std::sort(visitOrder.begin(), visitOrder.end(), [&](std::uint32_t a, std::uint32_t b) {
    const double first = rings ? polar[a].turns : polar[a].distance;
    const double second = rings ? polar[b].turns : polar[b].distance;
    return first != second ? first < second : a < b;
  });
  return fromLineNumbers(width, height, lineOf, lineCount, visitOrder);
}

}  // namespace

PathMap buildPathMap(const PathSpec& path, int width, int height) {
  switch (path.kind) {
    case PathKind::Rows: return angleMap(0.0, width, height);
    case PathKind::Columns: return angleMap(90.0, width, height);
    case PathKind::Angle: return angleMap(path.angleDegrees, width, height);
    case PathKind::Rings:
    case PathKind::Spokes: return radialMap(path, width, height);
  }
  return {};
}

}  // namespace shadersort::art
