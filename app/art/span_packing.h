#pragma once
// How the sorters sort spans today: spans are packed into the rows of a rectangular SortData, and
// each key carries its span's slot in the row above the pixel key (slot << keyBits | key), so a
// sort of a whole row sorts each span in place and no pixel crosses into another span. Values
// are source pixel indices. A row is as long as the longest span (so odd-even's and
// frag-odd-even's passes follow the longest span), rows end in padding keys above every real
// one, and pixels outside spans are not sorted at all.

#include <cstdint>
#include <string>
#include <vector>

#include "art/art_plan.h"
#include "sort/sort_data.h"

namespace shadersort::art {

// The rows a packing aims for at most: the smallest GL_MAX_TEXTURE_SIZE GL 4.3 allows, so that
// frag-odd-even can take it. Only a picture with more spans than the slots of that many rows (16.7
// million two-pixel spans with the luminance key's 1023 slots a row) needs more; the registry's
// limit check then names the sorters that cannot take it.
constexpr std::uint32_t kMaxPackedRows = 16384;
constexpr std::uint32_t kPadding = 0xFFFFFFFFu;

struct PackedSpans {
  SortData data;
  // By element: the pixel index its slot writes back to, kPadding for padding.
  std::vector<std::uint32_t> destinations;
  std::uint32_t keyBits = 0;  // the pixel key's bits; the slot takes the rest of the 32
};

PackedSpans packSpans(const ArtPlan& plan, std::uint32_t rowLimit = kMaxPackedRows);

// The source map of a sorted packing (see ArtPlan). Pixels outside spans map to themselves. A
// padding value where a pixel belongs (a broken sort) maps that pixel to kPadding, which
// checkSources() reports.
std::vector<std::uint32_t> unpackSources(const PackedSpans& packed, const SortData& sorted, std::size_t pixelCount);

}  // namespace shadersort::art
