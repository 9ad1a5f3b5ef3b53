// Finds, for each invocation's digit, the invocations of its subgroup holding the same digit.
// Include it first: it may enable extensions. BALLOT_KIND selects the mechanism:
//   2: GL_KHR_shader_subgroup_ballot, 1: GL_ARB_shader_ballot (both: one ballot per digit bit),
//   0: core GL 4.3, where a "subgroup" is SUBGROUP_WIDTH neighbouring invocations that compare
//      digits through shared memory.
// SUBGROUP_SYNC() orders shared memory between the invocations of one subgroup (the whole
// workgroup waits where there is no subgroup barrier).
// C++ checked (radix_ballot_probe.comp) that a real subgroup is SUBGROUP_WIDTH <= 32
// invocations with lane = gl_LocalInvocationIndex % SUBGROUP_WIDTH, so one uint holds a ballot.

#if BALLOT_KIND == 2
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
uint ballotMask(bool vote) {
  return subgroupBallot(vote).x;
}
#define SUBGROUP_SYNC() subgroupMemoryBarrierShared(); subgroupBarrier()
#elif BALLOT_KIND == 1
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_gpu_shader_int64 : require
uint ballotMask(bool vote) {
  return unpackUint2x32(ballotARB(vote)).x;
}
#define SUBGROUP_SYNC() barrier()  // ARB_shader_ballot has no subgroup barrier
#else
shared uint laneDigits[WORKGROUP_SIZE];
#define SUBGROUP_SYNC() barrier()
#endif

// x: how many lanes below this one hold the same digit; y: for the highest such lane (the one
// that records the group), the group's size, else 0. Invalid lanes match nobody. Every
// invocation of the workgroup must call it.
uvec2 matchPeers(uint digit, bool valid) {
  uint self = gl_LocalInvocationIndex;
  uint lane = self % SUBGROUP_WIDTH;
#if BALLOT_KIND != 0
  uint peers = ballotMask(valid);
  for (uint bit = 0u; bit < RADIX_BITS; ++bit) {
    bool set = ((digit >> bit) & 1u) != 0u;
    uint voted = ballotMask(set);
    peers &= set ? voted : ~voted;
  }
  uint below = uint(bitCount(peers & ((1u << lane) - 1u)));
  bool highest = valid && uint(findMSB(peers)) == lane;
  return uvec2(below, highest ? uint(bitCount(peers)) : 0u);
#else
  laneDigits[self] = valid ? digit : 0xFFFFFFFFu;
  barrier();
  uint first = self - lane;
  uint below = 0u, count = 0u;
  bool highest = valid;
  for (uint other = 0u; other < SUBGROUP_WIDTH; ++other) {
    if (!valid || laneDigits[first + other] != digit) continue;
    ++count;
    if (other < lane) ++below;
    if (other > lane) highest = false;
  }
  barrier();
  return uvec2(below, highest ? count : 0u);
#endif
}
