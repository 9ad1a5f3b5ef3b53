// Whether any pixel of the picture is fully transparent (ArtPipeline::pictureIsOpaque, when the
// CPU has not seen the picture): b_found[0] becomes nonzero if one is.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Picture { uint b_picture[]; };
layout(std430, binding = 1) buffer Found { uint b_found[]; };  // [0], zeroed before

uniform uint u_count;

void main() {
  const uint at = elementIndex();
  if (at < u_count && (b_picture[at] >> 24) == 0u) atomicOr(b_found[0], 1u);
}
