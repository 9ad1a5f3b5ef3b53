// The library's key mapping (app/lib/gpu_sorter.cpp): the sorters order unsigned keys ascending,
// so encoding maps u32/i32/f32 keys onto that order (the GPU twin of data/key_encoding.h:
// i32 by flipping the sign bit, f32 onto IEEE 754 totalOrder) and inverts them for a descending
// sort; decoding undoes both. Both are bijections, so every bit pattern comes back.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/common/grid.glsl"

layout(std430, binding = 0) readonly buffer From { uint from[]; };
layout(std430, binding = 1) writeonly buffer To { uint to[]; };

uniform uint u_count;
uniform uint u_keyFormat;  // 0 u32, 1 i32, 2 f32
uniform uint u_descending;
uniform uint u_decode;

const uint kSignBit = 0x80000000u;

uint encodeKey(uint bits) {
  if (u_keyFormat == 1u) return bits ^ kSignBit;
  if (u_keyFormat == 2u) return (bits & kSignBit) != 0u ? ~bits : bits ^ kSignBit;
  return bits;
}

uint decodeKey(uint sortable) {
  if (u_keyFormat == 1u) return sortable ^ kSignBit;
  if (u_keyFormat == 2u) return (sortable & kSignBit) != 0u ? sortable ^ kSignBit : ~sortable;
  return sortable;
}

void main() {
  uint i = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (i >= u_count) return;
  uint word = from[i];
  if (u_decode != 0u) {
    to[i] = decodeKey(u_descending != 0u ? ~word : word);
  } else {
    uint sortable = encodeKey(word);
    to[i] = u_descending != 0u ? ~sortable : sortable;
  }
}
