// Fast path, once per sort: counts the digits of every key at every digit place into its
// sequence's histograms, [sequence][place][digit] (zero before: whoever works out the digit
// starts zeroes them after reading). A sequence's histogram of a place, prefix-summed, is where
// each digit's keys start in that place's pass. Each workgroup counts HISTOGRAM_PARTITIONS partitions in shared
// memory and adds to the global histograms once per sequence it met, keeping global atomics few.
//
// It also zeroes its partitions' look-back status words of every pass, which the chained
// downsweeps need zeroed. A buffer clear (glClearBufferSubData) of them before each sort runs
// at an upload's speed, about as long as this whole kernel.
//
// For one sequence it also does digit_starts.comp's work, in the last workgroup to finish (the
// others count themselves done in the word after the tickets): one dispatch fewer per sort,
// which is what small sorts pay most for.
//
// One shared array per place, so the four counts of a key are four independent atomics the
// compiler cannot suspect of aliasing (one array indexed by place ran at a quarter of the rate
// of upsweep.comp's one count per key on an H100).

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"
#include "shaders/sort/radix/workgroup_scan.glsl"

#if RADIX_BITS != 8
#error the upfront histogram counts four 8-bit digit places
#endif
#define PLACES 4u

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = HISTOGRAM_BINDING) buffer Histogram { uint histogram[]; };
layout(std430, binding = STATUS_BINDING) writeonly buffer Status { uvec4 statusQuads[]; };

uniform uint u_passCount;  // passes of this sort, each with its own status words
uniform uint u_groupCount;        // workgroups this dispatch asked for
uniform uint u_digitStartsHere;   // 1: one sequence, whose digit starts the last workgroup works out

layout(std430, binding = DIGIT_STARTS_BINDING) writeonly buffer DigitStarts { uint digitStarts[]; };
// A ticket per pass, then how many workgroups of this dispatch are done: back to 0 by the last,
// and zeroed when the buffer is made; a count left at anything else would elect no last
// workgroup, so nothing else may write it.
layout(std430, binding = TICKETS_BINDING) coherent buffer Tickets { uint tickets[]; };

#define STATUS_QUADS_PER_PARTITION (RADIX / 4u)

shared uint counts0[RADIX];
shared uint counts1[RADIX];
shared uint counts2[RADIX];
shared uint counts3[RADIX];

void clearLocal() {
  for (uint digit = gl_LocalInvocationIndex; digit < RADIX; digit += WORKGROUP_SIZE) {
    counts0[digit] = 0u;
    counts1[digit] = 0u;
    counts2[digit] = 0u;
    counts3[digit] = 0u;
  }
}

void addOne(uint base, uint count) {
  if (count != 0u) atomicAdd(histogram[base], count);
}

void addToSequence(uint sequence) {
  uint base = sequence * PLACES * RADIX;
  for (uint digit = gl_LocalInvocationIndex; digit < RADIX; digit += WORKGROUP_SIZE) {
    addOne(base + digit, counts0[digit]);
    addOne(base + RADIX + digit, counts1[digit]);
    addOne(base + 2u * RADIX + digit, counts2[digit]);
    addOne(base + 3u * RADIX + digit, counts3[digit]);
  }
}

void zeroStatusWords(uint first) {
  uint end = min(first + HISTOGRAM_PARTITIONS, u_partitionCount);
  if (first >= end) return;
  uint quads = (end - first) * STATUS_QUADS_PER_PARTITION;
  for (uint pass = 0u; pass < u_passCount; ++pass) {
    uint base = (pass * u_partitionCount + first) * STATUS_QUADS_PER_PARTITION;
    for (uint q = gl_LocalInvocationIndex; q < quads; q += WORKGROUP_SIZE) statusQuads[base + q] = uvec4(0u);
  }
}

#define COUNTERS (PLACES * RADIX)
#define COUNTERS_PER_INVOCATION ((COUNTERS + WORKGROUP_SIZE - 1u) / WORKGROUP_SIZE)
#if RADIX % COUNTERS_PER_INVOCATION != 0
#error each place's counters must start at some invocation's first counter
#endif

shared bool lastGroup;
shared uint placeStart[PLACES];

// digit_starts.comp for sequence 0 alone, all four places in one scan: the histograms (read and
// zeroed by atomics, which see every workgroup's additions) become where each digit's keys start,
// and the tickets and the done count go back to 0.
void digitStartsOfTheOneSequence() {
  uint self = gl_LocalInvocationIndex;
  uint first = self * COUNTERS_PER_INVOCATION;
  uint counts[COUNTERS_PER_INVOCATION];
  uint owned = 0u;
  for (uint i = 0u; i < COUNTERS_PER_INVOCATION; ++i) {
    counts[i] = first + i < COUNTERS ? atomicExchange(histogram[first + i], 0u) : 0u;
    owned += counts[i];
  }
  uint start = workgroupExclusiveSum(owned);
  if (first < COUNTERS && first % RADIX == 0u) placeStart[first / RADIX] = start;
  workgroupBarrier();
  if (first >= COUNTERS) return;
  start -= placeStart[first / RADIX];
  for (uint i = 0u; i < COUNTERS_PER_INVOCATION; ++i) {
    digitStarts[first + i] = start;
    start += counts[i];
  }
  for (uint pass = self; pass <= u_passCount; pass += WORKGROUP_SIZE) tickets[pass] = 0u;
}

void main() {
  uint self = gl_LocalInvocationIndex;
  if (linearGroupId() >= u_groupCount) return;  // the grid's spare groups must not count as done
  uint first = linearGroupId() * HISTOGRAM_PARTITIONS;
  zeroStatusWords(first);
  uint sequence = partitionAt(first, PARTITION_SIZE).sequence;
  clearLocal();
  workgroupBarrier();
  for (uint p = first; p < first + HISTOGRAM_PARTITIONS; ++p) {
    Partition part = partitionAt(p, PARTITION_SIZE);
    if (part.count > 0u && part.sequence != sequence) {  // the same in the whole workgroup
      workgroupBarrier();
      addToSequence(sequence);
      workgroupBarrier();
      clearLocal();
      workgroupBarrier();
      sequence = part.sequence;
    }
    // A partition is WORKGROUP_SIZE x KEYS_PER_THREAD keys: loads first, then the counting.
    uint keys[KEYS_PER_THREAD];
    for (uint i = 0u; i < KEYS_PER_THREAD; ++i) {
      uint local = i * WORKGROUP_SIZE + self;
      keys[i] = local < part.count ? keysIn[part.start + local] : 0u;
    }
    for (uint i = 0u; i < KEYS_PER_THREAD; ++i) {
      if (i * WORKGROUP_SIZE + self < part.count) {
        uint key = keys[i];
        atomicAdd(counts0[key & RADIX_MASK], 1u);
        atomicAdd(counts1[(key >> RADIX_BITS) & RADIX_MASK], 1u);
        atomicAdd(counts2[(key >> (2u * RADIX_BITS)) & RADIX_MASK], 1u);
        atomicAdd(counts3[key >> (3u * RADIX_BITS)], 1u);
      }
    }
  }
  workgroupBarrier();
  addToSequence(sequence);
  if (u_digitStartsHere == 0u) return;
  memoryBarrierBuffer();  // this invocation's additions land before its workgroup counts as done
  workgroupBarrier();
  if (self == 0u) {
    lastGroup = atomicAdd(tickets[u_passCount], 1u) == u_groupCount - 1u;
    memoryBarrierBuffer();  // the count seen before the histograms are read (the reader's side)
  }
  workgroupBarrier();
  if (lastGroup) digitStartsOfTheOneSequence();
}
