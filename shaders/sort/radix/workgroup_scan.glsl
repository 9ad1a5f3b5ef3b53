// Exclusive prefix sum across the workgroup, one value per invocation: with subgroup arithmetic
// (match.glsl defines SUBGROUP_ARITHMETIC for the KHR rankings) per subgroup, else
// Hillis-Steele in shared memory, log2(WORKGROUP_SIZE) steps. Every invocation must call it (it
// holds barriers). It gives no total on purpose: a total that every invocation reads from shared
// memory and the next call overwrites is what went wrong on NVIDIA (docs/BENCHMARKS.md).

#include "shaders/common/workgroup_barrier.glsl"

#ifdef SUBGROUP_ARITHMETIC

// Subgroups scan themselves; each one's last lane posts the subgroup's total (from its own
// register), and every invocation adds the totals of the subgroups before its own. Two barriers
// instead of 2 log2(WORKGROUP_SIZE) + 2. The totals are rewritten one barrier after they are
// read, so a kernel calls this once.
shared uint subgroupTotals[WORKGROUP_SIZE / SUBGROUP_WIDTH];

uint workgroupExclusiveSum(uint value) {
  uint self = gl_LocalInvocationIndex;
  uint subgroup = self / SUBGROUP_WIDTH;
  uint inclusive = subgroupInclusiveAdd(value);
  if (self % SUBGROUP_WIDTH == SUBGROUP_WIDTH - 1u) subgroupTotals[subgroup] = inclusive;
  workgroupBarrier();
  uint before = 0u;
  for (uint s = 0u; s < subgroup; ++s) before += subgroupTotals[s];
  workgroupBarrier();
  return before + inclusive - value;
}

#else

shared uint scanScratch[WORKGROUP_SIZE];

uint workgroupExclusiveSum(uint value) {
  uint self = gl_LocalInvocationIndex;
  scanScratch[self] = value;
  workgroupBarrier();
  for (uint offset = 1u; offset < WORKGROUP_SIZE; offset <<= 1) {
    uint left = self >= offset ? scanScratch[self - offset] : 0u;
    workgroupBarrier();
    scanScratch[self] += left;
    workgroupBarrier();
  }
  uint inclusive = scanScratch[self];
  workgroupBarrier();  // the scratch is free again for the next call
  return inclusive - value;
}

#endif
