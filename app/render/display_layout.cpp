#include "render/display_layout.h"

#include <algorithm>
#include <bit>

namespace shadersort::render {

std::string_view arrayDrawingName(ArrayDrawing drawing) {
  return drawing == ArrayDrawing::Dots ? "dots" : "bars";
}

std::optional<ArrayDrawing> arrayDrawingNamed(std::string_view name) {
  for (ArrayDrawing drawing : {ArrayDrawing::Bars, ArrayDrawing::Dots})
    if (arrayDrawingName(drawing) == name) return drawing;
  return std::nullopt;
}

ArrayScale arrayScale(const ArrayLayout& layout) {
  ArrayScale scale;
  scale.low = std::min(layout.minKey, layout.maxKey);
  scale.high = std::max(layout.minKey, layout.maxKey);
  const std::uint32_t range = scale.high - scale.low;
  // 16 bits of range leave 65536 levels, more than any picture has rows.
  scale.shift = std::max<std::uint32_t>(std::bit_width(range), 16) - 16;
  scale.span = range >> scale.shift;
  // Beyond 65536 rows the product in arrayBarHeight could overflow; no GPU has such textures.
  scale.height = std::clamp<std::uint32_t>(layout.height, 1, 65536);
  scale.descending = layout.descending;
  return scale;
}

std::uint32_t arrayBarHeight(const ArrayScale& scale, std::uint32_t key) {
  if (scale.span == 0) return scale.height;
  const std::uint32_t clamped = std::clamp(key, scale.low, scale.high);
  const std::uint32_t above = scale.descending ? scale.high - clamped : clamped - scale.low;
  return 1 + (above >> scale.shift) * (scale.height - 1) / scale.span;
}

std::uint32_t arrayDotRows(const ArrayScale& scale, std::uint32_t sequenceLength) {
  return std::max<std::uint32_t>(1, scale.height / std::max<std::uint32_t>(sequenceLength, 8));
}

ArrayMarkRows arrayMarkRows(const ArrayScale& scale, ArrayDrawing drawing, std::uint32_t sequenceLength, std::uint32_t key) {
  const std::uint32_t bar = arrayBarHeight(scale, key);
  if (drawing == ArrayDrawing::Bars) return {0, bar};
  return {bar - std::min(bar, arrayDotRows(scale, sequenceLength)), bar};
}

}  // namespace shadersort::render
