#pragma once
// One pixel-sort of one picture, worked out on the CPU: the path map, the spans and each pixel's
// sort key. A result is a source map: result pixel i is input pixel sources[i]. The CPU reference
// (a stable sort of every span) and the check of a GPU result both speak in source maps, so a
// key taken from another image (--key-image) travels with its pixel like any other key.

#include <cstdint>
#include <string>
#include <vector>

#include "art/art_settings.h"
#include "art/path_map.h"
#include "art/spans.h"
#include "data/image.h"

namespace shadersort::art {

struct ArtImages {
  const Image* picture = nullptr;
  const Image* mask = nullptr;       // --mask: the mask mode's spans, or a narrowing of another mode's
  const Image* intervals = nullptr;  // --spans intervals
  const Image* keyImage = nullptr;   // --key-image: keys come from this image's pixel at the same place
};

struct ArtPlan {
  ArtSettings settings;
  PathMap map;
  std::vector<Span> spans;
  // By pixel index: the key ascending order sorts by (max - key when descending), 0 to max.
  std::vector<std::uint32_t> sortKeys;
  std::uint32_t longestSpan() const;
  std::uint64_t spanPixels() const;
};

// Throws UsageError (exit 2) when an image the settings need is missing or of another size.
ArtPlan planArt(const ArtSettings& settings, const ArtImages& images);

// The reference result: every span stably sorted by its keys.
std::vector<std::uint32_t> referenceSources(const ArtPlan& plan);

// What checkSources holds a result to: every pixel outside the spans in place and each span
// holding exactly its own pixels (any state of a compare-exchange sort); also in key order (a
// finished sort); also equal keys in path order (a finished stable sort).
enum class SourceCheck { SpansKeepTheirPixels, Sorted, SortedStably };

// Empty when `sources` passes `check`; otherwise what is wrong and where.
std::string checkSources(const ArtPlan& plan, const std::vector<std::uint32_t>& sources, SourceCheck check);
inline std::string checkSources(const ArtPlan& plan, const std::vector<std::uint32_t>& sources, bool stable) {
  return checkSources(plan, sources, stable ? SourceCheck::SortedStably : SourceCheck::Sorted);
}

// The picture a source map makes.
Image applySources(const Image& picture, const std::vector<std::uint32_t>& sources);

}  // namespace shadersort::art
