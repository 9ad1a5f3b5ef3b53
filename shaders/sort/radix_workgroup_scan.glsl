// Exclusive prefix sum across the workgroup, one value per invocation (Hillis-Steele in shared
// memory: log2(WORKGROUP_SIZE) steps). Every invocation must call it (it holds barriers). It gives
// no total on purpose: see radix_column_scan.comp for what reading one cost on NVIDIA.

#include "shaders/common/workgroup_barrier.glsl"

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
