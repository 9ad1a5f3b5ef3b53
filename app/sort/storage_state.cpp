#include "sort/storage_state.h"

#include "gl/compute.h"
#include "sort/state_readback.h"

namespace shadersort {

SortData downloadSortData(const SortShape& shape, const gl::Buffer& keys, const gl::Buffer& values) {
  countStateReadback();
  SortData data;
  data.sequenceCount = shape.sequenceCount;
  data.sequenceLength = shape.sequenceLength;
  const std::size_t count = shape.elementCount();
  if (count == 0) return data;
  data.keys = gl::downloadWords(keys, count);
  if (shape.hasValues) data.values = gl::downloadWords(values, count);
  return data;
}

}  // namespace shadersort
