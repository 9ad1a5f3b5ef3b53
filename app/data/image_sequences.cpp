#include "data/image_sequences.h"

#include <algorithm>
#include <string>

namespace shadersort {
namespace {

// Position of element `index` of sequence `sequence` in the image.
struct Position {
  int x, y;
};

Position positionOf(Axis axis, std::uint32_t sequence, std::uint32_t index) {
  return axis == Axis::Columns ? Position{static_cast<int>(sequence), static_cast<int>(index)}
                               : Position{static_cast<int>(index), static_cast<int>(sequence)};
}

}  // namespace

std::optional<Axis> parseAxis(std::string_view name) {
  if (name == "columns") return Axis::Columns;
  if (name == "rows") return Axis::Rows;
  return std::nullopt;
}

SortData imageToSortData(const Image& image, const SortOrder& order) {
  SortData data;
  const bool columns = order.axis == Axis::Columns;
  data.sequenceCount = static_cast<std::uint32_t>(columns ? image.width : image.height);
  data.sequenceLength = static_cast<std::uint32_t>(columns ? image.height : image.width);
  data.keys.reserve(image.pixelCount());
  data.values.reserve(image.pixelCount());
  for (std::uint32_t s = 0; s < data.sequenceCount; ++s) {
    for (std::uint32_t i = 0; i < data.sequenceLength; ++i) {
      const Position p = positionOf(order.axis, s, i);
      const std::uint32_t packed = image.pixel(p.x, p.y);
      const std::uint32_t key = pixelKey(order.key, packed);
      data.keys.push_back(order.descending ? ~key : key);
      data.values.push_back(packed);
    }
  }
  return data;
}

Image sortDataToImage(const SortData& data, Axis axis) {
  const bool columns = axis == Axis::Columns;
  Image image(static_cast<int>(columns ? data.sequenceCount : data.sequenceLength),
              static_cast<int>(columns ? data.sequenceLength : data.sequenceCount));
  for (std::uint32_t s = 0; s < data.sequenceCount; ++s) {
    for (std::uint32_t i = 0; i < data.sequenceLength; ++i) {
      const Position p = positionOf(axis, s, i);
      image.setPixel(p.x, p.y, data.values[static_cast<std::size_t>(s) * data.sequenceLength + i]);
    }
  }
  return image;
}

std::vector<std::vector<std::uint32_t>> imageSequences(const Image& image, Axis axis) {
  const bool columns = axis == Axis::Columns;
  const int count = columns ? image.width : image.height;
  const int length = columns ? image.height : image.width;
  std::vector<std::vector<std::uint32_t>> sequences(static_cast<std::size_t>(count));
  for (int s = 0; s < count; ++s) {
    sequences[static_cast<std::size_t>(s)].reserve(static_cast<std::size_t>(length));
    for (int i = 0; i < length; ++i) {
      const Position p = positionOf(axis, static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(i));
      sequences[static_cast<std::size_t>(s)].push_back(image.pixel(p.x, p.y));
    }
  }
  return sequences;
}

std::string verifySortedImage(const Image& input, const Image& result, const SortOrder& order) {
  if (input.width != result.width || input.height != result.height)
    return "size changed from " + std::to_string(input.width) + "x" + std::to_string(input.height) + " to " +
           std::to_string(result.width) + "x" + std::to_string(result.height);
  const std::string what = order.axis == Axis::Columns ? "column " : "row ";
  auto before = imageSequences(input, order.axis);
  auto after = imageSequences(result, order.axis);
  for (std::size_t s = 0; s < after.size(); ++s) {
    for (std::size_t i = 1; i < after[s].size(); ++i) {
      const std::uint32_t previous = pixelKey(order.key, after[s][i - 1]);
      const std::uint32_t current = pixelKey(order.key, after[s][i]);
      if (order.descending ? previous < current : previous > current)
        return what + std::to_string(s) + " is out of order at index " + std::to_string(i);
    }
    std::sort(before[s].begin(), before[s].end());
    std::sort(after[s].begin(), after[s].end());
    if (before[s] != after[s]) return what + std::to_string(s) + " does not hold the input's pixels";
  }
  return {};
}

}  // namespace shadersort
