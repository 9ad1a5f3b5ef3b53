// Fast path, portable scan, step 2 of a digit pass: turns each (sequence, digit) column of the
// partition counts into an exclusive prefix along the column: the keys of that digit in the
// sequence's earlier partitions. (Where the digit starts in the sequence comes from the upfront
// histogram, in radix_downsweep.comp.)
//   SHORT_COLUMNS == 1: one invocation per column, serially (images: a few partitions per sequence);
//   SHORT_COLUMNS == 0: one workgroup per column, SCAN_ITEMS entries per invocation and step.

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix_common.glsl"

uniform uint u_sequenceCount;

layout(std430, binding = COUNTERS_BINDING) buffer Counters { uint counters[]; };

#if SHORT_COLUMNS

void main() {
  uint column = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (column >= u_sequenceCount * RADIX) return;
  uint first = column * u_partsPerSequence;
  uint sum = 0u;
  for (uint i = 0u; i < u_partsPerSequence; ++i) {
    uint count = counters[first + i];
    counters[first + i] = sum;
    sum += count;
  }
}

#else

#include "shaders/sort/radix_workgroup_scan.glsl"

void main() {
  uint column = linearGroupId();
  uint self = gl_LocalInvocationIndex;
  uint columnStart = column * u_partsPerSequence;
  uint columnLength = column < u_sequenceCount * RADIX ? u_partsPerSequence : 0u;
  uint carry = 0u;
  for (uint chunk = 0u; chunk < columnLength; chunk += WORKGROUP_SIZE * SCAN_ITEMS) {
    uint first = chunk + self * SCAN_ITEMS;
    uint items[SCAN_ITEMS];
    uint sum = 0u;
    for (uint i = 0u; i < SCAN_ITEMS; ++i) {
      items[i] = first + i < columnLength ? counters[columnStart + first + i] : 0u;
      sum += items[i];
    }
    uint chunkTotal;
    uint prefix = carry + workgroupExclusiveSum(sum, chunkTotal);
    for (uint i = 0u; i < SCAN_ITEMS; ++i) {
      if (first + i < columnLength) counters[columnStart + first + i] = prefix;
      prefix += items[i];
    }
    carry += chunkTotal;
  }
}

#endif
