// The result picture = the input picture, texel for texel (RGBA8 seen as r32ui: bit for bit).

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Picture { uint b_picture[]; };
layout(r32ui, binding = 0) writeonly uniform uimage2D u_result;

uniform uint u_width, u_height;

void main() {
  const uint pixel = elementIndex();
  if (pixel >= u_width * u_height) return;
  imageStore(u_result, ivec2(pixel % u_width, pixel / u_width), uvec4(b_picture[pixel]));
}
