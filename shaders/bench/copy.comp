// bench --steps' yardstick: copies one buffer into another, 16 bytes per invocation, the widest
// load and store a shader has. A sort pass that moves its bytes as fast as this is memory-bound.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

layout(std430, binding = 0) readonly buffer From { uvec4 from[]; };
layout(std430, binding = 1) writeonly buffer To { uvec4 to[]; };

uniform uint u_vectors;

void main() {
  uint i = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (i < u_vectors) to[i] = from[i];
}
