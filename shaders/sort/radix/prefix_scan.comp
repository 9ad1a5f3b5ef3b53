// Fast path, portable scan, step 2 of a digit pass (one level of it): an exclusive prefix sum of
// the counter matrix [sequence][digit][partition] read as one array. In that order the matrix
// lists each sequence's digits in turn and each digit's partitions in turn, so an entry's prefix
// is exactly where that partition's keys of that digit go in the output (all sequences are
// equally long, so earlier sequences' keys are counted too). Each workgroup scans SCAN_BLOCK
// entries in place and writes their total; the totals are scanned by this same kernel, and
// prefix_add.comp adds them back.

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"
#include "shaders/sort/radix/workgroup_scan.glsl"

#define SCAN_ITEMS (SCAN_BLOCK / WORKGROUP_SIZE)
// One spare word every 32, so that invocations reading their runs of SCAN_ITEMS neighbours hit
// different banks.
#define PADDED(index) ((index) + (index) / 32u)

uniform uint u_count;

layout(std430, binding = SCAN_DATA_BINDING) buffer Data { uint data[]; };
layout(std430, binding = SCAN_TOTALS_BINDING) writeonly buffer Totals { uint totals[]; };

shared uint staging[PADDED(SCAN_BLOCK)];

void main() {
  uint self = gl_LocalInvocationIndex;
  uint block = linearGroupId();
  uint first = block * SCAN_BLOCK;
  // Coalesced in, each invocation scans its own run, coalesced out.
  for (uint i = 0u; i < SCAN_ITEMS; ++i) {
    uint local = i * WORKGROUP_SIZE + self;
    staging[PADDED(local)] = first + local < u_count ? data[first + local] : 0u;
  }
  workgroupBarrier();
  uint run = self * SCAN_ITEMS;
  uint sum = 0u;
  for (uint i = 0u; i < SCAN_ITEMS; ++i) sum += staging[PADDED(run + i)];
  uint prefix = workgroupExclusiveSum(sum);
  // The last invocation has the block's total in its own registers: no shared total to read.
  if (self == WORKGROUP_SIZE - 1u && first < u_count) totals[block] = prefix + sum;
  for (uint i = 0u; i < SCAN_ITEMS; ++i) {
    uint count = staging[PADDED(run + i)];
    staging[PADDED(run + i)] = prefix;
    prefix += count;
  }
  workgroupBarrier();
  for (uint i = 0u; i < SCAN_ITEMS; ++i) {
    uint local = i * WORKGROUP_SIZE + self;
    if (first + local < u_count) data[first + local] = staging[PADDED(local)];
  }
}
