// WIDE_STEPS consecutive steps of one bitonic merge whose distances are all a tile or more, in
// shared memory: global.comp holds 2^STEPS positions per invocation in registers (up to 4
// steps per pass over the data); here a workgroup holds TILE_SIZE positions and runs up to
// WIDE_STEPS per pass (TILE_LOG2 - 4 by default: 8 steps in 3 phases of 8 items).
//
// The workgroup's tile: tile position t maps to the virtual position
//   base ^ (t's low kLowBits bits) ^ (the step mask of each higher bit of t that is set),
// so its low bits are runs of 2^kLowBits consecutive positions (coalesced loads and stores) and
// each step is a plain xor of one tile bit. The widest step may be the merge's mirror step
// (mask 2^(b + WIDE_STEPS) - 1): its mask flips every lower position bit, so in the positions
// whose top tile bit is set, every narrower step's pair runs backwards.
// Injected: WORKGROUP_SIZE, TILE_SIZE, TILE_LOG2, ITEMS, ITEMS_LOG2, WIDE_STEPS (1 ..
// TILE_LOG2 - 1), PREFETCH, and those of elements.glsl.

#pragma optionNV(unroll all)

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"
#include "shaders/sort/bitonic/elements.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/bitonic/tile_registers.glsl"

uniform uint u_lowestStepBit;   // b: the narrowest step's distance is 2^b (b >= kLowBits)
uniform uint u_mirror;          // 1: the widest step is the merge's mirror step
// Worked out on the CPU once per pass rather than per element: the partner mask of the step at
// tile bit kLowBits + j, and offsetOf(round * WORKGROUP_SIZE) for each round.
uniform uint u_stepMask[WIDE_STEPS];
uniform uint u_roundOffset[ITEMS];

const int kLowBits = TILE_LOG2 - WIDE_STEPS;  // tile bits that are consecutive positions
const int kPhases = (TILE_LOG2 + ITEMS_LOG2 - 1) / ITEMS_LOG2;
const uint kTopTileBit = 1u << (TILE_LOG2 - 1);

// Tile position t's offset from the base (linear: offset(a ^ b) == offset(a) ^ offset(b)).
uint offsetOf(uint t) {
  uint offset = t & ((1u << kLowBits) - 1u);
  for (int j = 0; j < WIDE_STEPS; ++j)
    if ((t & (1u << (kLowBits + j))) != 0u) offset ^= u_stepMask[j];
  return offset;
}

// The group's index spread over the position bits outside the tile: zeros at [0, kLowBits) and
// at the steps' bits [b, b + WIDE_STEPS).
uint groupBase(uint group) {
  const uint between = u_lowestStepBit - uint(kLowBits);  // bits kLowBits .. b - 1
  const uint low = group & ((1u << between) - 1u);
  return ((group >> between) << (u_lowestStepBit + uint(WIDE_STEPS))) | (low << kLowBits);
}

// The steps at tile bits hi .. max(lo, kLowBits), registers holding bits [lo, lo + ITEMS_LOG2).
void widePhase(int lo, int hi) {
  loadPhase(lo, false);
  const uint base = phaseBase(lo);
  for (int bit = ITEMS_LOG2 - 1; bit >= 0; --bit) {
    if (lo + bit > hi || lo + bit < kLowBits) continue;
    for (uint item = 0u; item < ITEMS; ++item) {
      if ((item & (1u << bit)) != 0u) continue;
      // The pair's lower register holds the upper position where the mirror flipped this bit.
      const bool reversed = u_mirror != 0u && ((base | (item << lo)) & kTopTileBit) != 0u;
      exchangeDirected(item, item | (1u << bit), reversed);
    }
  }
  storePhase(lo, false);
}

// All of a tile lies in one sequence (a merge block is no wider than P): an element's index is
// the sequence's start plus its position in the sequence, or padding beyond the sequence's
// length. Tiles of pure padding read and write nothing; only their phases run for nothing.
struct TileSpan {
  uint start;           // the tile's base xor this invocation's lane offset
  uint sequenceStart;   // buffer index of the sequence's first element
  uint sequenceLength;  // 0 past the last sequence (no dispatch reaches there; a guard)
};

TileSpan tileSpan(uint tile) {
  TileSpan span;
  span.start = groupBase(tile) ^ offsetOf(gl_LocalInvocationID.x);
  const uint sequence = span.start >> u_paddedLog2;
  span.sequenceStart = segmentStart(sequence);
  span.sequenceLength = sequence < u_sequenceCount ? u_sequenceLength : 0u;
  return span;
}

uint elementIndex(TileSpan span, uint round) {
  const uint position = (span.start ^ u_roundOffset[round]) & ((1u << u_paddedLog2) - 1u);
  return position < span.sequenceLength ? span.sequenceStart + position : kPadding;
}

void sortTileInShared() {
  for (int k = 0; k < kPhases; ++k) {
    const int top = TILE_LOG2 - 1 - k * ITEMS_LOG2;
    if (top < kLowBits) continue;
    widePhase(max(top + 1 - ITEMS_LOG2, 0), top);
  }
}

#include "shaders/sort/bitonic/tile_memory.glsl"

void main() { runTiles(); }
