// Which spans are sorted (not skipped: art::findSpans' draw by the span's line and its start on
// the line): per run, the pixels it brings (scanned into its offset in the packing), 1 for a
// sorted span (scanned into its index), and its state for packing and the overlay: 0 not a span,
// 1 sorted, 2 skipped. Also the longest sorted span.

#include "shaders/art/art_common.glsl"
#include "shaders/art/seeded_draw.glsl"

layout(std430, binding = 0) readonly buffer RunBegin { uint b_runBegin[]; };
layout(std430, binding = 1) readonly buffer RunEnd { uint b_runEnd[]; };
layout(std430, binding = 2) buffer Totals { uint b_totals[]; };  // [0]: runs; [1..3]: span pixels, spans, longest, zeroed
layout(std430, binding = 3) readonly buffer MapLines { uint b_mapLines[]; };  // line of each map position
layout(std430, binding = 4) writeonly buffer Pixels { uint b_keptPixels[]; };
layout(std430, binding = 5) writeonly buffer Kept { uint b_kept[]; };
layout(std430, binding = 6) writeonly buffer State { uint b_state[]; };
layout(std430, binding = 7) readonly buffer LineFirst { uint b_lineFirst[]; };  // each line's first position

uniform uint u_count;
uniform uvec2 u_seed;
uniform uint u_skipBelow;  // skipped when draw % 1000000 < this

const uint kSkip = 3u;

shared uint s_pixels, s_spans, s_longest;

void main() {
  const uint run = elementIndex();
  if (gl_LocalInvocationIndex == 0u) {
    s_pixels = 0u;
    s_spans = 0u;
    s_longest = 0u;
  }
  barrier();
  uint length = 0u, state = 0u;
  if (run < u_count && run < b_totals[0]) {
    length = b_runEnd[run] - b_runBegin[run];
    if (length >= 2u) {
      state = 1u;
      if (u_skipBelow > 0u) {
        const uint begin = b_runBegin[run], line = b_mapLines[begin];
        if (modulo64(seededDraw(u_seed, kSkip, uvec2(begin - b_lineFirst[line], line)), 1000000u) < u_skipBelow)
          state = 2u;
      }
    }
  }
  if (run < u_count) {
    b_keptPixels[run] = state == 1u ? length : 0u;
    b_kept[run] = state == 1u ? 1u : 0u;
    b_state[run] = state;
  }
  if (state == 1u) {
    atomicAdd(s_pixels, length);
    atomicAdd(s_spans, 1u);
    atomicMax(s_longest, length);
  }
  barrier();
  if (gl_LocalInvocationIndex == 0u && s_spans > 0u) {
    atomicAdd(b_totals[1], s_pixels);
    atomicAdd(b_totals[2], s_spans);
    atomicMax(b_totals[3], s_longest);
  }
}
