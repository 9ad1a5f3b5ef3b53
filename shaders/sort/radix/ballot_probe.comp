// Run once per sorter when a ballot extension exists: reports the subgroup size if subgroups
// are laid out as match.glsl assumes (size <= 32, lane = local index % size, ballot bit i
// = lane i), else 0, so that the sorter can fall back to the core path.

#if BALLOT_KIND == BALLOT_KHR || BALLOT_KIND == BALLOT_MATCH_NV
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#if BALLOT_KIND == BALLOT_MATCH_NV
#extension GL_NV_shader_subgroup_partitioned : require
#endif
#else
#extension GL_ARB_shader_ballot : require
#extension GL_ARB_gpu_shader_int64 : require
#endif

layout(local_size_x = WORKGROUP_SIZE) in;

layout(std430, binding = PROBE_BINDING) writeonly buffer Report { uint report[]; };

void main() {
  uint self = gl_LocalInvocationIndex;
#if BALLOT_KIND == BALLOT_KHR || BALLOT_KIND == BALLOT_MATCH_NV
  uint size = gl_SubgroupSize;
  uint lane = gl_SubgroupInvocationID;
  bool idMatches = gl_SubgroupID == self / max(size, 1u);
  uint all = subgroupBallot(true).x;
  uint odd = subgroupBallot((lane & 1u) != 0u).x;
#else
  uint size = gl_SubGroupSizeARB;
  uint lane = gl_SubGroupInvocationARB;
  bool idMatches = true;
  uint all = unpackUint2x32(ballotARB(true)).x;
  uint odd = unpackUint2x32(ballotARB((lane & 1u) != 0u)).x;
#endif
  uint full = size >= 32u ? 0xFFFFFFFFu : (1u << size) - 1u;
  bool ok = size >= 1u && size <= 32u && idMatches && lane == self % size && all == full && odd == (full & 0xAAAAAAAAu);
#if BALLOT_KIND == BALLOT_KHR || BALLOT_KIND == BALLOT_MATCH_NV
  // The shuffle hands a value from a chosen lane.
  uint next = (lane + 1u) % max(size, 1u);
  ok = ok && subgroupShuffle(lane, next) == next;
#endif
#if BALLOT_KIND == BALLOT_MATCH_NV
  // The match instruction: lanes of equal parity find each other.
  ok = ok && subgroupPartitionNV(lane & 1u).x == ((lane & 1u) != 0u ? odd : full & ~odd);
#endif
  report[self] = ok ? size : 0u;
}
