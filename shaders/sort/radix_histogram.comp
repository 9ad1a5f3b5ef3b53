// Fast path, once per sort: each partition counts the digits of its keys at every digit place
// in shared memory and adds them to its sequence's histograms, [sequence][place][digit]. A
// sequence's histogram of a place, prefix-summed, is where each digit's keys start in that pass.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix_common.glsl"

#define PLACES (32u / RADIX_BITS)

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = HISTOGRAM_BINDING) buffer Histogram { uint histogram[]; };

shared uint localHistogram[PLACES * RADIX];

void main() {
  Partition part = partitionAt(linearGroupId(), PARTITION_SIZE);
  uint self = gl_LocalInvocationIndex;
  for (uint i = self; i < PLACES * RADIX; i += WORKGROUP_SIZE) localHistogram[i] = 0u;
  barrier();
  for (uint local = self; local < part.count; local += WORKGROUP_SIZE) {
    uint key = keysIn[part.start + local];
    for (uint place = 0u; place < PLACES; ++place)
      atomicAdd(localHistogram[place * RADIX + ((key >> (place * RADIX_BITS)) & RADIX_MASK)], 1u);
  }
  barrier();
  for (uint i = self; i < PLACES * RADIX; i += WORKGROUP_SIZE) {
    uint count = localHistogram[i];
    if (count != 0u) atomicAdd(histogram[part.sequence * PLACES * RADIX + i], count);
  }
}
