// Each pixel's key (raw, before a descending sort flips it), from the picture or the key image.

#include "shaders/art/art_common.glsl"
#include "shaders/art/pixel_key.glsl"

layout(std430, binding = 0) readonly buffer Source { uint b_source[]; };
layout(std430, binding = 1) writeonly buffer Keys { uint b_keys[]; };

uniform uint u_count;
uniform uint u_key;

void main() {
  const uint pixel = elementIndex();
  if (pixel >= u_count) return;
  b_keys[pixel] = pixelKey(u_key, b_source[pixel]);
}
