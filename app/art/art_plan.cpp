#include "art/art_plan.h"

#include <algorithm>
#include <numeric>

#include "core/error.h"

namespace shadersort::art {
namespace {

void requireSameSize(const Image* image, const Image& picture, const char* what) {
  if (image == nullptr) throw UsageError(std::string(what) + " is needed by this span mode");
  if (image->width != picture.width || image->height != picture.height)
    throw UsageError(std::string(what) + " is " + std::to_string(image->width) + "x" + std::to_string(image->height) +
                     ", the picture " + std::to_string(picture.width) + "x" + std::to_string(picture.height) +
                     ": they must be the same size");
}

}  // namespace

std::uint32_t ArtPlan::longestSpan() const {
  std::uint32_t longest = 0;
  for (const Span& span : spans) longest = std::max(longest, span.length);
  return longest;
}

std::uint64_t ArtPlan::spanPixels() const {
  std::uint64_t total = 0;
  for (const Span& span : spans) total += span.length;
  return total;
}

ArtPlan planArt(const ArtSettings& settings, const ArtImages& images) {
  requireConsistent(settings);
  const Image& picture = *images.picture;
  if (settings.spans == SpanMode::Mask || images.mask != nullptr) requireSameSize(images.mask, picture, "the mask (--mask)");
  if (readsIntervalImage(settings.spans)) requireSameSize(images.intervals, picture, "the interval image (--intervals)");
  if (images.keyImage != nullptr) requireSameSize(images.keyImage, picture, "the key image (--key-image)");

  ArtPlan plan;
  plan.settings = settings;
  plan.map = buildPathMap(settings.path, picture.width, picture.height,
                          radialWindow(settings, radialGeometry(settings.path, picture.width, picture.height)));
  const Image& keySource = images.keyImage != nullptr ? *images.keyImage : picture;
  const std::uint32_t max = pixelKeyMax(settings.key);
  std::vector<std::uint32_t> keys(picture.pixelCount());
  plan.sortKeys.resize(picture.pixelCount());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::uint8_t* p = &keySource.rgba[i * 4];
    keys[i] = pixelKey(settings.key, p[0] | p[1] << 8 | p[2] << 16 | static_cast<std::uint32_t>(p[3]) << 24);
    plan.sortKeys[i] = settings.descending ? max - keys[i] : keys[i];
  }
  if (spanKeyOf(settings) != settings.key)
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::uint8_t* p = &keySource.rgba[i * 4];
      keys[i] = pixelKey(spanKeyOf(settings), p[0] | p[1] << 8 | p[2] << 16 | static_cast<std::uint32_t>(p[3]) << 24);
    }
  plan.spans = findSpans(settings, plan.map, {&picture, images.mask, images.intervals}, keys);
  return plan;
}

std::vector<std::uint32_t> referenceSources(const ArtPlan& plan) {
  std::vector<std::uint32_t> sources(plan.sortKeys.size());
  std::iota(sources.begin(), sources.end(), 0u);
  std::vector<std::uint32_t> members;
  for (const Span& span : plan.spans) {
    members.assign(plan.map.pixels.begin() + span.start, plan.map.pixels.begin() + span.start + span.length);
    std::stable_sort(members.begin(), members.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return plan.sortKeys[a] < plan.sortKeys[b]; });
    for (std::uint32_t j = 0; j < span.length; ++j) sources[plan.map.pixels[span.start + j]] = members[j];
  }
  return sources;
}

std::string checkSources(const ArtPlan& plan, const std::vector<std::uint32_t>& sources, SourceCheck check) {
  const bool ordered = check != SourceCheck::SpansKeepTheirPixels, stable = check == SourceCheck::SortedStably;
  const std::size_t count = plan.sortKeys.size();
  if (sources.size() != count) return "the result has " + std::to_string(sources.size()) + " pixels, not " + std::to_string(count);
  // Position along the path of each pixel, and the span it belongs to (or none).
  constexpr std::uint32_t kNoSpan = 0xFFFFFFFFu;
  std::vector<std::uint32_t> spanOf(count, kNoSpan), pathPosition(count);
  for (std::uint32_t at = 0; at < plan.map.pixels.size(); ++at) pathPosition[plan.map.pixels[at]] = at;
  for (std::uint32_t s = 0; s < plan.spans.size(); ++s)
    for (std::uint32_t j = 0; j < plan.spans[s].length; ++j) spanOf[plan.map.pixels[plan.spans[s].start + j]] = s;
  for (std::size_t i = 0; i < count; ++i) {
    if (sources[i] >= count) return "pixel " + std::to_string(i) + " comes from nowhere (" + std::to_string(sources[i]) + ")";
    if (spanOf[i] == kNoSpan && sources[i] != i) return "pixel " + std::to_string(i) + " outside every span moved";
    if (spanOf[i] != kNoSpan && spanOf[sources[i]] != spanOf[i])
      return "pixel " + std::to_string(i) + " holds a pixel of another span";
  }
  // Within a span the sources are distinct (so exactly the span's pixels) and in key order.
  std::vector<bool> used(count, false);
  for (std::uint32_t s = 0; s < plan.spans.size(); ++s) {
    const Span& span = plan.spans[s];
    for (std::uint32_t j = 0; j < span.length; ++j) {
      const std::uint32_t source = sources[plan.map.pixels[span.start + j]];
      if (used[source]) return "span " + std::to_string(s) + " holds pixel " + std::to_string(source) + " twice";
      used[source] = true;
      if (j == 0 || !ordered) continue;
      const std::uint32_t previous = sources[plan.map.pixels[span.start + j - 1]];
      if (plan.sortKeys[previous] > plan.sortKeys[source])
        return "span " + std::to_string(s) + " is out of order at position " + std::to_string(j);
      if (stable && plan.sortKeys[previous] == plan.sortKeys[source] && pathPosition[previous] > pathPosition[source])
        return "span " + std::to_string(s) + " swapped equal keys at position " + std::to_string(j) + " (not stable)";
    }
  }
  return {};
}

Image applySources(const Image& picture, const std::vector<std::uint32_t>& sources) {
  Image result(picture.width, picture.height);
  for (std::size_t i = 0; i < sources.size(); ++i)
    std::copy_n(&picture.rgba[static_cast<std::size_t>(sources[i]) * 4], 4, &result.rgba[i * 4]);
  return result;
}

}  // namespace shadersort::art
