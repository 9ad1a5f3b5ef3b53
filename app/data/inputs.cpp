#include "data/inputs.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/error.h"
#include "core/input_file.h"
#include "core/memory_budget.h"
#include "core/quoting.h"
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

std::uint32_t rangeKeyColour(std::uint32_t key, KeyRange range) {
  if (range.high == range.low) return patternKeyColour(0x80000000u);
  const std::uint64_t above = std::uint64_t{std::clamp(key, range.low, range.high)} - range.low;
  return patternKeyColour(static_cast<std::uint32_t>(above * 0xFFFFFFFFull / (std::uint64_t{range.high} - range.low)));
}

namespace {

SortShape shapeOf(int width, int height, Axis axis) {
  const bool columns = axis == Axis::Columns;
  return {static_cast<std::uint32_t>(columns ? width : height), static_cast<std::uint32_t>(columns ? height : width), true};
}

std::string sizeText(std::uint64_t width, std::uint64_t height) { return std::to_string(width) + "x" + std::to_string(height); }

}  // namespace

InputSpec smallTeachingInput(const SortOrder& order) {
  InputSpec spec;
  spec.pattern = Pattern::Random;
  spec.order = order;
  spec.width = order.axis == Axis::Columns ? 1 : 16;
  spec.height = order.axis == Axis::Columns ? 16 : 1;
  spec.range = KeyRange{0, 99};
  return spec;
}

InputPlan planInput(const InputSpec& spec) {
  InputPlan plan;
  plan.spec = spec;
  if (spec.values) {
    const int count = static_cast<int>(spec.values->size());
    if (count == 0) throw UserError("the list of values is empty");
    const bool columns = spec.order.axis == Axis::Columns;
    plan.width = columns ? 1 : count;
    plan.height = columns ? count : 1;
    plan.description = std::to_string(count) + " " + std::string(keyTypeName(spec.keyType)) + " values";
  } else if (spec.pattern) {
    if (spec.width <= 0 || spec.height <= 0)
      throw UserError("size must be at least 1x1, got " + sizeText(static_cast<std::uint64_t>(std::max(spec.width, 0)),
                                                                   static_cast<std::uint64_t>(std::max(spec.height, 0))));
    plan.width = spec.width;
    plan.height = spec.height;
    plan.description = "pattern " + sizeText(static_cast<std::uint64_t>(spec.width), static_cast<std::uint64_t>(spec.height));
  } else if (spec.imagePath) {
    plan.imageFile = readWholeFile(*spec.imagePath, kMaxImageFileBytes);
    const ImageSize size = readImageSize(plan.imageFile, *spec.imagePath);
    plan.width = size.width;
    plan.height = size.height;
    plan.description = "image " + quote(*spec.imagePath) + " (" +
                       sizeText(static_cast<std::uint64_t>(size.width), static_cast<std::uint64_t>(size.height)) + ")";
  } else {
    plan.width = kDefaultImageWidth;
    plan.height = kDefaultImageHeight;
    plan.description = "the built-in picture";
  }
  const std::uint64_t pixels = static_cast<std::uint64_t>(plan.width) * static_cast<std::uint64_t>(plan.height);
  if (pixels > kMaxInputPixels)
    throw UserError(plan.description + " has " + std::to_string(pixels) + " pixels, more than shadersort takes (2^30 = " +
                    std::to_string(kMaxInputPixels) + ")");
  // Before anything large exists: an image's bytes must carry its size, and decoding and
  // sorting it must fit the memory budget.
  std::uint64_t decoding = 0;
  if (spec.imagePath && !spec.pattern) {
    requireImageCarries(plan.imageFile, {plan.width, plan.height}, *spec.imagePath);
    decoding = imageDecodeMemory(plan.imageFile, {plan.width, plan.height});
  }
  requireMemory(decoding + pixels * kSortBytesPerPixel, plan.description);
  plan.shape = shapeOf(plan.width, plan.height, spec.order.axis);
  return plan;
}

ResolvedInput resolveInput(const InputPlan& plan) {
  const InputSpec& spec = plan.spec;
  ResolvedInput input;
  input.axis = spec.order.axis;
  input.keyType = spec.keyType;
  if (spec.values) {
    input.data.sequenceCount = 1;
    input.data.sequenceLength = static_cast<std::uint32_t>(spec.values->size());
    std::vector<std::uint32_t> keys = *spec.values;
    encodeKeys(spec.keyType, keys);
    const KeyRange spread{*std::min_element(keys.begin(), keys.end()), *std::max_element(keys.begin(), keys.end())};
    for (std::uint32_t key : keys) {
      input.data.keys.push_back(spec.order.descending ? ~key : key);
      input.data.values.push_back(rangeKeyColour(key, spread));
    }
    input.image = sortDataToImage(input.data, spec.order.axis);
    return input;
  }
  if (spec.pattern) {
    input.data.sequenceCount = plan.shape.sequenceCount;
    input.data.sequenceLength = plan.shape.sequenceLength;
    input.data.keys.reserve(plan.shape.elementCount());
    input.data.values.reserve(plan.shape.elementCount());
    for (std::uint32_t s = 0; s < input.data.sequenceCount; ++s) {
      for (std::uint32_t key : makePattern(*spec.pattern, input.data.sequenceLength, spec.seed + s)) {
        // The colour from the key before the range squeezes it: the ramp spread over the range.
        const std::uint32_t ranged = spec.range ? keyInRange(key, *spec.range) : key;
        input.data.keys.push_back(spec.order.descending ? ~ranged : ranged);
        input.data.values.push_back(patternKeyColour(key));
      }
    }
    input.image = sortDataToImage(input.data, spec.order.axis);
    return input;
  }
  input.image = spec.imagePath ? decodeImage(plan.imageFile, *spec.imagePath) : makeDefaultImage();
  input.data = imageToSortData(input.image, spec.order);
  return input;
}

ResolvedInput resolveInput(const InputSpec& spec) { return resolveInput(planInput(spec)); }

}  // namespace shadersort
