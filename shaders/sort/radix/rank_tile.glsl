// Stable ranking of one tile of keys by digit in shared memory, for the kernels that move a tile
// at a time (downsweep.comp, sequence.comp).
//
// Subgroup s holds the contiguous sub-tile [s, s + 1) * KEYS_PER_THREAD * SUBGROUP_WIDTH of the
// tile and walks it one row of SUBGROUP_WIDTH keys at a time; matchPeers() gives each key its
// rank among equal digits of the row, and the subgroup's histogram (16-bit counts, two per word)
// its rank among the rows before. A scan of the histograms over subgroups and one over digits
// turn that into the key's position in the tile sorted by digit.
//
// The includer declares `shared uint tile[TILE_WORDS]` and `shared uint digitStart[RADIX]` and
// includes match.glsl, common.glsl and workgroup_scan.glsl first.

#define SUBGROUPS (WORKGROUP_SIZE / SUBGROUP_WIDTH)
#define HALF_RADIX (RADIX / 2u)
#define DIGITS_PER_INVOCATION ((RADIX + WORKGROUP_SIZE - 1u) / WORKGROUP_SIZE)

// Positions in a tile are below 2^16 (a tile holds at most 1024 x 32 keys), so an invocation keeps
// two in each register, which freed registers and was faster on an H100 for most sizes.
// `row` is always an unrolled loop's index, so the shifts are constants.
#define POSITION_WORDS ((KEYS_PER_THREAD + 1) / 2)
#define positionAt(positions, row) ((positions[(row) >> 1] >> (((row) & 1u) * 16u)) & 0xFFFFu)
// For rows below `count` sums stay below 2^16; a row at or past it may carry, but only into a
// half that is past `count` too (rows grow with the index) and never read.
#define addToPosition(positions, row, value) positions[(row) >> 1] += (value) << (((row) & 1u) * 16u)

// The tile element this invocation's row `row` holds.
uint tileElement(uint row) {
  uint self = gl_LocalInvocationIndex;
  uint subgroup = self / SUBGROUP_WIDTH;
  return subgroup * KEYS_PER_THREAD * SUBGROUP_WIDTH + self % SUBGROUP_WIDTH + row * SUBGROUP_WIDTH;
}

// The subgroup's count of a digit in its rows so far (16 bits of histogram word `word` from bit
// `shift`), with this row's group of that digit added. All lanes of the subgroup call it.
uint countBeforeAndAdd(uint word, uint shift, uvec3 peers) {
#if BALLOT_KIND == BALLOT_KHR || BALLOT_KIND == BALLOT_MATCH_NV
  // The group's highest lane adds and hands the count it found to its peers through a shuffle:
  // no shared-memory read to order against the addition.
  uint found = peers.y != 0u ? atomicAdd(tile[word], peers.y << shift) : 0u;
  return (subgroupShuffle(found, peers.z) >> shift) & 0xFFFFu;
#else
  // All lanes read the count before the group's highest lane adds to it, and the addition lands
  // before the next row reads.
  uint before = (tile[word] >> shift) & 0xFFFFu;
  SUBGROUP_SYNC();
  if (peers.y != 0u) atomicAdd(tile[word], peers.y << shift);
  SUBGROUP_SYNC();
  return before;
#endif
}

// The subgroups' histograms rankTile counts in, at the start of `tile`. An includer that defines
// RANK_HISTOGRAMS_ZEROED calls this itself, a barrier before rankTile.
void zeroRankHistograms() {
  for (uint i = gl_LocalInvocationIndex; i < SUBGROUPS * HALF_RADIX; i += WORKGROUP_SIZE) tile[i] = 0u;
}

// positionAt(positions, row): where keys[row] goes in the tile of `count` keys sorted stably by
// digit (rows at or past `count` get none); digitStart[d]: the first position of digit d. On
// return `tile` still holds the subgroups' histograms: a barrier must pass before it is reused.
// Every invocation of the workgroup calls it, in uniform control flow. Every loop has a constant
// trip count and no break, so that it unrolls and the arrays stay in registers.
void rankTile(uint keys[KEYS_PER_THREAD], uint count, out uint positions[POSITION_WORDS]) {
  uint self = gl_LocalInvocationIndex;
  uint subgroup = self / SUBGROUP_WIDTH;
#ifndef RANK_HISTOGRAMS_ZEROED
  zeroRankHistograms();
  workgroupBarrier();
#endif

  for (uint w = 0u; w < POSITION_WORDS; ++w) positions[w] = 0u;
  // Rank within the subgroup's rows.
  for (uint row = 0u; row < KEYS_PER_THREAD; ++row) {
    bool valid = tileElement(row) < count;
    uint digit = valid ? digitOf(keys[row]) : RADIX;
    uvec3 peers = matchPeers(digit, valid);
    uint word = subgroup * HALF_RADIX + (min(digit, RADIX_MASK) >> 1);
    addToPosition(positions, row, countBeforeAndAdd(word, (digit & 1u) * 16u, peers) + peers.x);
  }
  workgroupBarrier();

  // Per digit: exclusive scan of the histograms over subgroups (in place), totals to digitStart.
  for (uint pair = self; pair < HALF_RADIX; pair += WORKGROUP_SIZE) {
    uint low = 0u, high = 0u;
    for (uint s = 0u; s < SUBGROUPS; ++s) {
      uint counts = tile[s * HALF_RADIX + pair];
      tile[s * HALF_RADIX + pair] = low | (high << 16);
      low += counts & 0xFFFFu;
      high += counts >> 16;
    }
    digitStart[2u * pair] = low;
    digitStart[2u * pair + 1u] = high;
  }
  workgroupBarrier();
#ifdef RANK_COUNTS_HOOK
  RANK_COUNTS_HOOK()
#endif

  // Exclusive scan over digits; each invocation owns DIGITS_PER_INVOCATION neighbours.
  uint owned = 0u;
  for (uint i = 0u; i < DIGITS_PER_INVOCATION; ++i) {
    uint digit = self * DIGITS_PER_INVOCATION + i;
    if (digit < RADIX) owned += digitStart[digit];
  }
  uint start = workgroupExclusiveSum(owned);
  for (uint i = 0u; i < DIGITS_PER_INVOCATION; ++i) {
    uint digit = self * DIGITS_PER_INVOCATION + i;
    if (digit >= RADIX) break;
    uint digitCount = digitStart[digit];
    digitStart[digit] = start;
    start += digitCount;
  }
  workgroupBarrier();

  for (uint row = 0u; row < KEYS_PER_THREAD; ++row) {
    uint digit = digitOf(keys[row]);
    uint below = (tile[subgroup * HALF_RADIX + (digit >> 1)] >> ((digit & 1u) * 16u)) & 0xFFFFu;
    if (tileElement(row) < count) addToPosition(positions, row, digitStart[digit] + below);
  }
}
