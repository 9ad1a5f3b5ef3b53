// Exclusive prefix sum, first level: each workgroup scans 1024 words in place and writes their
// total to `totals` (scanned the same way when there is more than one block; scan_add.comp adds
// them back).

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) buffer Words { uint b_words[]; };
layout(std430, binding = 1) writeonly buffer Totals { uint b_totals[]; };

uniform uint u_count;

shared uint s_sums[256];

void main() {
  const uint block = linearGroupId(), thread = gl_LocalInvocationID.x;
  const uint first = block * 1024u + thread * 4u;
  uint words[4];
  uint sum = 0u;
  for (uint i = 0u; i < 4u; ++i) {
    words[i] = first + i < u_count ? b_words[first + i] : 0u;
    sum += words[i];
  }
  s_sums[thread] = sum;
  barrier();
  // Hillis-Steele over the 256 thread sums: inclusive.
  for (uint offset = 1u; offset < 256u; offset <<= 1) {
    const uint add = thread >= offset ? s_sums[thread - offset] : 0u;
    barrier();
    s_sums[thread] += add;
    barrier();
  }
  uint running = s_sums[thread] - sum;
  for (uint i = 0u; i < 4u; ++i) {
    if (first + i < u_count) b_words[first + i] = running;
    running += words[i];
  }
  if (thread == 255u) b_totals[block] = s_sums[255];
}
