// Teaching step 2 (one level): each workgroup scans its SCAN_BLOCK entries of the counter
// matrix in place and stores their total, so that a scan of the totals followed by
// teach_add.comp completes the prefix sum over the whole matrix.
//
// Each of the Blelloch scan's 2 * WORKGROUP_SIZE slots stands for ITEMS consecutive entries:
// their sum goes into the scan, and the slot's exclusive prefix is then spread back over them.
// The same work-efficient scan, ITEMS times the entries per workgroup, so a small sort's
// counters take one dispatch instead of three.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"
#include "shaders/sort/radix/blelloch.glsl"
#include "shaders/sort/work_count.glsl"

#define ITEMS (SCAN_BLOCK / BLELLOCH_SIZE)

uniform uint u_count;

layout(std430, binding = SCAN_DATA_BINDING) buffer Data { uint data[]; };
layout(std430, binding = SCAN_TOTALS_BINDING) writeonly buffer Totals { uint totals[]; };

// The entries of slot `slot` (first entry `first`) summed into the scan.
uint slotSum(uint first) {
  uint sum = 0u;
  for (uint i = 0u; i < ITEMS; ++i)
    if (first + i < u_count) sum += data[first + i];
  return sum;
}

// Replaces the slot's entries with their exclusive prefix, starting from the slot's own.
void spreadPrefix(uint first, uint prefix) {
  for (uint i = 0u; i < ITEMS; ++i) {
    if (first + i >= u_count) return;
    uint entry = data[first + i];
    data[first + i] = prefix;
    COUNT_WORK_ADD(WORK_SCAN_STEPS, 1);
    prefix += entry;
  }
}

void main() {
  uint group = linearGroupId();
  uint self = gl_LocalInvocationIndex;
  uint first = group * SCAN_BLOCK;
  // Surplus groups of the 2D grid leave together (the barriers stay uniform) and scan nothing.
  if (first >= u_count) return;
  uint firstA = first + self * ITEMS, firstB = first + (self + WORKGROUP_SIZE) * ITEMS;
  blellochData[self] = slotSum(firstA);
  blellochData[self + WORKGROUP_SIZE] = slotSum(firstB);
  COUNT_WORK_ADD(WORK_SHARED_WRITES, 2u);
  uint total = blellochExclusiveScan();
  COUNT_WORK_ADD(WORK_SHARED_READS, 2u);
  spreadPrefix(firstA, blellochData[self]);
  spreadPrefix(firstB, blellochData[self + WORKGROUP_SIZE]);
  if (self == 0u) totals[group] = total;
}
