// Fast schedule of the compute odd-even transposition sort: one dispatch runs u_rounds rounds
// (the rounds-per-dispatch setting, or fewer when the sequences are shorter), and its result
// equals that many single rounds of the teaching schedule exactly. The tile geometry arrives as
// uniforms because it depends on the sequence length as well as on the settings.
//
// A workgroup's invocations form slots of u_threadsPerSlot invocations; each slot holds a tile of
// one sequence, ITEMS_PER_THREAD consecutive elements per invocation, in registers.
//  - Long sequences (several tiles each): one slot per workgroup. A tile owns u_tileStride
//    positions and also loads u_halo = u_rounds neighbours on each side. Pairs across
//    the tile's edges are skipped, so wrong values enter at the edges; but a round moves an
//    element at most one place, so after r rounds they reach at most r places in. After all
//    rounds the owned middle is exact and only it is written, into the other buffer
//    (neighbouring tiles read overlapping halos, so the sort cannot run in place).
//  - Short sequences (one tile each): the tile is the whole sequence, whose edges are real, so
//    there is no halo, and as many sequences as fit share a workgroup.
// ITEMS_PER_THREAD is even, so the pairs of one round parity lie inside each invocation and those
// of the other are the inner pairs plus one pair across each invocation boundary, exchanged
// through shared memory. Every tile starts at the same parity, so whether a round exchanges is
// the same for the whole workgroup: every barrier is in uniform control flow.
//
// The swaps of the last two rounds (an even and an odd one) are counted, each pair by the tile
// that owns its left element: zero means the whole state is sorted.
//
// Injected: WORKGROUP_SIZE, ITEMS_PER_THREAD, HAS_VALUES, SOURCE_KEY_BINDING,
// SOURCE_VALUE_BINDING, TARGET_KEY_BINDING, TARGET_VALUE_BINDING, SWAP_COUNT_BINDING.

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

layout(std430, binding = SOURCE_KEY_BINDING) readonly buffer SourceKeys { uint b_sourceKeys[]; };
layout(std430, binding = TARGET_KEY_BINDING) writeonly buffer TargetKeys { uint b_targetKeys[]; };
#if HAS_VALUES
layout(std430, binding = SOURCE_VALUE_BINDING) readonly buffer SourceValues { uint b_sourceValues[]; };
layout(std430, binding = TARGET_VALUE_BINDING) writeonly buffer TargetValues { uint b_targetValues[]; };
#endif
layout(std430, binding = SWAP_COUNT_BINDING) buffer SwapCounts { uint b_swapCounts[]; };

#include "shaders/sort/segments.glsl"
uniform uint u_threadsPerSlot;
uniform uint u_slotsPerGroup;
uniform uint u_tilesPerSequence;
uniform uint u_tileCount;   // over all sequences
uniform int u_tileStride;   // positions a tile owns and writes
uniform int u_halo;         // positions a tile loads beyond its own on each side
uniform int u_rounds;
uniform uint u_firstRound;  // global index of this dispatch's first round; its parity picks the pairs
uniform uint u_counter;     // this pass's word of b_swapCounts

const int kLast = ITEMS_PER_THREAD - 1;

// Edge elements published for the neighbouring invocations, double-buffered so that one barrier
// per exchanging round suffices: [buffer][leftmost | rightmost][invocation].
shared uint s_edgeKeys[2 * 2 * WORKGROUP_SIZE];
#if HAS_VALUES
shared uint s_edgeValues[2 * 2 * WORKGROUP_SIZE];
#endif

uint keys[ITEMS_PER_THREAD];
#if HAS_VALUES
uint values[ITEMS_PER_THREAD];
#endif

// Orders this invocation's elements j and j + 1; true when they swapped. Strict comparison keeps
// equal keys in place (stable).
bool orderPair(int j) {
  if (keys[j] <= keys[j + 1]) return false;
  const uint key = keys[j];
  keys[j] = keys[j + 1];
  keys[j + 1] = key;
#if HAS_VALUES
  const uint value = values[j];
  values[j] = values[j + 1];
  values[j + 1] = value;
#endif
  return true;
}

void main() {
  const uint group = linearGroupId();
  // Surplus groups of the 2D grid leave as a whole, so the barriers below stay uniform.
  if (group * u_slotsPerGroup >= u_tileCount) return;
  const int invocation = int(gl_LocalInvocationIndex);
  const uint slotInGroup = gl_LocalInvocationIndex / u_threadsPerSlot;
  const int slotInvocation = int(gl_LocalInvocationIndex % u_threadsPerSlot);
  const uint tile = group * u_slotsPerGroup + slotInGroup;
  // Invocations without a tile (past the last slot or the last tile) hold only padding.
  const bool hasTile = slotInGroup < u_slotsPerGroup && tile < u_tileCount;
  const bool linkedLeft = slotInvocation > 0;
  const bool linkedRight = slotInvocation + 1 < int(u_threadsPerSlot);
  const int sequenceLength = hasTile ? int(u_sequenceLength) : 0;
  const uint sequenceStart = segmentStart(tile / u_tilesPerSequence);
  const int ownedStart = hasTile ? int(tile % u_tilesPerSequence) * u_tileStride : 0;
  const int ownedEnd = hasTile ? ownedStart + u_tileStride : 0;
  const int tileStart = ownedStart - u_halo;
  const int first = tileStart + slotInvocation * ITEMS_PER_THREAD;

  // Positions outside the sequence get keys that never swap with a real neighbour under strict
  // comparison (0 before the start, the largest key after the end): the pair does not exist.
  for (int j = 0; j < ITEMS_PER_THREAD; ++j) {
    const int position = first + j;
    const bool inside = position >= 0 && position < sequenceLength;
    const uint index = sequenceStart + uint(max(position, 0));
    keys[j] = inside ? b_sourceKeys[index] : (position < 0 ? 0u : 0xFFFFFFFFu);
#if HAS_VALUES
    values[j] = inside ? b_sourceValues[index] : 0u;
#endif
  }

  uint closingSwaps = 0u;
  for (int round = 0; round < u_rounds; ++round) {
    const bool closing = round >= u_rounds - 2;
    // Round g pairs (i, i+1) with i = g (mod 2); `first` has the parity of tileStart.
    const bool pairsInside = ((int(u_firstRound) + round - tileStart) & 1) == 0;
    if (pairsInside) {
      for (int j = 0; j < ITEMS_PER_THREAD; j += 2)
        if (orderPair(j) && closing && first + j >= ownedStart && first + j < ownedEnd) ++closingSwaps;
    } else {
      for (int j = 1; j + 1 < ITEMS_PER_THREAD; j += 2)
        if (orderPair(j) && closing && first + j >= ownedStart && first + j < ownedEnd) ++closingSwaps;

      // Consecutive exchanging rounds are two apart, so this alternates between the buffers.
      const int slots = ((round >> 1) & 1) * 2 * WORKGROUP_SIZE;
      s_edgeKeys[slots + invocation] = keys[0];
      s_edgeKeys[slots + WORKGROUP_SIZE + invocation] = keys[kLast];
#if HAS_VALUES
      s_edgeValues[slots + invocation] = values[0];
      s_edgeValues[slots + WORKGROUP_SIZE + invocation] = values[kLast];
#endif
      workgroupBarrier();
      // Both sides of a pair make the same strict comparison, so the elements trade places whole.
      // Invocations of different slots hold different tiles: no pair between them.
      if (linkedRight) {
        const uint rightKey = s_edgeKeys[slots + invocation + 1];
        if (keys[kLast] > rightKey) {
          keys[kLast] = rightKey;
#if HAS_VALUES
          values[kLast] = s_edgeValues[slots + invocation + 1];
#endif
          if (closing && first + kLast >= ownedStart && first + kLast < ownedEnd) ++closingSwaps;
        }
      }
      if (linkedLeft) {
        const uint leftKey = s_edgeKeys[slots + WORKGROUP_SIZE + invocation - 1];
        if (leftKey > keys[0]) {
          keys[0] = leftKey;
#if HAS_VALUES
          values[0] = s_edgeValues[slots + WORKGROUP_SIZE + invocation - 1];
#endif
        }
      }
    }
  }

  // Only the owned middle of the tile is exact.
  for (int j = 0; j < ITEMS_PER_THREAD; ++j) {
    const int position = first + j;
    if (position >= ownedStart && position < ownedEnd && position < sequenceLength) {
      const uint index = sequenceStart + uint(position);
      b_targetKeys[index] = keys[j];
#if HAS_VALUES
      b_targetValues[index] = values[j];
#endif
    }
  }

  // Sum the closing swaps in shared memory, reusing the first edge slot, then one global atomic.
  workgroupBarrier();
  if (invocation == 0) s_edgeKeys[0] = 0u;
  workgroupBarrier();
  if (closingSwaps != 0u) atomicAdd(s_edgeKeys[0], closingSwaps);
  workgroupBarrier();
  if (invocation == 0 && s_edgeKeys[0] != 0u) atomicAdd(b_swapCounts[u_counter], s_edgeKeys[0]);
}
