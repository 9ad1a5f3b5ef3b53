// The order-independent fingerprint of a sort state, bit for bit the one the CPU computes
// (shadersort::pairFingerprint in app/sort/verify.cpp, weighted per sequence by
// render::expectedFingerprint). GLSL 4.30 has no 64-bit integers: a uvec2 holds one, x the low
// word and y the high word.
#ifndef FINGERPRINT_GLSL
#define FINGERPRINT_GLSL

uvec2 add64(uvec2 a, uvec2 b) {
  uint carry;
  const uint low = uaddCarry(a.x, b.x, carry);
  return uvec2(low, a.y + b.y + carry);
}

// The low 64 bits of a * b.
uvec2 multiply64(uvec2 a, uvec2 b) {
  uint high, low;
  umulExtended(a.x, b.x, high, low);
  return uvec2(low, high + a.x * b.y + a.y * b.x);
}

// a ^ (a >> shift), for 0 < shift < 32.
uvec2 xorShiftRight64(uvec2 a, uint shift) {
  return a ^ uvec2((a.x >> shift) | (a.y << (32u - shift)), a.y >> shift);
}

// pairFingerprint(key, value): a strong mix of the 64-bit word key << 32 | value.
uvec2 pairFingerprint(uint key, uint value) {
  uvec2 x = add64(uvec2(value, key), uvec2(0x7F4A7C15u, 0x9E3779B9u));
  x = multiply64(xorShiftRight64(x, 30u), uvec2(0x1CE4E5B9u, 0xBF58476Du));
  x = multiply64(xorShiftRight64(x, 27u), uvec2(0x133111EBu, 0x94D049BBu));
  return xorShiftRight64(x, 31u);
}

// An element's share of the state's fingerprint: its pair's, times the odd weight 2s + 1 of its
// sequence s, so that an element that changes sequence changes the sum.
uvec2 elementFingerprint(uint sequence, uint key, uint value) {
  return multiply64(pairFingerprint(key, value), uvec2(2u * sequence + 1u, 0u));
}

#endif
