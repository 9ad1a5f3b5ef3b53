// Where each line (by its number, empty ones untouched) starts and ends in the map, from the
// line numbers of the map in order.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Lines { uint b_lines[]; };
layout(std430, binding = 1) writeonly buffer First { uint b_first[]; };
layout(std430, binding = 2) writeonly buffer End { uint b_end[]; };

uniform uint u_count;

void main() {
  const uint at = elementIndex();
  if (at >= u_count) return;
  const uint line = b_lines[at];
  if (at == 0u || b_lines[at - 1u] != line) b_first[line] = at;
  if (at + 1u == u_count || b_lines[at + 1u] != line) b_end[line] = at + 1u;
}
