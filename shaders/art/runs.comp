// Each run's first and one-past-last map position; afterwards every inside position holds its run
// number in place of the scanned starts.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Pixels { uint b_pixels[]; };
layout(std430, binding = 1) readonly buffer Inside { uint b_inside[]; };
layout(std430, binding = 2) readonly buffer Starts { uint b_starts[]; };
layout(std430, binding = 3) buffer RunOf { uint b_runOf[]; };  // in: exclusive scan of the starts
layout(std430, binding = 4) writeonly buffer RunBegin { uint b_runBegin[]; };
layout(std430, binding = 5) writeonly buffer RunEnd { uint b_runEnd[]; };

uniform uint u_count;

void main() {
  const uint at = elementIndex();
  if (at >= u_count) return;
  if (b_inside[b_pixels[at]] == 0u) {
    b_runOf[at] = kNone;
    return;
  }
  const uint run = b_runOf[at] + b_starts[at] - 1u;
  if (b_starts[at] != 0u) b_runBegin[run] = at;
  // The next position starts a run of its own, lies outside, or is past the end (a new line
  // starts a run when inside).
  if (at + 1u == u_count || b_starts[at + 1u] != 0u || b_inside[b_pixels[at + 1u]] == 0u) b_runEnd[run] = at + 1u;
  b_runOf[at] = run;
}
