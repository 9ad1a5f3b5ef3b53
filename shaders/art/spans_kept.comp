// Which spans are sorted (not skipped: art::findSpans' draw by the span's line and its start on
// the line): per run, the pixels it brings (scanned into its offset in the packing), 1 for a
// sorted span (scanned into its index), and its state for packing and the overlay: 0 not a span,
// 1 sorted, 2 skipped. Also the longest sorted span.

#include "shaders/art/art_common.glsl"
#include "shaders/art/seeded_draw.glsl"

layout(std430, binding = 0) readonly buffer RunBegin { uint b_runBegin[]; };
layout(std430, binding = 1) readonly buffer RunEnd { uint b_runEnd[]; };
layout(std430, binding = 2) buffer Totals { uint b_totals[]; };  // [0]: runs; [3]: the longest span, zeroed
layout(std430, binding = 3) readonly buffer MapLines { uint b_mapLines[]; };  // line of each map position
layout(std430, binding = 4) writeonly buffer Pixels { uint b_keptPixels[]; };
layout(std430, binding = 5) writeonly buffer Kept { uint b_kept[]; };
layout(std430, binding = 6) writeonly buffer State { uint b_state[]; };
layout(std430, binding = 7) readonly buffer LineFirst { uint b_lineFirst[]; };  // each line's first position

uniform uint u_count;
uniform uvec2 u_seed;
uniform uint u_skipBelow;  // skipped when draw % 1000000 < this

const uint kSkip = 3u;

void main() {
  const uint run = elementIndex();
  if (run >= u_count) return;
  uint length = 0u, state = 0u;
  if (run < b_totals[0]) {
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
  b_keptPixels[run] = state == 1u ? length : 0u;
  b_kept[run] = state == 1u ? 1u : 0u;
  b_state[run] = state;
  if (state == 1u) atomicMax(b_totals[3], length);
}
