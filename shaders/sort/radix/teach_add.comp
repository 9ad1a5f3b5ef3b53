// Teaching step 2 (back down one level): adds each block's scanned total to its entries.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"
#include "shaders/sort/work_count.glsl"

#define BLOCK_SIZE SCAN_BLOCK

uniform uint u_count;

layout(std430, binding = SCAN_DATA_BINDING) buffer Data { uint data[]; };
layout(std430, binding = SCAN_TOTALS_BINDING) readonly buffer Totals { uint totals[]; };

void main() {
  uint group = linearGroupId();
  uint first = group * BLOCK_SIZE;
  if (first >= u_count) return;
  uint add = totals[group];
  for (uint i = gl_LocalInvocationIndex; i < BLOCK_SIZE; i += WORKGROUP_SIZE)
    if (first + i < u_count) {
      data[first + i] += add;
      COUNT_WORK_ADD(WORK_SCAN_STEPS, 1);
    }
}
