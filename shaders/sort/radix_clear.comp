// Sets u_count words of a buffer to zero: the chained scan's status words and ticket before each
// pass, its histograms before each sort. (glClearBufferSubData took 2 ms for 64 MB on an H100.)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

uniform uint u_count;

layout(std430, binding = SCAN_DATA_BINDING) writeonly buffer Data { uint data[]; };

void main() {
  uint index = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (index < u_count) data[index] = 0u;
}
