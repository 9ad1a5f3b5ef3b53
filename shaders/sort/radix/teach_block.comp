// Teaching step 1 of a digit pass: per block of 2 * WORKGROUP_SIZE keys, for each of the RADIX
// digit values, flag the keys with that digit and Blelloch-scan the flags. A key's scanned flag
// is its offset among the equal digits of its block; the scan's total is the block's count of
// that digit, stored digit-major in the counter matrix for step 2.
//
// The flags of eight digit values travel together, one per 16-bit lane of a uvec4 (a block's
// count of a digit never reaches 2^16), so one Blelloch scan does the work of eight: two scans
// per block instead of sixteen, each a few dozen barriers (sixteen scans dominated the
// teaching sort's time).

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"
#define BLELLOCH_TYPE uvec4
#define BLELLOCH_WORDS 4u
#include "shaders/sort/radix/blelloch.glsl"
#include "shaders/sort/work_count.glsl"

#define DIGITS_PER_SCAN 8u  // 16-bit lanes of a uvec4
#if RADIX_BITS < 3
#error a scan holds DIGITS_PER_SCAN digit values: RADIX must be a multiple of it
#endif

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = OFFSETS_BINDING) writeonly buffer Offsets { uint offsets[]; };
layout(std430, binding = COUNTERS_BINDING) writeonly buffer Counters { uint counters[]; };

// A 1 in lane `lane` (lanes past the last hold nothing: the flag of another scan).
uvec4 flagInLane(uint lane) {
  uvec4 flags = uvec4(0u);
  if (lane < DIGITS_PER_SCAN) flags[lane >> 1] = 1u << ((lane & 1u) * 16u);
  return flags;
}

uint countInLane(uvec4 counts, uint lane) {
  return (counts[lane >> 1] >> ((lane & 1u) * 16u)) & 0xFFFFu;
}

void main() {
  // Surplus groups of the 2D grid leave together (the barriers stay uniform) and scan nothing.
  if (linearGroupId() >= u_partitionCount) return;
  Partition part = partitionAt(linearGroupId(), BLELLOCH_SIZE);
  uint self = gl_LocalInvocationIndex;
  // Each invocation owns two keys, WORKGROUP_SIZE apart so that the loads are coalesced.
  uint localA = self, localB = self + WORKGROUP_SIZE;
  bool validA = localA < part.count, validB = localB < part.count;
  uint digitA = validA ? digitOf(keysIn[part.start + localA]) : RADIX;  // RADIX matches no digit
  uint digitB = validB ? digitOf(keysIn[part.start + localB]) : RADIX;
  uint offsetA = 0u, offsetB = 0u;
  // Each key read once and counted into its digit's bucket (the flag its digit's scan adds up).
  COUNT_WORK_ADD(WORK_GLOBAL_READS, uint(validA) + uint(validB));
  COUNT_WORK_ADD(WORK_HISTOGRAM_INCREMENTS, uint(validA) + uint(validB));

  for (uint firstDigit = 0u; firstDigit < RADIX; firstDigit += DIGITS_PER_SCAN) {
    // Lanes count from firstDigit; smaller digits wrap to large lanes and are left out.
    uint laneA = digitA - firstDigit, laneB = digitB - firstDigit;
    blellochData[localA] = flagInLane(laneA);
    blellochData[localB] = flagInLane(laneB);
    COUNT_WORK_ADD(WORK_SHARED_WRITES, 2u * BLELLOCH_WORDS);
    uvec4 totals = blellochExclusiveScan();
    // A key's offset is read from its digit's scan only (a uvec4 slot: all its words).
    if (laneA < DIGITS_PER_SCAN) offsetA = countInLane(blellochData[localA], laneA);
    if (laneB < DIGITS_PER_SCAN) offsetB = countInLane(blellochData[localB], laneB);
    COUNT_WORK_ADD(WORK_SHARED_READS, (uint(laneA < DIGITS_PER_SCAN) + uint(laneB < DIGITS_PER_SCAN)) * BLELLOCH_WORDS);
    if (self < DIGITS_PER_SCAN && part.count > 0u)
      counters[counterIndex(part, firstDigit + self)] = countInLane(totals, self);
    workgroupBarrier();  // everyone has read its offset before the next scan's flags overwrite them
  }
  if (validA) offsets[part.start + localA] = offsetA;
  if (validB) offsets[part.start + localB] = offsetB;
}
