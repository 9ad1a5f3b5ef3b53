// Fast path, the last step of a digit pass: each partition ranks its keys by digit in shared
// memory (stable: equal digits keep their order) and scatters them, values following.
//
// Ranking: rank_tile.glsl. Keys then go through shared memory in rank order, so that keys
// of one digit leave in runs of consecutive addresses.
//
// Where each digit of this partition starts in the output:
//   CHAINED == 0: from the prefix-summed counter matrix (prefix_scan.comp);
//   CHAINED == 1: by a chained scan with decoupled look-back: partitions take tickets in
//     order, publish their digit counts, and add up their predecessors' published counts
//     until one that already holds its inclusive prefix. It needs predecessors to make
//     progress while a partition waits; tickets make that true on drivers that keep started
//     workgroups running (the workgroup id instead of a ticket made the downsweeps markedly
//     slower on an H100).

#include "shaders/sort/radix/match.glsl"

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"
#include "shaders/sort/radix/workgroup_scan.glsl"

#define DIGITS_PER_STRIDE ((RADIX + WORKGROUP_SIZE - 1u) / WORKGROUP_SIZE)  // digits self, self + WORKGROUP_SIZE, ...

uniform uint u_hasValues;

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = KEYS_OUT_BINDING) writeonly buffer KeysOut { uint keysOut[]; };
layout(std430, binding = VALUES_IN_BINDING) readonly buffer ValuesIn { uint valuesIn[]; };
layout(std430, binding = VALUES_OUT_BINDING) writeonly buffer ValuesOut { uint valuesOut[]; };

#if CHAINED
#define PLACES (32u / RADIX_BITS)
uniform uint u_place;
layout(std430, binding = DIGIT_STARTS_BINDING) readonly buffer DigitStarts { uint digitStarts[]; };
#define FLAG_AGGREGATE (1u << 30)
#define FLAG_INCLUSIVE (2u << 30)
#define FLAG_MASK (3u << 30)
#define VALUE_MASK ((1u << 30) - 1u)
// Every digit pass of a sort has its own status words and ticket (u_passIndex), all zeroed once
// before the first, so a pass needs no clearing dispatch. volatile: the look-back polls them.
uniform uint u_passIndex;
layout(std430, binding = STATUS_BINDING) coherent volatile buffer Status { uint status[]; };
layout(std430, binding = TICKETS_BINDING) coherent buffer Tickets { uint tickets[]; };
shared uint partitionTicket;
shared uint stalledPlusOne;  // the nearest predecessor some digit waits for, + 1 (0: none)
#else
layout(std430, binding = COUNTERS_BINDING) readonly buffer Counters { uint counters[]; };
#endif

// Keys in rank order at the end; before that the subgroups' packed digit histograms.
shared uint tile[TILE_WORDS];
shared uint digitStart[RADIX];        // first position of each digit in the partition
shared uint globalMinusLocal[RADIX];  // output index of a key = this + its position

#if CHAINED
// The chained scan's state for this invocation's digits (self, self + WORKGROUP_SIZE, ...).
uint p;
Partition part;
uint statusBase;
uint counts[DIGITS_PER_STRIDE];
uint sequenceStart[DIGITS_PER_STRIDE];  // where the digit starts in the sequence
uint exclusive[DIGITS_PER_STRIDE];
uint look[DIGITS_PER_STRIDE];           // the predecessor read next
bool open[DIGITS_PER_STRIDE];

void publish(uint i, uint count) {
  uint digit = gl_LocalInvocationIndex + i * WORKGROUP_SIZE;
  open[i] = false;
  counts[i] = 0u;
  sequenceStart[i] = 0u;
  exclusive[i] = 0u;
  look[i] = p - 1u;
  if (digit >= RADIX || part.count == 0u) return;
  counts[i] = count;
  sequenceStart[i] = digitStarts[(part.sequence * PLACES + u_place) * RADIX + digit];
  if (part.indexInSequence == 0u) {
    exclusive[i] = sequenceStart[i];
    atomicExchange(status[statusBase + p * RADIX + digit], FLAG_INCLUSIVE | (exclusive[i] + counts[i]));
  } else {
    atomicExchange(status[statusBase + p * RADIX + digit], FLAG_AGGREGATE | counts[i]);
    open[i] = true;
  }
}
// Publishes this partition's count of each digit, read from digitStart. Successors look back for
// these counts, so the sooner the better:
//   EARLY_COUNTS == 1: main() counts the digits with shared atomics as soon as the keys land, then
//     publishes, then ranks (CUB's "early counts"): faster where most partitions are in flight at
//     once, slower for many partitions (radix/layout.h, earlyCountsFor);
//   EARLY_COUNTS == 0: rankTile calls it as soon as its scan over subgroups has the counts, before
//     the scans that finish the ranking (slightly faster than after them).
#define PUBLISH_COUNTS() \
  for (uint i = 0u; i < DIGITS_PER_STRIDE; ++i) { \
    uint digit = gl_LocalInvocationIndex + i * WORKGROUP_SIZE; \
    publish(i, digit < RADIX ? digitStart[digit] : 0u); \
  }
#if !EARLY_COUNTS
#define RANK_COUNTS_HOOK() PUBLISH_COUNTS()
#endif
#endif

// main() zeroes the histograms while the ticket's atomic is in flight: one barrier fewer.
#define RANK_HISTOGRAMS_ZEROED
#include "shaders/sort/radix/rank_tile.glsl"

#if CHAINED
// Two counters after the digits in `tile` for workgroup-wide votes, used in turn.
#define VOTE_COUNTERS RADIX

// True in every invocation if `yes` holds in any. Vote n counts in counter n % 2 and clears the
// other one for vote n + 1 once everyone has read this one, so a counter is read, then two
// barriers pass, before it is cleared (see workgroup_barrier.glsl for why a read needs margin).
// `vote` must be the same in the whole workgroup; call in uniform control flow.
bool anyInvocation(bool yes, uint vote) {
  uint counter = VOTE_COUNTERS + (vote & 1u);
  if (yes) atomicAdd(tile[counter], 1u);
  workgroupBarrier();
  bool any = tile[counter] != 0u;
  if (gl_LocalInvocationIndex == 0u) tile[VOTE_COUNTERS + ((vote + 1u) & 1u)] = 0u;
  workgroupBarrier();
  return any;
}
#endif

void main() {
  uint self = gl_LocalInvocationIndex;
#if CHAINED
  if (self == 0u) partitionTicket = atomicAdd(tickets[u_passIndex], 1u);
  zeroRankHistograms();
#if EARLY_COUNTS
  for (uint digit = self; digit < RADIX; digit += WORKGROUP_SIZE) digitStart[digit] = 0u;
#endif
  workgroupBarrier();
  p = partitionTicket;
  part = partitionAt(p, PARTITION_SIZE);
  statusBase = u_passIndex * u_partitionCount * RADIX;
#else
  uint p = linearGroupId();
  Partition part = partitionAt(p, PARTITION_SIZE);
  zeroRankHistograms();
  workgroupBarrier();
#endif
  // All loads first, so that they are in flight together.
  uint keys[KEYS_PER_THREAD];
  uint positions[POSITION_WORDS];
  for (uint row = 0u; row < KEYS_PER_THREAD; ++row) {
    uint local = tileElement(row);
    keys[row] = local < part.count ? keysIn[part.start + local] : 0u;
  }
#if CHAINED && EARLY_COUNTS
  // rankTile overwrites digitStart only after a barrier, when every invocation has published.
  for (uint row = 0u; row < KEYS_PER_THREAD; ++row)
    if (tileElement(row) < part.count) atomicAdd(digitStart[digitOf(keys[row])], 1u);
  workgroupBarrier();
  PUBLISH_COUNTS()
#endif
  rankTile(keys, part.count, positions);

#if CHAINED
  // This partition's digit counts are published (before rankTile or by RANK_COUNTS_HOOK; a
  // sequence's first partition knows its starts, so it published inclusive prefixes); now each
  // invocation walks back over the predecessors for its own digits, LOOK_BACK_WINDOW per poll and
  // with no workgroup barrier, adding their counts up to one that holds its inclusive prefix. A
  // predecessor that stays silent for LOOK_BACK_SPINS polls gets its digits counted from its keys
  // by the whole workgroup, so no partition ever depends on another one running (llvmpipe gives
  // no such guarantee and also cuts off long loops).
  uint firstOfSequence = p - part.indexInSequence;
  workgroupBarrier();  // the vote counters overlap the subgroup histograms, read above
  if (self == 0u) {
    tile[VOTE_COUNTERS] = 0u;
    tile[VOTE_COUNTERS + 1u] = 0u;
  }
  workgroupBarrier();
  uint vote = 0u;
  for (;;) {  // rounds: one, unless a predecessor stalls
    bool stalled = false;
    for (uint i = 0u; i < DIGITS_PER_STRIDE; ++i) {
      uint digit = self + i * WORKGROUP_SIZE;
      for (uint spins = 0u; open[i] && spins < LOOK_BACK_SPINS;) {
        // LOOK_BACK_WINDOW predecessors per poll, their loads in flight together: a walk over
        // many partitions that have only published their counts waits for one load per window,
        // not one per partition. Words before the sequence's first partition are never added
        // (that one is inclusive, or not ready and ends the poll), so the window stops there.
        uint published[LOOK_BACK_WINDOW];
        for (uint k = 0u; k < LOOK_BACK_WINDOW; ++k)
          published[k] = status[statusBase + (look[i] - min(k, look[i] - firstOfSequence)) * RADIX + digit];
        uint added = 0u;
        bool adding = true;
        for (uint k = 0u; k < LOOK_BACK_WINDOW; ++k) {
          uint flag = published[k] & FLAG_MASK;
          adding = adding && open[i] && flag != 0u;
          if (!adding) continue;
          exclusive[i] += published[k] & VALUE_MASK;
          ++added;
          open[i] = flag != FLAG_INCLUSIVE;
        }
        if (!open[i]) {
          atomicExchange(status[statusBase + p * RADIX + digit], FLAG_INCLUSIVE | (exclusive[i] + counts[i]));
        } else {
          look[i] -= added;
        }
        spins = added == 0u ? spins + 1u : 0u;
      }
      stalled = stalled || open[i];
    }
    if (!anyInvocation(stalled, vote++)) break;
    // Count the nearest stalled predecessor's digits; the digits waiting for it move on.
    if (self == 0u) stalledPlusOne = 0u;
    workgroupBarrier();
    for (uint i = 0u; i < DIGITS_PER_STRIDE; ++i)
      if (open[i]) atomicMax(stalledPlusOne, look[i] + 1u);
    for (uint digit = self; digit < RADIX; digit += WORKGROUP_SIZE) tile[digit] = 0u;
    workgroupBarrier();
    uint target = stalledPlusOne - 1u;
    Partition previous = partitionAt(target, PARTITION_SIZE);
    for (uint local = self; local < previous.count; local += WORKGROUP_SIZE)
      atomicAdd(tile[digitOf(keysIn[previous.start + local])], 1u);
    workgroupBarrier();
    for (uint i = 0u; i < DIGITS_PER_STRIDE; ++i) {
      if (!open[i] || look[i] != target) continue;
      uint digit = self + i * WORKGROUP_SIZE;
      if (target == firstOfSequence) {
        exclusive[i] += sequenceStart[i] + tile[digit];
        open[i] = false;
        atomicExchange(status[statusBase + p * RADIX + digit], FLAG_INCLUSIVE | (exclusive[i] + counts[i]));
      } else {
        exclusive[i] += tile[digit];
        --look[i];
      }
    }
  }
  for (uint i = 0u; i < DIGITS_PER_STRIDE; ++i) {
    uint digit = self + i * WORKGROUP_SIZE;
    if (digit < RADIX && part.count > 0u) globalMinusLocal[digit] = exclusive[i] - digitStart[digit];
  }
#else
  for (uint digit = self; digit < RADIX && part.count > 0u; digit += WORKGROUP_SIZE)
    globalMinusLocal[digit] = counters[counterIndex(part, digit)] - digitStart[digit];
#endif
  workgroupBarrier();  // the histograms in tile are no longer needed

  for (uint row = 0u; row < KEYS_PER_THREAD; ++row)
    if (tileElement(row) < part.count) tile[positionAt(positions, row)] = keys[row];
  // The values' loads go out now and land while the keys leave; keys[] is free again. Whether
  // values move is a uniform on purpose: as a define (no destinations[] for a key sort) the key
  // sort's downsweep ran much slower on an H100.
  bool hasValues = u_hasValues != 0u;
  for (uint row = 0u; row < KEYS_PER_THREAD; ++row) {
    uint local = tileElement(row);
    keys[row] = hasValues && local < part.count ? valuesIn[part.start + local] : 0u;
  }
  workgroupBarrier();
  uint destinations[KEYS_PER_THREAD];
  for (uint m = 0u; m < KEYS_PER_THREAD; ++m) {
    uint local = m * WORKGROUP_SIZE + self;
    uint key = tile[min(local, TILE_WORDS - 1u)];
    destinations[m] = globalMinusLocal[digitOf(key)] + local;
    if (local < part.count) keysOut[destinations[m]] = key;
  }
  if (hasValues) {
    workgroupBarrier();
    for (uint row = 0u; row < KEYS_PER_THREAD; ++row)
      if (tileElement(row) < part.count) tile[positionAt(positions, row)] = keys[row];
    workgroupBarrier();
    for (uint m = 0u; m < KEYS_PER_THREAD; ++m) {
      uint local = m * WORKGROUP_SIZE + self;
      if (local < part.count) valuesOut[destinations[m]] = tile[local];
    }
  }
}
