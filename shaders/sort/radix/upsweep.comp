// Fast path, portable scan, step 1 of a digit pass: each partition counts its digits in shared
// memory and writes the counts into the [sequence][digit][partition] matrix.

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = COUNTERS_BINDING) writeonly buffer Counters { uint counters[]; };

shared uint localCounts[RADIX];

void main() {
  Partition part = partitionAt(linearGroupId(), PARTITION_SIZE);
  uint self = gl_LocalInvocationIndex;
  for (uint digit = self; digit < RADIX; digit += WORKGROUP_SIZE) localCounts[digit] = 0u;
  workgroupBarrier();
  // Loads first (a constant trip count unrolls), so that they are in flight together.
  uint keys[KEYS_PER_THREAD];
  for (uint i = 0u; i < KEYS_PER_THREAD; ++i) {
    uint local = i * WORKGROUP_SIZE + self;
    keys[i] = local < part.count ? keysIn[part.start + local] : 0u;
  }
  for (uint i = 0u; i < KEYS_PER_THREAD; ++i)
    if (i * WORKGROUP_SIZE + self < part.count) atomicAdd(localCounts[digitOf(keys[i])], 1u);
  workgroupBarrier();
  if (part.count == 0u) return;
  for (uint digit = self; digit < RADIX; digit += WORKGROUP_SIZE) counters[counterIndex(part, digit)] = localCounts[digit];
}
