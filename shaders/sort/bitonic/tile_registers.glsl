// What both shared-memory kernels of bitonic sort (tile.comp, wide.comp) share: a tile of
// TILE_SIZE positions in shared memory, ITEMS of them in each invocation's registers at a time,
// and phases that move them between the two.
// Needs: WORKGROUP_SIZE, TILE_SIZE, ITEMS (= TILE_SIZE / WORKGROUP_SIZE), ITEMS_LOG2, HAS_VALUES.

shared uint s_key[TILE_SIZE];
#if HAS_VALUES
shared uint s_value[TILE_SIZE];
#endif

uint r_key[ITEMS];
#if HAS_VALUES
uint r_value[ITEMS];
#endif

// Shared-memory slot of tile position i: the low 5 bits xor-ed with the 5 bits above the item
// bits. In every phase a warp's 32 invocations then hit 32 different banks (the map from their
// lane to the bank is triangular with ones on the diagonal), and so do the coalesced loads.
// slot(a ^ b) == slot(a) ^ slot(b).
const uint kSwizzleMask = min(uint(TILE_SIZE), 32u) - 1u;
uint slot(uint i) { return i ^ ((i >> ITEMS_LOG2) & kSwizzleMask); }

// Branch-free (min, max and selects), so the unrolled steps stay straight-line code.
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

// In a phase over bits [lo, lo + ITEMS_LOG2), register `item` holds tile position
// base(invocation) ^ (item << lo), base = the invocation's index with zeros inserted at lo. With
// `mirror`, the phase starts with a merge's mirror step at bit hi = lo + ITEMS_LOG2 - 1 (i with
// i xor (2^(hi+1) - 1)): the items with that bit set take their partner's mirror, every bit below
// hi flipped, so that both ends of every pair sit in this invocation's registers.
uint phaseBase(int lo) {
  const uint invocation = gl_LocalInvocationID.x;
  const uint low = invocation & ((1u << lo) - 1u);
  return ((invocation ^ low) << ITEMS_LOG2) | low;
}

uint phaseBaseSlot(int lo) { return slot(phaseBase(lo)); }

uint itemSlot(uint item, int lo, bool mirror) {
  const uint hi = uint(lo + ITEMS_LOG2 - 1);
  const bool mirrored = mirror && (item & (ITEMS / 2u)) != 0u;
  return slot((item << lo) ^ (mirrored ? (1u << hi) - 1u : 0u));
}

void loadPhase(int lo, bool mirror) {
  const uint base = phaseBaseSlot(lo);
  for (uint item = 0u; item < ITEMS; ++item) {
    const uint i = base ^ itemSlot(item, lo, mirror);
    r_key[item] = s_key[i];
#if HAS_VALUES
    r_value[item] = s_value[i];
#endif
  }
}

// Only this invocation's own slots: no barrier needed before, one before others read them.
void storePhase(int lo, bool mirror) {
  const uint base = phaseBaseSlot(lo);
  for (uint item = 0u; item < ITEMS; ++item) {
    const uint i = base ^ itemSlot(item, lo, mirror);
    s_key[i] = r_key[item];
#if HAS_VALUES
    s_value[i] = r_value[item];
#endif
  }
  workgroupBarrier();
}

// exchangeRegisters() with the direction chosen at run time: `reversed` puts the larger key at
// `lower`.
void exchangeDirected(uint lower, uint upper, bool reversed) {
  const uint a = r_key[lower], b = r_key[upper];
  const bool swap = reversed ? a < b : a > b;
  r_key[lower] = swap ? b : a;
  r_key[upper] = swap ? a : b;
#if HAS_VALUES
  const uint valueA = r_value[lower], valueB = r_value[upper];
  r_value[lower] = swap ? valueB : valueA;
  r_value[upper] = swap ? valueA : valueB;
#endif
}
