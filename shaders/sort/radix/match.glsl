// Finds, for each invocation's digit, the invocations of its subgroup holding the same digit.
// Include it first: it may enable extensions. BALLOT_KIND selects the mechanism (C++ defines it
// and the names below from radix::BallotKind, radix/ballot_kind.h):
//   BALLOT_MATCH_NV: GL_NV_shader_subgroup_partitioned (one match instruction finds the peers),
//   BALLOT_KHR: GL_KHR_shader_subgroup_ballot, BALLOT_ARB: GL_ARB_shader_ballot (both: one
//      ballot per digit bit),
//   BALLOT_SHARED: core GL 4.3, where a "subgroup" is SUBGROUP_WIDTH neighbouring invocations
//      that compare digits through shared memory.
// SUBGROUP_SYNC() orders shared memory between the invocations of one subgroup (the whole
// workgroup waits where there is no subgroup barrier).
// C++ checked (ballot_probe.comp) that a real subgroup is SUBGROUP_WIDTH <= 32
// invocations with lane = gl_LocalInvocationIndex % SUBGROUP_WIDTH, so one uint holds a ballot.

#if BALLOT_KIND == BALLOT_MATCH_NV
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_NV_shader_subgroup_partitioned : require
#define SUBGROUP_SYNC() subgroupMemoryBarrierShared(); subgroupBarrier()
#elif BALLOT_KIND == BALLOT_KHR
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
uint ballotMask(bool vote) {
  return subgroupBallot(vote).x;
}
#define SUBGROUP_SYNC() subgroupMemoryBarrierShared(); subgroupBarrier()
#elif BALLOT_KIND == BALLOT_ARB
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_gpu_shader_int64 : require
uint ballotMask(bool vote) {
  return unpackUint2x32(ballotARB(vote)).x;
}
#define SUBGROUP_SYNC() workgroupBarrier()  // ARB_shader_ballot has no subgroup barrier
#else
shared uint laneDigits[WORKGROUP_SIZE];
#define SUBGROUP_SYNC() workgroupBarrier()
#endif

#if BALLOT_KIND == BALLOT_KHR || BALLOT_KIND == BALLOT_MATCH_NV
#define SUBGROUP_ARITHMETIC 1  // workgroup_scan.glsl scans subgroup by subgroup
#endif

#include "shaders/common/workgroup_barrier.glsl"

// x: how many lanes below this one hold the same digit; y: for the highest such lane (the one
// that records the group), the group's size, else 0; z (subgroup kinds only): that highest lane.
// Invalid lanes are nobody's peers. Every invocation of the workgroup must call it.
uvec3 matchPeers(uint digit, bool valid) {
  uint self = gl_LocalInvocationIndex;
  uint lane = self % SUBGROUP_WIDTH;
#if BALLOT_KIND == BALLOT_MATCH_NV
  // Invalid lanes carry a value no digit has, so they match only each other.
  uint peers = subgroupPartitionNV(valid ? digit : 0xFFFFFFFFu).x;
  uint below = uint(bitCount(peers & ((1u << lane) - 1u)));
  uint leader = uint(findMSB(peers));
  return uvec3(below, valid && leader == lane ? uint(bitCount(peers)) : 0u, leader);
#elif BALLOT_KIND != BALLOT_SHARED
  uint peers = ballotMask(valid);
  // bit - 1 is 0 where the digit has the bit (keep the voters) and ~0 where not (keep the rest):
  // an xor, where a select compiled to more instructions in the downsweep on NVIDIA.
  for (uint bit = 0u; bit < RADIX_BITS; ++bit) {
    uint bitValue = (digit >> bit) & 1u;
    peers &= ballotMask(bitValue != 0u) ^ (bitValue - 1u);
  }
  uint below = uint(bitCount(peers & ((1u << lane) - 1u)));
  uint leader = uint(findMSB(peers));
  return uvec3(below, valid && leader == lane ? uint(bitCount(peers)) : 0u, leader);
#else
  laneDigits[self] = valid ? digit : 0xFFFFFFFFu;
  workgroupBarrier();
  uint first = self - lane;
  uint below = 0u, count = 0u;
  bool highest = valid;
  for (uint other = 0u; other < SUBGROUP_WIDTH; ++other) {
    if (!valid || laneDigits[first + other] != digit) continue;
    ++count;
    if (other < lane) ++below;
    if (other > lane) highest = false;
  }
  workgroupBarrier();
  return uvec3(below, highest ? count : 0u, 0u);
#endif
}
