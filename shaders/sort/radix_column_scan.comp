// Fast path, portable scan, step 2 of a digit pass: turns each (sequence, digit) column of the
// partition counts into where each partition's keys of that digit go: where the digit starts
// (radix_digit_starts.comp) plus the keys of that digit in the sequence's earlier partitions.
//   SHORT_COLUMNS == 1: one invocation per column, serially (images: a few partitions per sequence);
//   SHORT_COLUMNS == 0: one workgroup per column, a contiguous run of entries per invocation.

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix_common.glsl"

#define PLACES (32u / RADIX_BITS)

uniform uint u_sequenceCount;
uniform uint u_place;

layout(std430, binding = COUNTERS_BINDING) buffer Counters { uint counters[]; };
layout(std430, binding = HISTOGRAM_BINDING) readonly buffer DigitStarts { uint digitStarts[]; };

// Where the keys of column (sequence * RADIX + digit) start in this pass.
uint columnStartPosition(uint column) {
  return digitStarts[((column / RADIX) * PLACES + u_place) * RADIX + column % RADIX];
}

#if SHORT_COLUMNS

void main() {
  uint column = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (column >= u_sequenceCount * RADIX) return;
  uint first = column * u_partsPerSequence;
  uint sum = columnStartPosition(column);
  for (uint i = 0u; i < u_partsPerSequence; ++i) {
    uint count = counters[first + i];
    counters[first + i] = sum;
    sum += count;
  }
}

#else

#include "shaders/sort/radix_workgroup_scan.glsl"

// Each invocation owns a contiguous run of the column: it sums the run, one workgroup scan turns
// the sums into each run's start, and the run is written back in order. One scan per column and
// no carry between chunks of the column: a carry needs every invocation to read a total that
// another invocation overwrites in the next chunk, and NVIDIA's GL compiler let that read see
// the next chunk's value (whole chunks of counts went missing on an H100).
void main() {
  uint column = linearGroupId();
  uint self = gl_LocalInvocationIndex;
  uint columnStart = column * u_partsPerSequence;
  uint columnLength = column < u_sequenceCount * RADIX ? u_partsPerSequence : 0u;
  uint runLength = (columnLength + WORKGROUP_SIZE - 1u) / WORKGROUP_SIZE;
  uint first = min(self * runLength, columnLength);
  uint last = min(first + runLength, columnLength);
  uint sum = 0u;
  for (uint i = first; i < last; ++i) sum += counters[columnStart + i];
  uint prefix = workgroupExclusiveSum(sum) + (columnLength > 0u ? columnStartPosition(column) : 0u);
  for (uint i = first; i < last; ++i) {
    uint count = counters[columnStart + i];
    counters[columnStart + i] = prefix;
    prefix += count;
  }
}

#endif
