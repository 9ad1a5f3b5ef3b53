// to[i] = from[index[i]] for i < u_count: the library's segmented sort moves groups, keys and
// values along the positions its sorts carried.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

layout(std430, binding = 0) readonly buffer From { uint b_from[]; };
layout(std430, binding = 1) readonly buffer Index { uint b_index[]; };
layout(std430, binding = 2) writeonly buffer To { uint b_to[]; };

uniform uint u_count;

void main() {
  const uint at = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (at < u_count) b_to[at] = b_from[b_index[at]];
}
