// art::seededDraw (app/art/spans.cpp) in 32-bit words: splitmix64 of the seed, a stream and an
// index, bit for bit the numbers the CPU draws. A 64-bit number is a uvec2 (x low, y high).

#include "shaders/art/wide_math.glsl"

uvec2 shiftRight64(uvec2 a, uint bits) {  // 0 < bits < 32
  return uvec2(a.x >> bits | a.y << (32u - bits), a.y >> bits);
}

// a mod m for 0 < m: long division, a bit at a time.
uint modulo64(uvec2 a, uint m) {
  uint remainder = 0u;
  for (int bit = 63; bit >= 0; --bit) {
    const uint word = bit >= 32 ? a.y : a.x;
    const uint carry = remainder >> 31;
    remainder = remainder << 1 | (word >> uint(bit & 31)) & 1u;
    // With the carry the true remainder is 2^32 more, so above m; the wrapped subtraction is exact.
    if (carry != 0u || remainder >= m) remainder -= m;
  }
  return remainder;
}

const uvec2 kGolden = uvec2(0x7F4A7C15u, 0x9E3779B9u);
const uvec2 kIndexMix = uvec2(0xD192ED69u, 0xD1B54A32u);
const uvec2 kMixA = uvec2(0x1CE4E5B9u, 0xBF58476Du);
const uvec2 kMixB = uvec2(0x133111EBu, 0x94D049BBu);

uvec2 seededDraw(uvec2 seed, uint stream, uvec2 index) {
  uvec2 z = seed ^ multiply64(uvec2(stream, 0u), kGolden) ^ multiply64(index, kIndexMix);
  for (int round = 0; round < 2; ++round) {
    z = add64(z, kGolden);
    z = multiply64(z ^ shiftRight64(z, 30u), kMixA);
    z = multiply64(z ^ shiftRight64(z, 27u), kMixB);
    z ^= shiftRight64(z, 31u);
  }
  return z;
}
