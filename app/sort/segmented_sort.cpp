#include "sort/segmented_sort.h"

#include <glad/gl.h>

#include <bit>
#include <stdexcept>

#include "gl/compute.h"

namespace shadersort {
namespace {

constexpr std::uint32_t kWorkgroup = 256;
// shaders/sort/segmented/groups.comp
constexpr GLuint kOffsetsBinding = 0, kCountBinding = 1, kKeysBinding = 2, kSortKeysBinding = 3, kKeysKeptBinding = 4,
                 kGroupsBinding = 5, kPositionsBinding = 6;
// shaders/sort/segmented/gather.comp
constexpr GLuint kFromBinding = 0, kIndexBinding = 1, kToBinding = 2, kSecondFromBinding = 3, kSecondToBinding = 4;

// The mask of the low bits that numbers below `count` can use.
std::uint32_t bitsBelow(std::uint64_t count) {
  const auto bits = static_cast<std::uint32_t>(std::bit_width(count <= 1 ? 0 : count - 1));
  return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1u;
}

}  // namespace

void SegmentedSort::buildKernels() {
  if (groups_) return;
  const gl::ShaderDefines defines = gl::ShaderDefines().set("WORKGROUP_SIZE", std::int64_t{kWorkgroup});
  groups_ = compute::Kernel<SegmentGroupsUniforms>(shaders_, "shaders/sort/segmented/groups.comp", defines);
  gather_ = compute::Kernel<SegmentGatherUniforms>(shaders_, "shaders/sort/segmented/gather.comp", defines);
}

void SegmentedSort::ensureScratch(std::uint64_t count, bool hasValues) {
  const std::size_t bytes = count * 4;
  sortKeys_.ensure("segmented sort: keys", bytes);
  keysKept_.ensure("segmented sort: keys kept", bytes);
  groupOf_.ensure("segmented sort: groups", bytes);
  positions_.ensure("segmented sort: positions", bytes);
  if (hasValues) valuesKept_.ensure("segmented sort: values kept", bytes);
}

std::size_t SegmentedSort::reserve(SortEngine& stablePairs, std::uint64_t count, bool hasValues) {
  buildKernels();
  ensureScratch(count, hasValues);
  stablePairs.reserve(SortShape{1, static_cast<std::uint32_t>(count), true});
  return scratchBytes();
}

std::size_t SegmentedSort::scratchBytesFor(std::uint64_t count, bool hasValues) {
  return static_cast<std::size_t>(count) * 4 * (hasValues ? 5 : 4);
}

std::size_t SegmentedSort::scratchBytes() const {
  return sortKeys_.bytes() + keysKept_.bytes() + valuesKept_.bytes() + groupOf_.bytes() + positions_.bytes();
}

void SegmentedSort::sort(SortEngine& stablePairs, const SortTarget& target) {
  if (target.shape.sequenceCount != 1)
    throw std::invalid_argument("segmented sort: segment offsets or a GPU count need one sequence");
  const std::uint32_t count = target.shape.sequenceLength;
  const bool hasValues = target.shape.hasValues;
  for (const BufferRange* range : {&target.keys, hasValues ? &target.values : nullptr,
                                   target.segments ? &target.segments->offsets : nullptr,
                                   target.gpuCount ? &*target.gpuCount : nullptr})
    if (range != nullptr && !compute::alignedForStorage(range->offset))
      throw std::invalid_argument("segmented sort: offsets must be multiples of "
                                  "GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT");
  // Fewer than two keys, or no segment at all: nothing can move.
  if (count < 2 || (target.segments && target.segments->count == 0)) return;
  buildKernels();
  ensureScratch(count, hasValues);
  const std::size_t bytes = std::size_t{count} * 4;
  const compute::StorageRange keys{target.keys.buffer, target.keys.offset, bytes};
  const compute::StorageRange values{target.values.buffer, target.values.offset, bytes};
  const std::uint64_t workgroups = gl::divideRoundingUp(count, kWorkgroup);

  // Groups and positions; the keys copied twice. Absent offsets or count bind a buffer never read.
  if (target.segments)
    compute::StorageRange{target.segments->offsets.buffer, target.segments->offsets.offset,
                          (std::size_t{target.segments->count} + 1) * 4}
        .bind(kOffsetsBinding);
  else
    positions_.bind(kOffsetsBinding);
  if (target.gpuCount)
    compute::StorageRange{target.gpuCount->buffer, target.gpuCount->offset, 4}.bind(kCountBinding);
  else
    positions_.bind(kCountBinding);
  keys.bind(kKeysBinding);
  sortKeys_.bind(kSortKeysBinding);
  keysKept_.bind(kKeysKeptBinding);
  groupOf_.bind(kGroupsBinding);
  positions_.bind(kPositionsBinding);
  groups_.dispatch({.maxCount = count,
                    .segmented = target.segments ? 1u : 0u,
                    .segmentCount = target.segments ? target.segments->count : 0u,
                    .gpuCount = target.gpuCount ? 1u : 0u},
                   workgroups);
  if (hasValues) {
    values.bind(kFromBinding);
    positions_.bind(kIndexBinding);  // not read
    valuesKept_.bind(kToBinding);
    valuesKept_.bind(kSecondFromBinding);  // not read
    valuesKept_.bind(kSecondToBinding);    // not written
    gather_.dispatch({.count = count, .identity = 1, .pairs = 0}, workgroups);
  }

  const auto sortBy = [&](std::uint32_t differingBits) {
    stablePairs.sortInPlace(SortTarget{.shape = {1, count, true},
                                       .keys = {sortKeys_.id(), 0},
                                       .values = {positions_.id(), 0},
                                       .differingBits = differingBits});
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  };
  sortBy(target.differingBits);
  // Each position's group, in the key order: sortKeys[i] = groups[positions[i]].
  groupOf_.bind(kFromBinding);
  positions_.bind(kIndexBinding);
  sortKeys_.bind(kToBinding);
  groupOf_.bind(kSecondFromBinding);  // not read
  groupOf_.bind(kSecondToBinding);    // not written
  gather_.dispatch({.count = count, .identity = 0, .pairs = 0}, workgroups);
  sortBy(bitsBelow(count));

  // The keys (and values) as they came, in the order the positions now give, into the target.
  keysKept_.bind(kFromBinding);
  positions_.bind(kIndexBinding);
  keys.bind(kToBinding);
  if (hasValues) {
    valuesKept_.bind(kSecondFromBinding);
    values.bind(kSecondToBinding);
  } else {
    keysKept_.bind(kSecondFromBinding);  // not read
    groupOf_.bind(kSecondToBinding);     // not written
  }
  gather_.dispatch({.count = count, .identity = 0, .pairs = hasValues ? 1u : 0u}, workgroups);
}

}  // namespace shadersort
