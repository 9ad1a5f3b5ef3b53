// Moving bitonic tiles between global and shared memory, and the loop over tiles that both
// shared-memory kernels (tile.comp, wide.comp) run: workgroup g takes tiles g, g + u_groupStride,
// ...; with PREFETCH it fetches the next tile into registers before sorting the current one, so
// that the next tile's loads are in flight while the phases compute.
// The kernel defines, before including this file (after tile_registers.glsl):
//   struct TileSpan, and TileSpan tileSpan(uint tile): what locates a tile's elements, worked
//     out once per tile rather than per element (the compiler did not hoist it);
//   uint elementIndex(TileSpan span, uint round): the storage index (or kPadding) of the element
//     this invocation moves in `round` (tile slot round * WORKGROUP_SIZE + lane);
//   void sortTileInShared(): the phases, on the tile in shared memory.
// Needs: PREFETCH, and those of tile_registers.glsl.

uniform uint u_groupCount;   // tiles
uniform uint u_groupStride;  // workgroups dispatched

#if PREFETCH
uint p_key[ITEMS];
#if HAS_VALUES
uint p_value[ITEMS];
#endif

void fetchTile(TileSpan span) {
  for (uint round = 0u; round < ITEMS; ++round) {
    const uint index = elementIndex(span, round);
    p_key[round] = loadKey(index);
#if HAS_VALUES
    p_value[round] = loadValue(index);
#endif
  }
}

void fetchedToShared() {
  const uint own = slot(gl_LocalInvocationID.x);
  for (uint round = 0u; round < ITEMS; ++round) {
    const uint to = own ^ slot(round * WORKGROUP_SIZE);
    s_key[to] = p_key[round];
#if HAS_VALUES
    s_value[to] = p_value[round];
#endif
  }
  workgroupBarrier();
}
#else
void loadTile(TileSpan span) {
  const uint own = slot(gl_LocalInvocationID.x);
  for (uint round = 0u; round < ITEMS; ++round) {
    const uint index = elementIndex(span, round);
    const uint to = own ^ slot(round * WORKGROUP_SIZE);
    s_key[to] = loadKey(index);
#if HAS_VALUES
    s_value[to] = loadValue(index);
#endif
  }
  workgroupBarrier();
}
#endif

void storeTile(TileSpan span) {
  const uint own = slot(gl_LocalInvocationID.x);
  for (uint round = 0u; round < ITEMS; ++round) {
    const uint index = elementIndex(span, round);
    const uint from = own ^ slot(round * WORKGROUP_SIZE);
#if HAS_VALUES
    storeElement(index, s_key[from], s_value[from]);
#else
    storeElement(index, s_key[from], 0u);
#endif
  }
}

void runTiles() {
  // All uniform per workgroup, so the barriers stay in uniform control flow.
  uint tile = linearGroupId();
  if (tile >= u_groupCount) return;
#if PREFETCH
  fetchTile(tileSpan(tile));
#endif
  for (; tile < u_groupCount; tile += u_groupStride) {
#if PREFETCH
    fetchedToShared();
    if (tile + u_groupStride < u_groupCount) fetchTile(tileSpan(tile + u_groupStride));
#else
    loadTile(tileSpan(tile));
#endif
    sortTileInShared();
    // The span again rather than kept: a register held across the phases costs occupancy.
    storeTile(tileSpan(tile));
    workgroupBarrier();  // the next tile overwrites the shared memory just read
  }
}
