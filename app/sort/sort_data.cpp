#include "sort/sort_data.h"

namespace shadersort {

SortData singleSequence(std::vector<std::uint32_t> keys, std::vector<std::uint32_t> values) {
  SortData data;
  data.sequenceCount = 1;
  data.sequenceLength = static_cast<std::uint32_t>(keys.size());
  data.keys = std::move(keys);
  data.values = std::move(values);
  return data;
}

}  // namespace shadersort
