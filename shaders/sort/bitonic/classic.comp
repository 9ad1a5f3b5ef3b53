// One compare-exchange step of the textbook bitonic network (bitonic-classic) over sequences
// padded to P = 2^u_paddedLog2 positions, the padding stored as +infinity keys. One invocation
// per pair (i, i + d): blocks of u_mergeWidth alternate direction by index, so the lower
// position keeps the smaller key in an even block and the larger in an odd one. A padding key
// compares above every real key, even an equal one (b_ranks marks it), so that the padding lies
// where the CPU's 0-1 model says (bitonic_classic_schedule.h).
// Injected: WORKGROUP_SIZE, KEY_BINDING, VALUE_BINDING, RANK_BINDING, HAS_VALUES (0 or 1).

#include "shaders/common/grid.glsl"
#include "shaders/sort/work_count.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

layout(std430, binding = KEY_BINDING) buffer Keys { uint b_keys[]; };
#if HAS_VALUES
layout(std430, binding = VALUE_BINDING) buffer Values { uint b_values[]; };
#endif
// Per position of a sequence, before this step: its rank among the real keys, or kNoRank.
layout(std430, binding = RANK_BINDING) readonly buffer Ranks { uint b_ranks[]; };

uniform uint u_paddedLog2;
uniform uint u_mergeWidth;
uniform uint u_distance;
uniform uint u_pairCount;  // S * P / 2

const uint kNoRank = 0xFFFFFFFFu;

void main() {
  const uint pair = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (pair >= u_pairCount) return;
  // The pair's lower position: the pair index with a zero inserted at the distance's bit.
  const uint low = pair & (u_distance - 1u);
  const uint lower = ((pair ^ low) << 1u) | low;
  const uint upper = lower | u_distance;
  const uint position = lower & ((1u << u_paddedLog2) - 1u);
  const bool ascending = (position & u_mergeWidth) == 0u;

  const uint keyLower = b_keys[lower], keyUpper = b_keys[upper];
  COUNT_WORK_ADD(WORK_GLOBAL_READS, 2);
  COUNT_WORK_ADD(WORK_COMPARISONS, 1);
  const bool padLower = b_ranks[position] == kNoRank, padUpper = b_ranks[position | u_distance] == kNoRank;
  // (key, is padding) in lexicographic order.
  const bool lowerAbove = keyLower > keyUpper || (keyLower == keyUpper && padLower && !padUpper);
  const bool upperAbove = keyUpper > keyLower || (keyLower == keyUpper && padUpper && !padLower);
  if (!(ascending ? lowerAbove : upperAbove)) return;

  COUNT_WORK_ADD(WORK_EXCHANGES, 1);
  COUNT_WORK_ADD(WORK_GLOBAL_WRITES, 2 * (1 + HAS_VALUES));
  b_keys[lower] = keyUpper;
  b_keys[upper] = keyLower;
#if HAS_VALUES
  COUNT_WORK_ADD(WORK_GLOBAL_READS, 2);
  const uint valueLower = b_values[lower];
  b_values[lower] = b_values[upper];
  b_values[upper] = valueLower;
#endif
}
