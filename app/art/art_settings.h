#pragma once
// What an artist sets for a pixel-sort: the paths the pixels are sorted along, how the paths are
// cut into spans, the key, and the modifiers. Thresholds are fractions of the key's full range,
// the convention of the CPU pixel sorters (a pixel is inside when lower <= key / max <= upper).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/pixel_keys.h"

namespace shadersort::art {

// rows, columns, angle:DEG, rings[:CX,CY], spokes[:CX,CY]. Angles are in degrees clockwise on the
// screen from the +x axis (y points down), so angle:0 is rows and angle:90 is columns; centres are
// fractions of the width and the height (0.5,0.5 is the middle).
enum class PathKind { Rows, Columns, Angle, Rings, Spokes };

struct PathSpec {
  PathKind kind = PathKind::Columns;
  double angleDegrees = 0.0;
  double centreX = 0.5, centreY = 0.5;
  bool operator==(const PathSpec&) const = default;
};

// waves and file are pixelsort's intervals of those names (README: Pixel-sort art).
// black and white are ASDFPixelSort's modes 0 and 2.
enum class SpanMode { None, Threshold, Edges, Random, Mask, Intervals, Waves, File, Black, White };

// ASDFPixelSort's black and white values (-16000000 and -13000000 as Processing colour ints with
// alpha 255) as R << 16 | G << 8 | B: black mode sorts the runs of pixels above the first, white
// mode the runs below the second.
constexpr std::uint32_t kAsdfBlackRgb = 16777216u - 16000000u, kAsdfWhiteRgb = 16777216u - 13000000u;

// Modes that cut every line into drawn lengths (every pixel inside): random and waves.
inline bool drawsSpanLengths(SpanMode mode) { return mode == SpanMode::Random || mode == SpanMode::Waves; }
// Modes with an inside set that --invert flips.
inline bool invertible(SpanMode mode) {
  return mode == SpanMode::Threshold || mode == SpanMode::Edges || mode == SpanMode::Mask || mode == SpanMode::Intervals ||
         mode == SpanMode::Black || mode == SpanMode::White;
}
// Modes that read the interval image (--intervals): its edges (intervals), its black pixels (file).
inline bool readsIntervalImage(SpanMode mode) { return mode == SpanMode::Intervals || mode == SpanMode::File; }

// Sapphire S_PixelSort's controls of its radial (our spokes) and circular (rings) patterns, in
// degrees clockwise from +x and in pixels from the centre. Pixels outside what they select are
// boundaries, as outside a mask: they never move.
struct RadialControls {
  double startDegrees = 0.0;     // rings: where each ring's line starts; both: the sorted arc's start
  double degreesSorted = 360.0;  // the arc sorted, clockwise from the start (0 to 360)
  std::uint32_t innerRadius = 0; // pixels nearer the centre than this stay
  std::uint32_t rayLength = 0;   // spokes: pixels sorted along each ray from its start (0: to the edge)
  std::uint32_t thickness = 0;   // rings: how many rings are sorted from the inner radius (0: all)
  // 0 to 1. Rings: each ring's start moves clockwise by a seeded draw of up to this share of a
  // turn (Sapphire's vary start); spokes: each ray's start moves out by up to this share of the ray
  // length (of the farthest ring without one: Sapphire's vary radius).
  double varyStart = 0.0;
  bool operator==(const RadialControls&) const = default;
};

struct ArtSettings {
  PathSpec path;
  RadialControls radial;  // rings and spokes only
  // A second pass over the first one's result along this path (rows, columns or angle:DEG), with
  // every other setting the same: ASDFPixelSort sorts its columns, then its rows.
  std::optional<PathSpec> then;
  SpanMode spans = SpanMode::None;
  PixelKey key = PixelKey::Luminance;  // what sorts the spans
  // What cuts them (the threshold's key); unset: the sort key. pixelsort's and HitFilm's split of
  // "grouping" and "sort order" keys.
  std::optional<PixelKey> spanKey;
  bool descending = false;
  // threshold: the band of key / max that is inside; edges, intervals: `lower` is the edge
  // strength (gradient magnitude of the luminance, 0 to 1) from which a pixel breaks spans.
  double lower = 0.25, upper = 0.8;
  bool invert = false;               // the pixels outside the band (or the edges) are the spans
  std::uint32_t spanLength = 64;     // random: the mean span length; waves: the shortest
  std::uint32_t maxSpan = 0;         // cut spans to at most this many pixels (0: no cap)
  double skipPercent = 0.0;          // this share of the spans, drawn from the seed, stays unsorted
  std::uint64_t seed = 1;
  bool sortTransparent = false;      // fully transparent pixels are boundaries unless this is set
};

// The drawn span lengths of random (L/2 to 3L/2, mean L) and waves (L to L + 10, pixelsort's),
// each at least 2: a pixel alone sorts nothing.
struct DrawnLengths {
  std::uint32_t shortest = 2, longest = 2;
};
inline DrawnLengths drawnLengths(const ArtSettings& settings) {
  const std::uint32_t length = settings.spanLength;
  if (settings.spans == SpanMode::Waves) {
    const std::uint32_t shortest = length < 2 ? 2 : length;
    return {shortest, shortest + 10};
  }
  const std::uint32_t shortest = length / 2 < 2 ? 2 : length / 2;
  const std::uint32_t longest = length + length / 2;
  return {shortest, longest < shortest ? shortest : longest};
}

// The key the threshold mode reads: spanKey when set, else the sort key.
inline PixelKey spanKeyOf(const ArtSettings& settings) { return settings.spanKey.value_or(settings.key); }

// Strict parsers; each throws UsageError (exit 2) in one line naming `what` and the text.
PathSpec parsePathSpec(std::string_view text);
// The settings of the then pass: the then path, no radial controls, no further pass.
ArtSettings thenPassSettings(const ArtSettings& settings);
std::string pathSpecText(const PathSpec& path);
// The shortest decimal that reads back as the same double, never with an exponent (which the
// number parser refuses): 0.0001, 30, 12.5.
std::string decimalText(double value);
SpanMode parseSpanMode(std::string_view text);
std::string_view spanModeName(SpanMode mode);
// Throws UsageError when the settings contradict each other (threshold: lower > upper; radial
// controls on a path that is not rings or spokes).
void requireConsistent(const ArtSettings& settings);
// The radial controls' part of it: each on a path that reads it; and a then path of straight lines.
void requireRadialControlsFit(const ArtSettings& settings);

// For `info` and help texts.
const std::vector<std::string_view>& pathNames();
const std::vector<std::string_view>& spanModeNames();

}  // namespace shadersort::art
