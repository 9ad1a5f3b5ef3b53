// Teaching schedule of the compute odd-even transposition sort: one dispatch = one round over
// every sequence. Round g compares the pairs (i, i+1) with i = g (mod 2), one invocation per
// pair, in place (the pairs of a round are disjoint). Strict comparison: equal keys never swap,
// so the sort is stable. The round's swaps are added to its counter, which tells the CPU when an
// even and an odd round in a row changed nothing: then every neighbour pair is in order.
//
// Injected: WORKGROUP_SIZE, HAS_VALUES, KEY_BINDING, VALUE_BINDING, SWAP_COUNT_BINDING.

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"
#include "shaders/sort/work_count.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

layout(std430, binding = KEY_BINDING) buffer Keys { uint b_keys[]; };
#if HAS_VALUES
layout(std430, binding = VALUE_BINDING) buffer Values { uint b_values[]; };
#endif
layout(std430, binding = SWAP_COUNT_BINDING) buffer SwapCounts { uint b_swapCounts[]; };

#include "shaders/sort/segments.glsl"
uniform uint u_pairsPerSequence;  // pairs of this round's parity in one sequence
uniform uint u_pairCount;         // over all sequences
uniform uint u_parity;            // 0: pairs (0,1), (2,3), ...   1: pairs (1,2), (3,4), ...
uniform uint u_counter;           // this pass's word of b_swapCounts

shared uint s_swaps;

void main() {
  const uint group = linearGroupId();
  // Whole surplus groups of the 2D grid leave together, so the barriers below stay uniform.
  if (group * WORKGROUP_SIZE >= u_pairCount) return;
  if (gl_LocalInvocationIndex == 0) s_swaps = 0;
  workgroupBarrier();

  const uint pair = group * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (pair < u_pairCount) {
    const uint sequence = pair / u_pairsPerSequence;
    const uint left = segmentStart(sequence) + 2 * (pair % u_pairsPerSequence) + u_parity;
    const uint leftKey = b_keys[left];
    const uint rightKey = b_keys[left + 1];
    COUNT_WORK_ADD(WORK_COMPARISONS, 1);
    COUNT_WORK_ADD(WORK_GLOBAL_READS, 2);
    if (leftKey > rightKey) {
      COUNT_WORK_ADD(WORK_EXCHANGES, 1);
      COUNT_WORK_ADD(WORK_GLOBAL_WRITES, HAS_VALUES != 0 ? 4 : 2);
      COUNT_WORK_ADD(WORK_GLOBAL_READS, HAS_VALUES != 0 ? 2 : 0);
      b_keys[left] = rightKey;
      b_keys[left + 1] = leftKey;
#if HAS_VALUES
      const uint leftValue = b_values[left];
      b_values[left] = b_values[left + 1];
      b_values[left + 1] = leftValue;
#endif
      atomicAdd(s_swaps, 1u);
    }
  }
  workgroupBarrier();
  // One global atomic per workgroup, and none when nothing moved.
  if (gl_LocalInvocationIndex == 0 && s_swaps != 0) atomicAdd(b_swapCounts[u_counter], s_swaps);
}
