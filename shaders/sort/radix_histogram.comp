// Fast path, once per sort: counts the digits of every key at every digit place into its
// sequence's histograms, [sequence][place][digit]. A sequence's histogram of a place,
// prefix-summed, is where each digit's keys start in that place's pass. Each workgroup counts
// HISTOGRAM_PARTITIONS partitions in shared memory and adds to the global histograms once per
// sequence it met, keeping global atomics few.

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix_common.glsl"

#define PLACES (32u / RADIX_BITS)

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = HISTOGRAM_BINDING) buffer Histogram { uint histogram[]; };

shared uint localHistogram[PLACES * RADIX];

void clearLocal() {
  for (uint i = gl_LocalInvocationIndex; i < PLACES * RADIX; i += WORKGROUP_SIZE) localHistogram[i] = 0u;
}

void addToSequence(uint sequence) {
  for (uint i = gl_LocalInvocationIndex; i < PLACES * RADIX; i += WORKGROUP_SIZE) {
    uint count = localHistogram[i];
    if (count != 0u) atomicAdd(histogram[sequence * PLACES * RADIX + i], count);
  }
}

void main() {
  uint self = gl_LocalInvocationIndex;
  uint first = linearGroupId() * HISTOGRAM_PARTITIONS;
  uint sequence = partitionAt(first, PARTITION_SIZE).sequence;
  clearLocal();
  workgroupBarrier();
  for (uint p = first; p < first + HISTOGRAM_PARTITIONS; ++p) {
    Partition part = partitionAt(p, PARTITION_SIZE);
    if (part.count > 0u && part.sequence != sequence) {  // the same in the whole workgroup
      workgroupBarrier();
      addToSequence(sequence);
      workgroupBarrier();
      clearLocal();
      workgroupBarrier();
      sequence = part.sequence;
    }
    // A partition is WORKGROUP_SIZE x KEYS_PER_THREAD keys: loads first, then the counting.
    uint keys[KEYS_PER_THREAD];
    for (uint i = 0u; i < KEYS_PER_THREAD; ++i) {
      uint local = i * WORKGROUP_SIZE + self;
      keys[i] = local < part.count ? keysIn[part.start + local] : 0u;
    }
    for (uint i = 0u; i < KEYS_PER_THREAD; ++i) {
      if (i * WORKGROUP_SIZE + self >= part.count) continue;
      for (uint place = 0u; place < PLACES; ++place)
        atomicAdd(localHistogram[place * RADIX + ((keys[i] >> (place * RADIX_BITS)) & RADIX_MASK)], 1u);
    }
  }
  workgroupBarrier();
  addToSequence(sequence);
}
