// Which runs are spans (two pixels or more): 1 or 0, scanned next into span numbers, the
// numbers the skip draw uses.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer RunBegin { uint b_runBegin[]; };
layout(std430, binding = 1) readonly buffer RunEnd { uint b_runEnd[]; };
layout(std430, binding = 2) readonly buffer Totals { uint b_totals[]; };  // [0]: runs
layout(std430, binding = 3) writeonly buffer Counted { uint b_counted[]; };

uniform uint u_count;  // positions, the most runs there can be

void main() {
  const uint run = elementIndex();
  if (run >= u_count) return;
  b_counted[run] = run < b_totals[0] && b_runEnd[run] - b_runBegin[run] >= 2u ? 1u : 0u;
}
