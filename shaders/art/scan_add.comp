// Exclusive prefix sum, second level: adds each block's scanned total to its 1024 words.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) buffer Words { uint b_words[]; };
layout(std430, binding = 1) readonly buffer Totals { uint b_totals[]; };

uniform uint u_count;

void main() {
  const uint at = elementIndex();
  if (at < u_count) b_words[at] += b_totals[at / 1024u];
}
