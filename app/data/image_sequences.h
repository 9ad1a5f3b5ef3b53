#pragma once
// An image seen as sequences to sort: each column (top row first) or each row (left first)
// is one sequence; the key comes from the pixel and the packed pixel travels as the value.

#include <optional>
#include <string_view>

#include "data/image.h"
#include "data/pixel_keys.h"
#include "sort/sort_data.h"

namespace shadersort {

enum class Axis { Columns, Rows };

std::optional<Axis> parseAxis(std::string_view name);

struct SortOrder {
  PixelKey key = PixelKey::Luminance;
  Axis axis = Axis::Columns;
  bool descending = false;
};

// Descending order is ascending order of the inverted key, which keeps equal keys in input order.
SortData imageToSortData(const Image& image, const SortOrder& order);
// Places each element's value (a packed pixel) back at its position.
Image sortDataToImage(const SortData& data, Axis axis);

// The sequences of an image as packed pixels, in sequence order (used to verify results).
std::vector<std::vector<std::uint32_t>> imageSequences(const Image& image, Axis axis);

// Empty when every sequence of `result` is ordered by the key (in the asked direction) and holds
// exactly the pixels of the same sequence of `input`; otherwise what is wrong and where.
std::string verifySortedImage(const Image& input, const Image& result, const SortOrder& order);

}  // namespace shadersort
