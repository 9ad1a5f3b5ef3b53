#include "data/inputs.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/error.h"
#include "data/default_image.h"

namespace shadersort {

std::uint32_t patternKeyColour(std::uint32_t key) {
  // Control points of a perceptually even ramp: deep blue, violet, orange, pale yellow.
  static constexpr std::array<std::array<float, 3>, 5> stops = {{
      {0.05f, 0.03f, 0.22f}, {0.35f, 0.07f, 0.50f}, {0.80f, 0.22f, 0.35f}, {0.98f, 0.58f, 0.16f}, {0.99f, 0.98f, 0.68f}}};
  const float t = static_cast<float>(key >> 8) / static_cast<float>(0xFFFFFF) * (stops.size() - 1);
  const std::size_t low = std::min<std::size_t>(static_cast<std::size_t>(t), stops.size() - 2);
  const float f = t - static_cast<float>(low);
  std::uint32_t packed = 0xFF000000u;
  for (int c = 0; c < 3; ++c) {
    const float channel = stops[low][c] + (stops[low + 1][c] - stops[low][c]) * f;
    packed |= static_cast<std::uint32_t>(std::lround(std::clamp(channel, 0.0f, 1.0f) * 255.0f)) << (8 * c);
  }
  return packed;
}

ResolvedInput resolveInput(const InputSpec& spec) {
  ResolvedInput input;
  input.axis = spec.order.axis;
  if (spec.pattern) {
    if (spec.width <= 0 || spec.height <= 0)
      throw UserError("size must be at least 1x1, got " + std::to_string(spec.width) + "x" + std::to_string(spec.height));
    const bool columns = spec.order.axis == Axis::Columns;
    input.data.sequenceCount = static_cast<std::uint32_t>(columns ? spec.width : spec.height);
    input.data.sequenceLength = static_cast<std::uint32_t>(columns ? spec.height : spec.width);
    for (std::uint32_t s = 0; s < input.data.sequenceCount; ++s) {
      for (std::uint32_t key : makePattern(*spec.pattern, input.data.sequenceLength, spec.seed + s)) {
        input.data.keys.push_back(spec.order.descending ? ~key : key);
        input.data.values.push_back(patternKeyColour(key));
      }
    }
    input.image = sortDataToImage(input.data, spec.order.axis);
    return input;
  }
  input.image = spec.imagePath ? loadImage(*spec.imagePath) : makeDefaultImage();
  input.data = imageToSortData(input.image, spec.order);
  return input;
}

}  // namespace shadersort
