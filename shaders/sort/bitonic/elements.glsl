// The state as the bitonic shaders see it. The buffers hold S sequences of L elements one after
// another; the network addresses them by a virtual position v = s * P + p, P = 2^u_paddedLog2 the
// next power of two >= L. Positions p >= L are padding: they read as the largest key and are
// never written, which is exact because no comparator moves the larger key to the lower index.
// Injected: KEY_BINDING, VALUE_BINDING, HAS_VALUES (0 or 1).

layout(std430, binding = KEY_BINDING) buffer Keys { uint b_keys[]; };
#if HAS_VALUES
layout(std430, binding = VALUE_BINDING) buffer Values { uint b_values[]; };
#endif

uniform uint u_sequenceCount;
#include "shaders/sort/segments.glsl"
uniform uint u_paddedLog2;

const uint kPadding = 0xFFFFFFFFu;  // storage index of a padding position, and its key

// Buffer index of virtual position v, or kPadding.
uint storageIndex(uint v) {
  const uint s = v >> u_paddedLog2;
  const uint p = v & ((1u << u_paddedLog2) - 1u);
  return s < u_sequenceCount && p < u_sequenceLength ? segmentStart(s) + p : kPadding;
}

uint loadKey(uint index) { return index == kPadding ? kPadding : b_keys[index]; }

// The value is only read for real elements; padding never reaches the buffers.
uint loadValue(uint index) {
#if HAS_VALUES
  return index == kPadding ? 0u : b_values[index];
#else
  return 0u;
#endif
}

void storeElement(uint index, uint key, uint value) {
  if (index == kPadding) return;
  b_keys[index] = key;
#if HAS_VALUES
  b_values[index] = value;
#endif
}
