// Many short sequences (at most MAX_SHORT_LENGTH keys each, such as spans of a few pixels): one
// invocation sorts one whole sequence by insertion, in shared memory, in one dispatch for every
// digit place at once. A digit pass per place would cost each sequence a workgroup launch per
// place for a handful of keys (the cliff of rows of 2 to 32 keys); insertion compares whole keys
// (masked to the bits that may differ, as the skipped places would be) and moves a key only past
// strictly greater ones, so it is stable like the digit passes it replaces.
//
// The workgroup loads its WORKGROUP_SIZE sequences coalesced, sorts, and stores them coalesced.
// Each workgroup reads all its words before writing any, so it may sort in place (the in-place
// sort binds the same buffer as input and output): no readonly or writeonly qualifiers.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"

#include "shaders/sort/segments.glsl"
uniform uint u_sequenceCount;
uniform uint u_hasValues;
uniform uint u_keyMask;  // the bits in which keys may differ

layout(std430, binding = KEYS_IN_BINDING) buffer KeysIn { uint keysIn[]; };
layout(std430, binding = KEYS_OUT_BINDING) buffer KeysOut { uint keysOut[]; };
layout(std430, binding = VALUES_IN_BINDING) buffer ValuesIn { uint valuesIn[]; };
layout(std430, binding = VALUES_OUT_BINDING) buffer ValuesOut { uint valuesOut[]; };

shared uint keys[WORKGROUP_SIZE * MAX_SHORT_LENGTH];
shared uint values[WORKGROUP_SIZE * MAX_SHORT_LENGTH];

void main() {
  uint self = gl_LocalInvocationIndex;
  uint firstSequence = linearGroupId() * WORKGROUP_SIZE;
  if (firstSequence >= u_sequenceCount) return;  // the whole workgroup: no barrier is left waiting
  uint length = u_sequenceLength;
  uint words = min(WORKGROUP_SIZE, u_sequenceCount - firstSequence) * length;
  uint base = firstSequence * length;
  bool hasValues = u_hasValues != 0u;

  for (uint i = self; i < words; i += WORKGROUP_SIZE) {
    keys[i] = keysIn[base + i];
    if (hasValues) values[i] = valuesIn[base + i];
  }
  workgroupBarrier();

  uint first = self * length;
  if (first < words) {
    for (uint i = 1u; i < length; ++i) {
      uint key = keys[first + i];
      uint value = hasValues ? values[first + i] : 0u;
      uint masked = key & u_keyMask;
      uint j = i;
      for (; j > 0u && (keys[first + j - 1u] & u_keyMask) > masked; --j) {
        keys[first + j] = keys[first + j - 1u];
        if (hasValues) values[first + j] = values[first + j - 1u];
      }
      keys[first + j] = key;
      if (hasValues) values[first + j] = value;
    }
  }
  workgroupBarrier();

  for (uint i = self; i < words; i += WORKGROUP_SIZE) {
    keysOut[base + i] = keys[i];
    if (hasValues) valuesOut[base + i] = values[i];
  }
}
