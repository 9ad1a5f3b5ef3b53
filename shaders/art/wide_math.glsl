// 64-bit unsigned arithmetic in 32-bit words (x low, y high), from 16-bit halves only: llvmpipe
// (Mesa 22.3) gave a wrong high word from umulExtended when the product carried past 32 bits.

uvec2 multiplyWide(uint a, uint b) {  // the full 64-bit product
  const uint a0 = a & 0xFFFFu, a1 = a >> 16, b0 = b & 0xFFFFu, b1 = b >> 16;
  const uint low = a0 * b0, cross1 = a0 * b1, cross2 = a1 * b0;
  const uint middle = (low >> 16) + (cross1 & 0xFFFFu) + (cross2 & 0xFFFFu);
  return uvec2(middle << 16 | (low & 0xFFFFu), a1 * b1 + (cross1 >> 16) + (cross2 >> 16) + (middle >> 16));
}

uvec2 add64(uvec2 a, uvec2 b) {
  const uint low = a.x + b.x;
  return uvec2(low, a.y + b.y + (low < a.x ? 1u : 0u));
}

uvec2 multiply64(uvec2 a, uvec2 b) {  // the low 64 bits of a * b
  const uvec2 low = multiplyWide(a.x, b.x);
  return uvec2(low.x, low.y + a.x * b.y + a.y * b.x);
}

// a >= b
bool atLeast64(uvec2 a, uvec2 b) {
  return a.y > b.y || (a.y == b.y && a.x >= b.x);
}
