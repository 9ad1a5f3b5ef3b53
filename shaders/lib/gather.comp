// to[i] = from[index[i]] for i < u_count (with u_identity, to[i] = from[i]: a copy at a shader's
// speed, where glCopyBufferSubData moves 177 GB/s on an H100): the library's segmented sort moves
// groups, keys and values along the positions its sorts carried.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

layout(std430, binding = 0) readonly buffer From { uint b_from[]; };
layout(std430, binding = 1) readonly buffer Index { uint b_index[]; };
layout(std430, binding = 2) writeonly buffer To { uint b_to[]; };

uniform uint u_count;
uniform uint u_identity;

void main() {
  const uint at = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (at < u_count) b_to[at] = b_from[u_identity != 0u ? at : b_index[at]];
}
