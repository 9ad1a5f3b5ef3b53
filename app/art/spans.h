#pragma once
// Spans: the runs of a line that get sorted. A mode decides which pixels are inside (and where
// runs break); the modifiers cut and skip spans. Pixels outside every span stay where they are.

#include <cstdint>
#include <vector>

#include "art/art_settings.h"
#include "art/path_map.h"
#include "data/image.h"

namespace shadersort::art {

// pixels[start] .. pixels[start + length - 1] of a PathMap, all on one line.
struct Span {
  std::uint32_t start = 0, length = 0;
};

// The images a mode reads besides the picture (same size as the picture; checked by the caller).
struct SpanSources {
  const Image* picture = nullptr;
  // White (luminance >= half) is sortable: the mask mode's pixels, and with any other mode a
  // narrowing of its spans (pixels on black never move).
  const Image* mask = nullptr;
  const Image* intervals = nullptr;  // intervals: this image's edges break spans
};

// The spans of two or more pixels that will be sorted (skipped ones left out), in path order.
// `spanKeys` are the pixels' keys of spanKeyOf(settings) (by pixel index), read by the threshold
// mode.
std::vector<Span> findSpans(const ArtSettings& settings, const PathMap& map, const SpanSources& sources,
                            const std::vector<std::uint32_t>& spanKeys);

// Edge strength: the gradient magnitude of the luminance key (Sobel, edges clamped) divided by its
// largest value, 0 to 1. In integers, so that the GPU finds the same edges: the squared Sobel
// magnitude by pixel index, and the squared magnitude from which a pixel is an edge of strength
// `strength` or more.
std::vector<std::uint64_t> sobelSquared(const Image& image);
std::uint64_t edgeLimitSquared(double strength);

// A reproducible draw from the seed: the same numbers on every machine (splitmix64).
std::uint64_t seededDraw(std::uint64_t seed, std::uint64_t stream, std::uint64_t index);

}  // namespace shadersort::art
