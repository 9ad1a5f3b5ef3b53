// Counts of key * bins / (max + 1) over the picture's pixels, for the viewer's threshold sliders.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Keys { uint b_keys[]; };
layout(std430, binding = 1) buffer Bins { uint b_bins[]; };  // zeroed

uniform uint u_count, u_bins, u_keyMax;

void main() {
  const uint pixel = elementIndex();
  if (pixel >= u_count) return;
  atomicAdd(b_bins[uint(double(b_keys[pixel]) * double(u_bins) / double(u_keyMax + 1u))], 1u);
}
