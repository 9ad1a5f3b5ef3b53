#pragma once
// What a sorter sorts, where it already lies on the GPU: keys (and values) in buffers someone else
// owns, in the SortShape's layout (sequence after sequence, std430 uint arrays). A sorter's
// load() copies them on the GPU; nothing comes to the CPU. CPU SortData reaches the sorters
// through UploadedSortData, the adapter that uploads it.

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "gl/handles.h"
#include "sort/compute/storage_buffer.h"
#include "sort/sort_data.h"

namespace shadersort {

// Words of a buffer from byte `offset` on (a multiple of 4), not owned.
struct BufferRange {
  GLuint buffer = 0;
  std::size_t offset = 0;
};

struct SortTarget {
  SortShape shape;
  BufferRange keys;
  BufferRange values;  // read only when shape.hasValues
  // Bits in which some keys may differ. A digit pass over bits where none differ would leave
  // the order as it is, so radix skips it: a caller who knows its keys' range says so here
  // (UploadedSortData works it out from the keys).
  std::uint32_t differingBits = 0xFFFFFFFFu;
};

// The bits in which `keys` differ (0 for fewer than two keys).
std::uint32_t differingBits(const std::vector<std::uint32_t>& keys);

// CPU SortData uploaded into buffers of its own, as a SortTarget.
class UploadedSortData {
 public:
  explicit UploadedSortData(const SortData& data);
  SortTarget target() const;

 private:
  SortShape shape_;
  std::uint32_t differingBits_ = 0;
  gl::Buffer keys_, values_;
};

// A storage buffer holding a copy, made on the GPU, of `bytes` bytes of `range` (after the writes
// of earlier shaders).
compute::StorageBuffer storageCopyOf(std::string_view label, const BufferRange& range, std::size_t bytes);
// The same into `into`, which is kept when it is large enough (scratch that only grows).
void copyIntoStorage(compute::StorageBuffer& into, std::string_view label, const BufferRange& range, std::size_t bytes);

}  // namespace shadersort
