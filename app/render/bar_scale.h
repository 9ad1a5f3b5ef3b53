#pragma once
// The scale of array view's bars, chosen so that a student can read a key off its bar: for keys
// that are all >= 0 the bars stand on 0, a bar's height is key / (largest key) of the full
// height (rounded down to whole rows; key 0 is the one-row floor line), so 5 is drawn 5/9 of 9.
// Negative integer keys and float keys cannot stand on 0 that way (a bar cannot go below the
// axis; a float key's stored bits are in order but not to scale), so their bars rise from the
// smallest key, and the text the view shows says so.

#include <cstdint>
#include <string>

#include "data/key_encoding.h"

namespace shadersort::render {

struct BarScale {
  // The range for ArrayLayout, as the keys are stored (sortable, inverted when descending).
  std::uint32_t minKey = 0, maxKey = 0;
  bool fromZero = false;  // the axis is key 0
  std::string text;       // the line beside the bars: "bar height = key / 9 (0 at the axis)"
};

// The scale for stored keys ranging over [storedMin, storedMax] of `type`; `descending`: the
// stored keys are inverted.
BarScale barScale(KeyType type, std::uint32_t storedMin, std::uint32_t storedMax, bool descending);

}  // namespace shadersort::render
