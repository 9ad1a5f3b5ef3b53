// Fast path, once per sort, after radix_histogram.comp: turns each (sequence, place) histogram
// into where each digit's keys start in the whole array (the sequence's first element plus the
// keys of smaller digits), in place. One invocation per (sequence, place): 256 additions each.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix_common.glsl"

#define PLACES (32u / RADIX_BITS)

uniform uint u_sequenceCount;

layout(std430, binding = HISTOGRAM_BINDING) buffer Histogram { uint histogram[]; };

void main() {
  uint histogramIndex = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;  // sequence * PLACES + place
  if (histogramIndex >= u_sequenceCount * PLACES) return;
  uint base = histogramIndex * RADIX;
  uint start = (histogramIndex / PLACES) * u_sequenceLength;
  for (uint digit = 0u; digit < RADIX; ++digit) {
    uint count = histogram[base + digit];
    histogram[base + digit] = start;
    start += count;
  }
}
