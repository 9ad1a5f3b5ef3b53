#include "render/array_reference.h"

#include <string>

#include "core/error.h"

namespace shadersort::render {

Image renderArrayOnCpu(const SortData& state, const ArrayLayout& layout) {
  if (state.size() == 0) return Image(1, 1);
  if (layout.sequence >= state.sequenceCount)
    throw UserError("there is no sequence " + std::to_string(layout.sequence) + " in a state of " +
                    std::to_string(state.sequenceCount));
  const ArrayScale scale = arrayScale(layout);
  const int width = static_cast<int>(state.sequenceLength);
  const int height = static_cast<int>(scale.height);
  Image picture(width, height);
  const std::size_t begin = static_cast<std::size_t>(layout.sequence) * state.sequenceLength;
  for (int x = 0; x < width; ++x) {
    const std::size_t at = begin + static_cast<std::size_t>(x);
    const ArrayMarkRows mark = arrayMarkRows(scale, layout.drawing, state.sequenceLength, state.keys[at]);
    const std::uint32_t barColour = state.hasValues() ? state.values[at] | 0xFF000000u : kArrayBarColour;
    for (int y = 0; y < height; ++y) {
      const auto fromBottom = static_cast<std::uint32_t>(height - 1 - y);  // row 0 is the top
      const bool inMark = fromBottom >= mark.first && fromBottom < mark.end;
      picture.setPixel(x, y, inMark ? barColour : kArrayBackground);
    }
  }
  return picture;
}

}  // namespace shadersort::render
