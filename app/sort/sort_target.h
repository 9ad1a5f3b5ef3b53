#pragma once
// What a sorter sorts, where it already lies on the GPU: keys (and values) in buffers someone else
// owns, in the SortShape's layout (sequence after sequence, std430 uint arrays). A sorter's
// load() copies them on the GPU; nothing comes to the CPU. CPU SortData reaches the sorters
// through UploadedSortData, the adapter that uploads it.

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <optional>
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

// Segments of any lengths inside one sequence, CUB's begin/end form: `count` + 1 non-decreasing
// key positions (uint) from `offsets`. Keys [offsets[s], offsets[s + 1]) are segment s, sorted on
// its own (empty segments are fine); keys outside every segment keep their place.
struct SegmentOffsets {
  BufferRange offsets;
  std::uint32_t count = 0;
};

struct SortTarget {
  SortShape shape;
  BufferRange keys;
  BufferRange values;  // read only when shape.hasValues
  // Bits in which some keys may differ. A digit pass over bits where none differ would leave
  // the order as it is, so radix skips it: a caller who knows its keys' range says so here
  // (UploadedSortData works it out from the keys).
  std::uint32_t differingBits = 0xFFFFFFFFu;
  // Instead of the shape's uniform sequences (the shape is then one sequence): segments whose
  // offsets lie in a GPU buffer.
  std::optional<SegmentOffsets> segments{};
  // The count, read on the GPU when the sort runs (one uint at this range; nothing comes back to
  // the CPU). The shape's length is then the most it may be (a larger count counts as that), and
  // the keys from the count on keep their place.
  std::optional<BufferRange> gpuCount{};

  // Whether the target needs the segmented form (SegmentedSort) rather than uniform sequences.
  bool segmented() const { return segments.has_value() || gpuCount.has_value(); }
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
