// Teaching step 1 of a digit pass: per block of 2 * WORKGROUP_SIZE keys, for each of the RADIX
// digit values, flag the keys with that digit and Blelloch-scan the flags. A key's scanned flag
// is its offset among the equal digits of its block; the scan's total is the block's count of
// that digit, stored digit-major in the counter matrix for step 2.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"
#include "shaders/sort/radix/blelloch.glsl"

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = OFFSETS_BINDING) writeonly buffer Offsets { uint offsets[]; };
layout(std430, binding = COUNTERS_BINDING) writeonly buffer Counters { uint counters[]; };

void main() {
  Partition part = partitionAt(linearGroupId(), BLELLOCH_SIZE);
  uint self = gl_LocalInvocationIndex;
  // Each invocation owns two keys, WORKGROUP_SIZE apart so that the loads are coalesced.
  uint localA = self, localB = self + WORKGROUP_SIZE;
  bool validA = localA < part.count, validB = localB < part.count;
  uint digitA = validA ? digitOf(keysIn[part.start + localA]) : RADIX;  // RADIX matches no digit
  uint digitB = validB ? digitOf(keysIn[part.start + localB]) : RADIX;
  uint offsetA = 0u, offsetB = 0u;

  for (uint digit = 0u; digit < RADIX; ++digit) {
    blellochData[localA] = digitA == digit ? 1u : 0u;
    blellochData[localB] = digitB == digit ? 1u : 0u;
    uint total = blellochExclusiveScan();
    if (digitA == digit) offsetA = blellochData[localA];
    if (digitB == digit) offsetB = blellochData[localB];
    if (self == 0u && part.count > 0u) counters[counterIndex(part, digit)] = total;
    workgroupBarrier();  // everyone has read its offset before the next digit's flags overwrite them
  }
  if (validA) offsets[part.start + localA] = offsetA;
  if (validB) offsets[part.start + localB] = offsetB;
}
