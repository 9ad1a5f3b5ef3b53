// Teaching step 2 (one level): each workgroup Blelloch-scans its 2 * WORKGROUP_SIZE entries of
// the counter matrix in place and stores their total, so that a scan of the totals followed by
// teach_add.comp completes the prefix sum over the whole matrix.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"
#include "shaders/sort/radix/blelloch.glsl"

uniform uint u_count;

layout(std430, binding = SCAN_DATA_BINDING) buffer Data { uint data[]; };
layout(std430, binding = SCAN_TOTALS_BINDING) writeonly buffer Totals { uint totals[]; };

void main() {
  uint group = linearGroupId();
  uint self = gl_LocalInvocationIndex;
  uint first = group * BLELLOCH_SIZE;
  uint indexA = first + self, indexB = first + self + WORKGROUP_SIZE;
  blellochData[self] = indexA < u_count ? data[indexA] : 0u;
  blellochData[self + WORKGROUP_SIZE] = indexB < u_count ? data[indexB] : 0u;
  uint total = blellochExclusiveScan();
  if (indexA < u_count) data[indexA] = blellochData[self];
  if (indexB < u_count) data[indexB] = blellochData[self + WORKGROUP_SIZE];
  if (self == 0u && first < u_count) totals[group] = total;
}
