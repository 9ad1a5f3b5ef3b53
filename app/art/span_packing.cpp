#include "art/span_packing.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace shadersort::art {

PackedSpans packSpans(const ArtPlan& plan, std::uint32_t rowLimit) {
  PackedSpans packed;
  packed.keyBits = static_cast<std::uint32_t>(std::bit_width(pixelKeyMax(plan.settings.key)));
  // Slot numbers 0 .. maxSlots - 1; the all-ones slot is left to the padding key.
  const std::uint32_t maxSlots = (1u << (32 - packed.keyBits)) - 1u;
  const std::uint64_t total = plan.spanPixels();
  if (plan.spans.empty()) {
    packed.data.sequenceCount = 1;
    packed.data.sequenceLength = 0;
    return packed;
  }
  // Greedy packing fills two neighbouring rows with more than a row's length, so rows of
  // 2 * total / (rowLimit - 1) keep the row count within rowLimit. But a row also closes at
  // maxSlots spans, which hold about total * maxSlots / spans pixels: a longer row would only
  // hold padding.
  const std::uint64_t forRowLimit = (2 * total + rowLimit - 2) / (rowLimit - 1);
  const std::uint64_t slotsHold = (2 * total * maxSlots + plan.spans.size() - 1) / plan.spans.size();
  const auto rowLength =
      static_cast<std::uint32_t>(std::max<std::uint64_t>(plan.longestSpan(), std::min(forRowLimit, slotsHold)));

  std::vector<std::uint32_t>& keys = packed.data.keys;
  std::vector<std::uint32_t>& values = packed.data.values;
  std::uint32_t rows = 0, fill = rowLength, slots = 0;
  const auto finishRow = [&] {
    for (; fill < rowLength; ++fill) {
      keys.push_back(kPadding);
      values.push_back(kPadding);
      packed.destinations.push_back(kPadding);
    }
  };
  for (const Span& span : plan.spans) {
    if (fill + span.length > rowLength || slots == maxSlots) {
      finishRow();
      ++rows;
      fill = 0;
      slots = 0;
    }
    for (std::uint32_t j = 0; j < span.length; ++j) {
      const std::uint32_t pixel = plan.map.pixels[span.start + j];
      keys.push_back(slots << packed.keyBits | plan.sortKeys[pixel]);
      values.push_back(pixel);
      packed.destinations.push_back(pixel);
    }
    fill += span.length;
    ++slots;
  }
  finishRow();
  packed.data.sequenceCount = rows;
  packed.data.sequenceLength = rowLength;
  return packed;
}

std::vector<std::uint32_t> unpackSources(const PackedSpans& packed, const SortData& sorted, std::size_t pixelCount) {
  std::vector<std::uint32_t> sources(pixelCount);
  std::iota(sources.begin(), sources.end(), 0u);
  const std::size_t count = std::min(packed.destinations.size(), sorted.values.size());
  for (std::size_t i = 0; i < count; ++i)
    if (packed.destinations[i] != kPadding) sources[packed.destinations[i]] = sorted.values[i];
  return sources;
}

}  // namespace shadersort::art
