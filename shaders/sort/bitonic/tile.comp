// The steps of the bitonic network whose distance fits inside a tile of TILE_SIZE positions, in
// one dispatch: either sorting blocks of u_sortWidth from scratch (merge widths 2 .. u_sortWidth;
// the first pass), or finishing a merge wider than a tile (distances TILE_SIZE/2 .. 1, after the
// wide steps went through global memory).
//
// The tile moves through global memory once each way, coalesced, and lives in shared memory in
// between. The steps run in registers, in phases: in a phase every invocation takes the ITEMS
// positions that differ only in bits [lo, lo + ITEMS_LOG2) of the tile position, runs every step
// of those bits there, and puts them back; one barrier per phase, where one step per barrier would
// cost ITEMS_LOG2 times more shared-memory traffic and barriers.
//
// On an H100 these passes are bound by instructions, not memory, so the code is shaped for the
// compiler: every loop has constant bounds and unrolls (a register array indexed by a run-time
// value would live in slow local memory), every phase's bits are constants, and a shared-memory
// address is one xor of this invocation's slot with a constant (slot() is linear over xor).
// Injected: WORKGROUP_SIZE, TILE_SIZE, TILE_LOG2, ITEMS (= TILE_SIZE / WORKGROUP_SIZE, 2 .. 32),
// ITEMS_LOG2, SORT_TILES (1: sort blocks; 0: finish merges), PREFETCH (1: workgroups take
// several tiles, u_groupStride apart), and those of elements.glsl.

#pragma optionNV(unroll all)

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"
#include "shaders/sort/bitonic/elements.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

#if SORT_TILES
uniform uint u_sortWidth;  // sort blocks of this width (<= TILE_SIZE)
#endif

#include "shaders/sort/bitonic/tile_registers.glsl"

// Phases per merge of the whole tile.
const int kPhases = (TILE_LOG2 + ITEMS_LOG2 - 1) / ITEMS_LOG2;

// The tile's first virtual position: tiles hold whole sequences when P <= TILE_SIZE, else
// ceil(L / TILE_SIZE) tiles cover each sequence (tiles of pure padding are not dispatched).
uint tileBase(uint group) {
  if (u_paddedLog2 <= TILE_LOG2) return group * TILE_SIZE;
  const uint tilesPerSequence = (u_sequenceLength + TILE_SIZE - 1u) / TILE_SIZE;
  return ((group / tilesPerSequence) << u_paddedLog2) + (group % tilesPerSequence) * TILE_SIZE;
}

// The steps at tile bits hi .. lo (register bits hi - lo .. 0).
void plainPhase(int lo, int hi) {
  loadPhase(lo, false);
  for (int bit = ITEMS_LOG2 - 1; bit >= 0; --bit) {
    if (lo + bit > hi) continue;
    for (uint item = 0u; item < ITEMS; ++item)
      if ((item & (1u << bit)) == 0u) exchangeRegisters(item, item | (1u << bit));
  }
  storePhase(lo, false);
}

// A merge's first phase: its mirror step at the top register bit, then the plain steps below.
// The mirrored items' positions run backwards, so in their pairs the lower position is the
// register with the bit set.
void mirrorPhase(int lo) {
  loadPhase(lo, true);
  const uint topBit = ITEMS / 2u;
  for (uint item = 0u; item < topBit; ++item) exchangeRegisters(item, item | topBit);
  for (int bit = ITEMS_LOG2 - 2; bit >= 0; --bit) {
    for (uint item = 0u; item < ITEMS; ++item) {
      if ((item & (1u << bit)) != 0u) continue;
      if ((item & topBit) != 0u) {
        exchangeRegisters(item | (1u << bit), item);
      } else {
        exchangeRegisters(item, item | (1u << bit));
      }
    }
  }
  storePhase(lo, true);
}

// The steps of one merge at tile bits hi .. 0, a phase per ITEMS_LOG2 bits from the top (the
// last one over bits [0, ITEMS_LOG2) whatever is left); with `mirror` the first is the merge's
// mirror step and hi >= ITEMS_LOG2. `hi` is a constant here, so every phase's bits are.
void mergePhases(int hi, bool mirror) {
  for (int k = 0; k < kPhases; ++k) {
    const int top = hi - k * ITEMS_LOG2;
    if (top < 0) continue;
    const int lo = max(top + 1 - ITEMS_LOG2, 0);
    if (mirror && k == 0) {
      mirrorPhase(lo);
    } else {
      plainPhase(lo, top);
    }
  }
}

#if SORT_TILES
// Merges no wider than ITEMS run in one phase over bits [0, ITEMS_LOG2), where a mirror
// partner (item xor (width - 1)) is another register.
void sortNarrowMerges() {
  loadPhase(0, false);
  for (int log2Width = 1; log2Width <= ITEMS_LOG2; ++log2Width) {
    if ((1u << log2Width) > u_sortWidth) continue;
    const uint width = 1u << log2Width;
    for (int bit = ITEMS_LOG2 - 1; bit >= 0; --bit) {
      if (bit >= log2Width) continue;
      const uint distance = 1u << bit;
      for (uint item = 0u; item < ITEMS; ++item) {
        const uint partner = distance * 2u == width ? item ^ (width - 1u) : item ^ distance;
        if (item < partner) exchangeRegisters(item, partner);
      }
    }
  }
  storePhase(0, false);
}
#endif

// Global memory <-> shared memory, coalesced: round r moves positions r * WORKGROUP_SIZE + lane.
// A tile inside one sequence (P > TILE_SIZE) is one run of the buffer, its real positions a
// prefix; shorter sequences, many to a tile, go through storageIndex() element by element.
struct TileSpan {
  uint base;       // first virtual position
  uint runStart;   // P > TILE_SIZE: the buffer index of the first position
  uint runLength;  // P > TILE_SIZE: the real positions
};

TileSpan tileSpan(uint tile) {
  TileSpan span;
  span.base = tileBase(tile);
  span.runStart = storageIndex(span.base);
  span.runLength = min(u_sequenceLength - (span.base & ((1u << u_paddedLog2) - 1u)), uint(TILE_SIZE));
  return span;
}

uint elementIndex(TileSpan span, uint round) {
  const uint i = round * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (u_paddedLog2 <= TILE_LOG2) return storageIndex(span.base + i);
  return i < span.runLength ? span.runStart + i : kPadding;
}

// Compiled once per kind of pass, so that each gets the registers (and occupancy) it needs.
void sortTileInShared() {
#if SORT_TILES
  sortNarrowMerges();
  for (int log2Width = ITEMS_LOG2 + 1; log2Width <= TILE_LOG2; ++log2Width) {
    if ((1u << log2Width) > u_sortWidth) continue;
    mergePhases(log2Width - 1, true);
  }
#else
  mergePhases(TILE_LOG2 - 1, false);
#endif
}

#include "shaders/sort/bitonic/tile_memory.glsl"

void main() { runTiles(); }
