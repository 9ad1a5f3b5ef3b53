// to[i] = from[index[i]] for i < u_count, and the same from a second buffer into a second one
// with u_pairs (with u_identity, to[i] = from[i]: a copy at a shader's speed, where
// glCopyBufferSubData moves 177 GB/s on an H100). The segmented sort moves groups, keys and
// values along the positions its two sorts carried (app/sort/segmented_sort.cpp).

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

layout(std430, binding = 0) readonly buffer From { uint b_from[]; };
layout(std430, binding = 1) readonly buffer Index { uint b_index[]; };
layout(std430, binding = 2) writeonly buffer To { uint b_to[]; };
layout(std430, binding = 3) readonly buffer SecondFrom { uint b_secondFrom[]; };
layout(std430, binding = 4) writeonly buffer SecondTo { uint b_secondTo[]; };

uniform uint u_count;
uniform uint u_identity;
uniform uint u_pairs;

void main() {
  const uint at = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (at >= u_count) return;
  const uint from = u_identity != 0u ? at : b_index[at];
  b_to[at] = b_from[from];
  if (u_pairs != 0u) b_secondTo[at] = b_secondFrom[from];
}
