#include "render/bar_scale.h"

#include "data/value_list.h"

namespace shadersort::render {

BarScale barScale(KeyType type, std::uint32_t storedMin, std::uint32_t storedMax, bool descending) {
  // In the keys' own order (not inverted), where a larger sortable key is a larger key.
  const std::uint32_t lowest = descending ? ~storedMax : storedMin;
  const std::uint32_t highest = descending ? ~storedMin : storedMax;
  const std::string lowText = keyText(type, decodeKey(type, lowest));
  const std::string highText = keyText(type, decodeKey(type, highest));
  const std::uint32_t zero = encodeKey(type, 0);
  BarScale scale;
  scale.minKey = storedMin;
  scale.maxKey = storedMax;
  if (type != KeyType::F32 && lowest >= zero) {
    scale.fromZero = true;
    // The bottom of the range moves to key 0: the stored minimum, or the inverted zero on top.
    if (descending) scale.maxKey = ~zero;
    else scale.minKey = zero;
    scale.text = highest == zero ? "bars: every key is 0 (full height)"
                                 : "bar height = key / " + highText + " of the full height (0 at the axis)";
    return scale;
  }
  scale.text = "bars from the smallest key, " + lowText + ", at the axis to the largest, " + highText + ", at the top" +
               (type == KeyType::F32 ? " (float keys: in the keys' order, not to scale)" : " (keys below 0)");
  return scale;
}

}  // namespace shadersort::render
