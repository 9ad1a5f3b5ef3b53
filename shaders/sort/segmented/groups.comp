// Segment offsets and a count read on the GPU (app/sort/segmented_sort.cpp): the keys are sorted
// by key and then stably by group, carrying each key's position. A key's group is the first
// position of its segment, or its own position when it lies outside every segment or past the
// count read from the GPU: no two segments share a group, groups grow with the position, and a
// key alone in its group keeps its place. Writes each position's group and the position itself
// (the value both sorts carry), and the keys twice: the copy the first sort sorts and the copy
// the last gather reads.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

layout(std430, binding = 0) readonly buffer Offsets { uint b_offsets[]; };  // segmentCount + 1, non-decreasing
layout(std430, binding = 1) readonly buffer Count { uint b_count[]; };      // [0]: the count read on the GPU
layout(std430, binding = 2) readonly buffer Keys { uint b_keys[]; };
layout(std430, binding = 3) writeonly buffer SortKeys { uint b_sortKeys[]; };
layout(std430, binding = 4) writeonly buffer KeysKept { uint b_keysKept[]; };
layout(std430, binding = 5) writeonly buffer Groups { uint b_groups[]; };
layout(std430, binding = 6) writeonly buffer Positions { uint b_positions[]; };

uniform uint u_maxCount;      // what the buffers hold
uniform uint u_segmented;     // 0: one segment of the whole count
uniform uint u_segmentCount;  // with u_segmented
uniform uint u_gpuCount;      // 1: the count is b_count[0] (at most u_maxCount)

void main() {
  const uint at = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (at >= u_maxCount) return;
  const uint count = u_gpuCount != 0u ? min(b_count[0], u_maxCount) : u_maxCount;
  uint group = at;
  if (at < count) {
    if (u_segmented == 0u) {
      group = 0u;
    } else if (u_segmentCount > 0u && at >= b_offsets[0] && at < b_offsets[u_segmentCount]) {
      // The last segment that begins at or before `at` (segments may be empty).
      uint low = 0u, high = u_segmentCount;  // b_offsets[low] <= at < b_offsets[high]
      while (high - low > 1u) {
        const uint middle = (low + high) / 2u;
        if (b_offsets[middle] <= at) low = middle;
        else high = middle;
      }
      group = b_offsets[low];
    }
  }
  const uint key = b_keys[at];
  b_sortKeys[at] = key;
  b_keysKept[at] = key;
  b_groups[at] = group;
  b_positions[at] = at;
}
