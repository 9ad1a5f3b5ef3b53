// Fast path for short sequences: one workgroup sorts a whole sequence by one digit place, in one
// dispatch for all sequences (an image's columns are such sequences). Below a few ten thousand
// keys a sort is a handful of dispatches' latency, not memory traffic, so the partitioned
// pipelines' three to five dispatches per place lose to one that reads its sequence twice.
//
// The workgroup counts the sequence's digits, scans the counts into where each digit's keys start,
// then walks the sequence one tile at a time: ranks the tile stably (rank_tile.glsl) and
// writes each key after the keys of its digit that earlier tiles placed.

#include "shaders/sort/radix/match.glsl"

#pragma optionNV(unroll all)

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"
#include "shaders/sort/radix/workgroup_scan.glsl"

#define TILE_KEYS (WORKGROUP_SIZE * KEYS_PER_THREAD)

uniform uint u_hasValues;
uniform uint u_sequenceCount;

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = KEYS_OUT_BINDING) writeonly buffer KeysOut { uint keysOut[]; };
layout(std430, binding = VALUES_IN_BINDING) readonly buffer ValuesIn { uint valuesIn[]; };
layout(std430, binding = VALUES_OUT_BINDING) writeonly buffer ValuesOut { uint valuesOut[]; };

shared uint tile[TILE_WORDS];
shared uint digitStart[RADIX];  // first position of each digit in the tile being ranked
shared uint nextOut[RADIX];     // where the next key of each digit goes in the sequence

#include "shaders/sort/radix/rank_tile.glsl"

void main() {
  uint self = gl_LocalInvocationIndex;
  uint sequence = linearGroupId();
  if (sequence >= u_sequenceCount) return;  // the whole workgroup: no barrier is left waiting
  uint base = segmentStart(sequence);
  uint length = u_sequenceLength;

  for (uint digit = self; digit < RADIX; digit += WORKGROUP_SIZE) nextOut[digit] = 0u;
  workgroupBarrier();
  for (uint i = self; i < length; i += WORKGROUP_SIZE) atomicAdd(nextOut[digitOf(keysIn[base + i])], 1u);
  workgroupBarrier();

  // Counts to exclusive starts; each invocation owns DIGITS_PER_INVOCATION neighbouring digits.
  uint owned = 0u;
  for (uint i = 0u; i < DIGITS_PER_INVOCATION; ++i) {
    uint digit = self * DIGITS_PER_INVOCATION + i;
    if (digit < RADIX) owned += nextOut[digit];
  }
  uint start = workgroupExclusiveSum(owned);
  for (uint i = 0u; i < DIGITS_PER_INVOCATION; ++i) {
    uint digit = self * DIGITS_PER_INVOCATION + i;
    if (digit >= RADIX) break;
    uint digitCount = nextOut[digit];
    nextOut[digit] = start;
    start += digitCount;
  }
  workgroupBarrier();

  bool hasValues = u_hasValues != 0u;
  for (uint first = 0u; first < length; first += TILE_KEYS) {
    uint count = min(TILE_KEYS, length - first);
    uint keys[KEYS_PER_THREAD];
    uint values[KEYS_PER_THREAD];
    uint positions[POSITION_WORDS];
    for (uint row = 0u; row < KEYS_PER_THREAD; ++row) {
      uint local = tileElement(row);
      keys[row] = local < count ? keysIn[base + first + local] : 0u;
      values[row] = hasValues && local < count ? valuesIn[base + first + local] : 0u;
    }
    rankTile(keys, count, positions);
    for (uint row = 0u; row < KEYS_PER_THREAD; ++row) {
      if (tileElement(row) >= count) continue;
      uint digit = digitOf(keys[row]);
      uint destination = base + nextOut[digit] + positionAt(positions, row) - digitStart[digit];
      keysOut[destination] = keys[row];
      if (hasValues) valuesOut[destination] = values[row];
    }
    workgroupBarrier();  // every key has read nextOut
    for (uint digit = self; digit < RADIX; digit += WORKGROUP_SIZE)
      nextOut[digit] += (digit + 1u < RADIX ? digitStart[digit + 1u] : count) - digitStart[digit];
    workgroupBarrier();  // rankTile rewrites digitStart and tile
  }
}
