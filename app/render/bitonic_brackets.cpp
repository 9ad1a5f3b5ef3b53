#include "render/bitonic_brackets.h"

#include <algorithm>
#include <bit>
#include <charconv>

namespace shadersort::render {
namespace {

std::optional<std::uint32_t> numberAfter(std::string_view text, std::string_view words) {
  const std::size_t at = text.find(words);
  if (at == std::string_view::npos) return std::nullopt;
  std::uint32_t value = 0;
  const char* first = text.data() + at + words.size();
  const auto [end, error] = std::from_chars(first, text.data() + text.size(), value);
  if (error != std::errc() || end == first) return std::nullopt;
  return value;
}

std::vector<BitonicBlock> blocksOf(std::uint32_t width, std::uint32_t drawnLength, std::uint32_t mergeWidth,
                                   bool alternating) {
  std::vector<BitonicBlock> blocks;
  if (width == 0) return blocks;
  for (std::uint64_t first = 0; first < drawnLength; first += width) {
    const auto end = static_cast<std::uint32_t>(std::min<std::uint64_t>(first + width, drawnLength));
    const bool ascending = !alternating || (first & mergeWidth) == 0;
    blocks.push_back({static_cast<std::uint32_t>(first), end, ascending});
  }
  return blocks;
}

std::uint32_t log2Of(std::uint32_t powerOfTwo) { return static_cast<std::uint32_t>(std::countr_zero(powerOfTwo)); }

}  // namespace

std::optional<BitonicStep> bitonicStepOf(std::string_view description) {
  const auto mergeWidth = numberAfter(description, "merge ");
  if (!mergeWidth || !std::has_single_bit(*mergeWidth) || *mergeWidth < 2) return std::nullopt;
  if (description.find("mirror") != std::string_view::npos) return BitonicStep{*mergeWidth, *mergeWidth / 2, false};
  const auto distance = numberAfter(description, "distance ");
  if (!distance || !std::has_single_bit(*distance) || *distance * 2 > *mergeWidth) return std::nullopt;
  return BitonicStep{*mergeWidth, *distance, description.find(" reversed") != std::string_view::npos};
}

BitonicStageMarks bitonicStageMarks(BitonicStep step, std::uint32_t drawnLength, std::uint32_t paddedLength,
                                    bool alternating) {
  BitonicStageMarks marks;
  const std::uint32_t stage = log2Of(step.mergeWidth);
  const std::uint32_t stepIndex = stage - log2Of(step.distance);  // from 1
  marks.caption = "stage " + std::to_string(stage) + " of " + std::to_string(log2Of(paddedLength)) +
                  ": merging bitonic sequences of " + std::to_string(step.mergeWidth) + ", step " +
                  std::to_string(stepIndex) + " of " + std::to_string(stage);
  if (alternating && step.mergeWidth < paddedLength) marks.caption += "; blocks alternate up and down";
  marks.blocks = blocksOf(step.mergeWidth, drawnLength, step.mergeWidth, alternating);
  if (2 * step.distance < step.mergeWidth)
    marks.sequences = blocksOf(2 * step.distance, drawnLength, step.mergeWidth, alternating);
  return marks;
}

Span positionSpan(std::uint32_t first, std::uint32_t end, std::uint32_t count, float x0, float x1) {
  if (count == 0) return {x0, x0};
  const float width = (x1 - x0) / static_cast<float>(count);
  return {x0 + static_cast<float>(first) * width, x0 + static_cast<float>(end) * width};
}

}  // namespace shadersort::render
