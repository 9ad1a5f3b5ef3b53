#include "art/spans.h"

#include <algorithm>
#include <cmath>

namespace shadersort::art {
namespace {

// Streams of seededDraw, so that each use of the seed draws independent numbers.
enum Stream : std::uint64_t { kRandomLengths = 1, kMaxSpanOffset = 2, kSkip = 3 };  // 4: path_map.cpp's vary start

double luminance01(std::uint32_t rgba) {
  return pixelKey(PixelKey::Luminance, rgba) / static_cast<double>(pixelKeyMax(PixelKey::Luminance));
}

// Whether each pixel (by index) may be in a span.
std::vector<bool> insidePixels(const ArtSettings& settings, const SpanSources& sources,
                               const std::vector<std::uint32_t>& keys) {
  const Image& picture = *sources.picture;
  const std::size_t count = picture.pixelCount();
  std::vector<bool> inside(count, true);
  switch (settings.spans) {
    case SpanMode::None:
    case SpanMode::Random:
    case SpanMode::Waves:
    case SpanMode::File: break;
    case SpanMode::Threshold: {
      const double max = pixelKeyMax(spanKeyOf(settings));
      for (std::size_t i = 0; i < count; ++i) {
        const double fraction = keys[i] / max;
        inside[i] = settings.lower <= fraction && fraction <= settings.upper;
      }
      break;
    }
    case SpanMode::Edges:
    case SpanMode::Intervals: {
      const std::vector<std::uint64_t> sobel =
          sobelSquared(settings.spans == SpanMode::Edges ? picture : *sources.intervals);
      const std::uint64_t edge = edgeLimitSquared(settings.lower);
      for (std::size_t i = 0; i < count; ++i) inside[i] = sobel[i] < edge;
      break;
    }
    case SpanMode::Black:
    case SpanMode::White: {
      // ASDF compares the colour as one number; the modes' spans are the runs on the sortable side.
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t rgb = pixelKey(PixelKey::Rgb, picture.pixel(static_cast<int>(i % picture.width),
                                                                         static_cast<int>(i / picture.width)));
        inside[i] = settings.spans == SpanMode::Black ? rgb > kAsdfBlackRgb : rgb < kAsdfWhiteRgb;
      }
      break;
    }
    case SpanMode::Mask:
      for (std::size_t i = 0; i < count; ++i)
        inside[i] = luminance01(sources.mask->pixel(static_cast<int>(i % picture.width), static_cast<int>(i / picture.width))) >= 0.5;
      break;
  }
  if (settings.invert && invertible(settings.spans)) inside.flip();
  // A mask beside another mode narrows its spans: what the mode found, on white only.
  if (sources.mask != nullptr && settings.spans != SpanMode::Mask)
    for (std::size_t i = 0; i < count; ++i)
      if (inside[i])
        inside[i] = luminance01(sources.mask->pixel(static_cast<int>(i % picture.width), static_cast<int>(i / picture.width))) >= 0.5;
  // The radial controls leave pixels out as a mask does.
  if (settings.path.kind == PathKind::Rings || settings.path.kind == PathKind::Spokes) {
    const RadialGeometry geometry = radialGeometry(settings.path, picture.width, picture.height);
    const RadialWindow window = radialWindow(settings, geometry);
    if (window.narrows)
      for (std::size_t i = 0; i < count; ++i) {
        if (!inside[i]) continue;
        const std::int64_t dx = 2 * static_cast<std::int64_t>(i % picture.width) + 1 - geometry.centreX2;
        const std::int64_t dy = 2 * static_cast<std::int64_t>(i / picture.width) + 1 - geometry.centreY2;
        const std::uint32_t ring = ringOf(dx, dy), turns = diamondTurns(dx, dy);
        inside[i] = insideRadialWindow(window, ring, turns, window.rings ? ring : spokeOf(turns, geometry.spokes));
      }
  }
  if (!settings.sortTransparent)
    for (std::size_t i = 0; i < count; ++i)
      if (picture.rgba[i * 4 + 3] == 0) inside[i] = false;
  return inside;
}

}  // namespace

std::uint64_t seededDraw(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
  std::uint64_t z = seed ^ (stream * 0x9E3779B97F4A7C15ull) ^ (index * 0xD1B54A32D192ED69ull);
  for (int round = 0; round < 2; ++round) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
  }
  return z;
}

std::vector<std::uint64_t> sobelSquared(const Image& image) {
  const int w = image.width, h = image.height;
  std::vector<std::int64_t> lum(image.pixelCount());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) lum[static_cast<std::size_t>(y) * w + x] = pixelKey(PixelKey::Luminance, image.pixel(x, y));
  const auto at = [&](int x, int y) {
    x = std::clamp(x, 0, w - 1);
    y = std::clamp(y, 0, h - 1);
    return lum[static_cast<std::size_t>(y) * w + x];
  };
  std::vector<std::uint64_t> squared(image.pixelCount());
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::int64_t gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) -
                              2 * at(x - 1, y) - at(x - 1, y + 1);
      const std::int64_t gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) -
                              2 * at(x, y - 1) - at(x + 1, y - 1);
      squared[static_cast<std::size_t>(y) * w + x] = static_cast<std::uint64_t>(gx * gx + gy * gy);
    }
  return squared;
}

std::uint64_t edgeLimitSquared(double strength) {
  // Strength s is |Sobel| / (4 max sqrt 2): s >= t where |Sobel|^2 >= 32 max^2 t^2.
  const double max = pixelKeyMax(PixelKey::Luminance);
  const double limit = std::ceil(32.0 * max * max * strength * strength);
  return limit >= 18446744073709551615.0 ? ~0ull : static_cast<std::uint64_t>(limit);
}

std::vector<Span> findSpans(const ArtSettings& settings, const PathMap& map, const SpanSources& sources,
                            const std::vector<std::uint32_t>& keys) {
  const std::vector<bool> inside = insidePixels(settings, sources, keys);
  std::vector<Span> spans;
  std::uint64_t lineId = 0;
  std::uint32_t lineBegin = 0;
  // A span's skip is drawn by its line and where it starts on the line, not by its number in the
  // picture: a span that stays put from one video frame to the next keeps its draw, whatever
  // changed on other lines.
  const auto close = [&](std::uint32_t start, std::uint32_t end) {
    if (end - start < 2) return;
    if (settings.skipPercent > 0 &&
        static_cast<double>(seededDraw(settings.seed, kSkip, lineId << 32 | (start - lineBegin)) % 1000000) <
            settings.skipPercent * 10000.0)
      return;
    spans.push_back({start, end - start});
  };
  // Random and waves: lengths drawn uniformly from shortest to longest.
  const auto [shortest, longest] = drawnLengths(settings);
  // File: a black pixel of the interval image (luminance under half) that follows a non-black one
  // along the line starts a span; the rest of a black run sorts with it.
  const auto black = [&](std::uint32_t at) {
    const Image& image = *sources.intervals;
    const std::uint32_t pixel = map.pixels[at];
    return luminance01(image.pixel(static_cast<int>(pixel % image.width), static_cast<int>(pixel / image.width))) < 0.5;
  };
  for (std::uint32_t line = 0; line < map.lineCount(); ++line) {
    const std::uint32_t begin = map.lineStarts[line], end = map.lineStarts[line + 1];
    lineId = map.lineIds[line];
    lineBegin = begin;
    // The cap's cuts sit at positions offset + k * maxSpan, the offset drawn per line, so that
    // neighbouring lines do not break at the same place (the "barcode" look).
    const std::uint32_t capOffset =
        settings.maxSpan > 0 ? static_cast<std::uint32_t>(seededDraw(settings.seed, kMaxSpanOffset, lineId) % settings.maxSpan) : 0;
    std::uint32_t nextRandomBreak = begin;
    std::uint64_t randomDraws = 0;
    std::uint32_t spanStart = begin;
    bool open = false;
    for (std::uint32_t at = begin; at < end; ++at) {
      const std::uint32_t position = at - begin;
      bool breakHere = false;
      if (settings.spans == SpanMode::File && black(at) && (position == 0 || !black(at - 1))) breakHere = true;
      if (drawsSpanLengths(settings.spans) && at == nextRandomBreak) {
        const std::uint64_t draw = seededDraw(settings.seed, kRandomLengths, lineId << 32 | randomDraws++);
        nextRandomBreak = at + shortest + static_cast<std::uint32_t>(draw % (longest - shortest + 1));
        breakHere = true;
      }
      if (settings.maxSpan > 0 && position % settings.maxSpan == capOffset) breakHere = true;
      const bool in = inside[map.pixels[at]];
      if (open && (!in || breakHere)) {
        close(spanStart, at);
        open = false;
      }
      if (in && !open) {
        spanStart = at;
        open = true;
      }
    }
    if (open) close(spanStart, end);
  }
  return spans;
}

}  // namespace shadersort::art
