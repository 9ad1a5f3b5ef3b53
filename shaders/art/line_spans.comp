// The span counters when every line is one span (pack_lines.comp): spans of two pixels or more,
// their pixels and the longest, as spans_kept.comp counts them from the runs.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer LineFirst { uint b_lineFirst[]; };
layout(std430, binding = 1) readonly buffer LineEnd { uint b_lineEnd[]; };
layout(std430, binding = 2) buffer Totals { uint b_totals[]; };  // [1..3]: span pixels, spans, longest, zeroed

uniform uint u_lineCount;

shared uint s_pixels, s_spans, s_longest;

void main() {
  const uint line = elementIndex();
  if (gl_LocalInvocationIndex == 0u) {
    s_pixels = 0u;
    s_spans = 0u;
    s_longest = 0u;
  }
  barrier();
  const uint length = line < u_lineCount ? b_lineEnd[line] - b_lineFirst[line] : 0u;
  if (length >= 2u) {
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
