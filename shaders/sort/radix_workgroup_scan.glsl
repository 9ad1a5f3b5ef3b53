// Exclusive prefix sum across the workgroup, one value per invocation (Hillis-Steele in shared
// memory: log2(WORKGROUP_SIZE) steps). Every invocation must call it (it holds barriers).

shared uint scanScratch[WORKGROUP_SIZE];

uint workgroupExclusiveSum(uint value, out uint total) {
  uint self = gl_LocalInvocationIndex;
  scanScratch[self] = value;
  barrier();
  for (uint offset = 1u; offset < WORKGROUP_SIZE; offset <<= 1) {
    uint left = self >= offset ? scanScratch[self - offset] : 0u;
    barrier();
    scanScratch[self] += left;
    barrier();
  }
  total = scanScratch[WORKGROUP_SIZE - 1u];
  uint inclusive = scanScratch[self];
  barrier();  // the scratch is free again for the next call
  return inclusive - value;
}
