// Per line, what art::findSpans draws from the seed: the offset of the max-span cuts, and with
// random spans the breaks (span after span, so one invocation walks its whole line).

#include "shaders/art/art_common.glsl"
#include "shaders/art/seeded_draw.glsl"

layout(std430, binding = 0) readonly buffer First { uint b_first[]; };
layout(std430, binding = 1) readonly buffer End { uint b_end[]; };
layout(std430, binding = 2) writeonly buffer CapOffset { uint b_capOffset[]; };
layout(std430, binding = 3) buffer Breaks { uint b_breaks[]; };  // a bit per map position, cleared

uniform uint u_lineCount;
uniform uvec2 u_seed;
uniform uint u_maxSpan;  // 0: no cap
uniform bool u_random;
uniform uint u_shortest, u_longest;  // random span lengths

const uint kRandomLengths = 1u, kMaxSpanOffset = 2u;

void main() {
  const uint line = elementIndex();
  if (line >= u_lineCount) return;
  if (u_maxSpan > 0u) b_capOffset[line] = modulo64(seededDraw(u_seed, kMaxSpanOffset, uvec2(line, 0u)), u_maxSpan);
  if (!u_random) return;
  uint draws = 0u;
  for (uint at = b_first[line]; at < b_end[line]; ++draws) {
    atomicOr(b_breaks[at >> 5], 1u << (at & 31u));
    at += u_shortest + modulo64(seededDraw(u_seed, kRandomLengths, uvec2(draws, line)), u_longest - u_shortest + 1u);
  }
}
