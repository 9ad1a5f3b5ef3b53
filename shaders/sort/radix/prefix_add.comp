// Fast path, portable scan, back down one level: adds each block's scanned total to the block's
// SCAN_BLOCK entries (see prefix_scan.comp).

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

uniform uint u_count;

layout(std430, binding = SCAN_DATA_BINDING) buffer Data { uint data[]; };
layout(std430, binding = SCAN_TOTALS_BINDING) readonly buffer Totals { uint totals[]; };

void main() {
  uint block = linearGroupId();
  uint first = block * SCAN_BLOCK;
  if (first >= u_count) return;
  uint add = totals[block];
  for (uint i = gl_LocalInvocationIndex; i < SCAN_BLOCK; i += WORKGROUP_SIZE)
    if (first + i < u_count) data[first + i] += add;
}
