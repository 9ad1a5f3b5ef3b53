#pragma once
// Segment offsets and a count read on the GPU, for any engine that sorts one sequence of pairs
// stably (SortTarget::segments, SortTarget::gpuCount). Two stable sorts, as CUB's segmented sort
// is often built: by key carrying each key's position, then by the group the position lies in
// (its segment's first position, or itself outside every segment and past the count), after
// which keys and values are gathered along the positions. Nothing comes to the CPU, so the
// offsets and the count may be what earlier shaders wrote.

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "gl/program.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"
#include "sort/engine.h"
#include "sort/sort_target.h"

namespace shadersort {

struct SegmentGroupsUniforms {
  std::uint32_t maxCount = 0, segmented = 0, segmentCount = 0, gpuCount = 0;
  static auto fields() {
    return std::array{compute::uniform("u_maxCount", &SegmentGroupsUniforms::maxCount),
                      compute::uniform("u_segmented", &SegmentGroupsUniforms::segmented),
                      compute::uniform("u_segmentCount", &SegmentGroupsUniforms::segmentCount),
                      compute::uniform("u_gpuCount", &SegmentGroupsUniforms::gpuCount)};
  }
};

struct SegmentGatherUniforms {
  std::uint32_t count = 0, identity = 0, pairs = 0;
  static auto fields() {
    return std::array{compute::uniform("u_count", &SegmentGatherUniforms::count),
                      compute::uniform("u_identity", &SegmentGatherUniforms::identity),
                      compute::uniform("u_pairs", &SegmentGatherUniforms::pairs)};
  }
};

class SegmentedSort {
 public:
  explicit SegmentedSort(gl::ShaderSource shaders) : shaders_(std::move(shaders)) {}

  // Sorts `target` (one sequence of up to shape.sequenceLength keys, target.segmented()) through
  // `stablePairs`, which must sort one sequence of pairs stably. Offsets as SortEngine says.
  void sort(SortEngine& stablePairs, const SortTarget& target);
  // Builds the kernels and the scratch for up to `count` keys (and as many segments), beside the
  // engine's own for `count` pairs. Returns the bytes of this scratch.
  std::size_t reserve(SortEngine& stablePairs, std::uint64_t count, bool hasValues);
  // The bytes reserve() holds beside the engine's scratch, allocating nothing.
  static std::size_t scratchBytesFor(std::uint64_t count, bool hasValues);
  std::size_t scratchBytes() const;

 private:
  void buildKernels();
  void ensureScratch(std::uint64_t count, bool hasValues);

  gl::ShaderSource shaders_;  // the context's
  compute::Kernel<SegmentGroupsUniforms> groups_;
  compute::Kernel<SegmentGatherUniforms> gather_;
  // The keys being sorted, the keys as they came (the last gather reads them), the values as
  // they came, each position's group, and the positions the two sorts carry.
  compute::StorageBuffer sortKeys_, keysKept_, valuesKept_, groupOf_, positions_;
};

}  // namespace shadersort
