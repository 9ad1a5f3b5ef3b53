// The steps of the bitonic network whose distance fits inside a tile of TILE_SIZE positions, in
// one dispatch per tile: either sorting blocks of u_sortWidth from scratch (merge widths 2 ..
// u_sortWidth; the first pass), or, with u_sortWidth = 0, finishing a merge wider than a tile
// (distances TILE_SIZE/2 .. 1, after the wide steps went through global memory).
//
// The tile moves through global memory once each way, coalesced. In between, steps at distances
// >= ITEMS go through shared memory, one barrier each; each invocation then takes the ITEMS
// adjacent positions it owns into registers and runs the steps below ITEMS there, barrier-free.
// Injected: WORKGROUP_SIZE, TILE_SIZE, TILE_LOG2, ITEMS (= TILE_SIZE / WORKGROUP_SIZE, 2 .. 32),
// and those of elements.glsl.

#pragma optionNV(unroll all)

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"
#include "shaders/sort/bitonic/elements.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

uniform uint u_groupCount;
uniform uint u_sortWidth;  // > 0: sort blocks of this width (<= TILE_SIZE); 0: finish a wide merge

shared uint s_key[TILE_SIZE];
#if HAS_VALUES
shared uint s_value[TILE_SIZE];
#endif

uint r_key[ITEMS];
#if HAS_VALUES
uint r_value[ITEMS];
#endif

// Shared-memory slot of tile position i. An invocation reading its ITEMS adjacent positions
// would hit the same bank as its neighbours; xor-ing the low bits with bits 5 and up spreads a
// warp's reads over all 32 banks, and leaves runs of 32 positions within their 32 slots.
const uint kSwizzleMask = min(uint(ITEMS), 32u) - 1u;
uint slot(uint i) { return i ^ ((i >> 5u) & kSwizzleMask); }

void syncShared() {
  workgroupBarrier();
}

// The tile's first virtual position: tiles hold whole sequences when P <= TILE_SIZE, else
// ceil(L / TILE_SIZE) tiles cover each sequence (tiles of pure padding are not dispatched).
uint tileBase(uint group) {
  if (u_paddedLog2 <= TILE_LOG2) return group * TILE_SIZE;
  const uint tilesPerSequence = (u_sequenceLength + TILE_SIZE - 1u) / TILE_SIZE;
  return ((group / tilesPerSequence) << u_paddedLog2) + (group % tilesPerSequence) * TILE_SIZE;
}

// One compare-exchange between two shared slots; `lower` holds the lower position.
void exchangeShared(uint lower, uint upper) {
  const uint a = s_key[lower], b = s_key[upper];
  if (a <= b) return;
  s_key[lower] = b;
  s_key[upper] = a;
#if HAS_VALUES
  const uint value = s_value[lower];
  s_value[lower] = s_value[upper];
  s_value[upper] = value;
#endif
}

// One step at `distance` >= ITEMS over the whole tile: each invocation does ITEMS / 2 pairs,
// consecutive invocations consecutive pairs. `mirror`: the first step of a merge (i xor (2d - 1)).
void stepInShared(uint distance, bool mirror) {
  for (uint round = 0u; round < ITEMS / 2u; ++round) {
    const uint pair = round * WORKGROUP_SIZE + gl_LocalInvocationID.x;
    const uint low = pair & (distance - 1u);
    const uint lower = ((pair ^ low) << 1u) | low;  // a zero inserted at the distance's bit
    const uint upper = mirror ? lower ^ (2u * distance - 1u) : lower + distance;
    exchangeShared(slot(lower), slot(upper));
  }
  syncShared();
}

// Branch-free (min, max and selects), so the unrolled register steps stay straight-line code.
void exchangeRegisters(uint lower, uint upper) {
  const uint a = r_key[lower], b = r_key[upper];
  r_key[lower] = min(a, b);
  r_key[upper] = max(a, b);
#if HAS_VALUES
  const bool swap = a > b;
  const uint valueA = r_value[lower], valueB = r_value[upper];
  r_value[lower] = swap ? valueB : valueA;
  r_value[upper] = swap ? valueA : valueB;
#endif
}

// One step inside this invocation's ITEMS positions (aligned to ITEMS, so every pair at a
// distance < ITEMS stays inside). Called with constant arguments, so the loop unrolls.
void stepInRegisters(uint distance, bool mirror) {
  for (uint item = 0u; item < ITEMS; ++item) {
    const uint partner = mirror ? item ^ (2u * distance - 1u) : item ^ distance;
    if (item < partner) exchangeRegisters(item, partner);
  }
}

// The steps of a merge at distances ITEMS/2 .. 1.
void narrowStepsInRegisters() {
  for (uint distance = ITEMS / 2u; distance >= 1u; distance /= 2u) stepInRegisters(distance, false);
}

void sharedToRegisters() {
  const uint first = gl_LocalInvocationID.x * ITEMS;
  for (uint item = 0u; item < ITEMS; ++item) {
    r_key[item] = s_key[slot(first + item)];
#if HAS_VALUES
    r_value[item] = s_value[slot(first + item)];
#endif
  }
}

// Only this invocation's own slots: no barrier needed before, one needed before others read.
void registersToShared() {
  const uint first = gl_LocalInvocationID.x * ITEMS;
  for (uint item = 0u; item < ITEMS; ++item) {
    s_key[slot(first + item)] = r_key[item];
#if HAS_VALUES
    s_value[slot(first + item)] = r_value[item];
#endif
  }
  syncShared();
}

void loadTile(uint base) {
  for (uint round = 0u; round < ITEMS; ++round) {
    const uint i = round * WORKGROUP_SIZE + gl_LocalInvocationID.x;
    const uint index = storageIndex(base + i);
    s_key[slot(i)] = loadKey(index);
#if HAS_VALUES
    s_value[slot(i)] = loadValue(index);
#endif
  }
  syncShared();
}

void storeTile(uint base) {
  for (uint round = 0u; round < ITEMS; ++round) {
    const uint i = round * WORKGROUP_SIZE + gl_LocalInvocationID.x;
#if HAS_VALUES
    storeElement(storageIndex(base + i), s_key[slot(i)], s_value[slot(i)]);
#else
    storeElement(storageIndex(base + i), s_key[slot(i)], 0u);
#endif
  }
}

void sortBlocks(uint base) {
  loadTile(base);
  sharedToRegisters();
  // Merges no wider than ITEMS happen entirely in registers.
  for (uint width = 2u; width <= ITEMS; width *= 2u) {
    if (width > u_sortWidth) break;
    stepInRegisters(width / 2u, true);
    for (uint distance = width / 4u; distance >= 1u; distance /= 2u) stepInRegisters(distance, false);
  }
  for (uint width = 2u * ITEMS; width <= u_sortWidth; width *= 2u) {
    registersToShared();
    stepInShared(width / 2u, true);
    for (uint distance = width / 4u; distance >= ITEMS; distance /= 2u) stepInShared(distance, false);
    sharedToRegisters();
    narrowStepsInRegisters();
  }
  registersToShared();
  storeTile(base);
}

void finishMerge(uint base) {
  loadTile(base);
  for (uint distance = TILE_SIZE / 2u; distance >= ITEMS; distance /= 2u) stepInShared(distance, false);
  sharedToRegisters();
  narrowStepsInRegisters();
  registersToShared();
  storeTile(base);
}

void main() {
  // Uniform per workgroup, so the barriers below stay in uniform control flow.
  const uint group = linearGroupId();
  if (group >= u_groupCount) return;
  const uint base = tileBase(group);
  if (u_sortWidth > 0u) {
    sortBlocks(base);
  } else {
    finishMerge(base);
  }
}
