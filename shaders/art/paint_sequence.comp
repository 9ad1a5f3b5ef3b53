// Writes a sorter's state of the one-sequence packing into the result picture: the element at
// map position i holds the map position it came from (its value), so the pixel there goes to
// position i's pixel. Every pixel is written (unsorted ones onto themselves). Bindings 0 and 1
// and image unit 1 are state_source.glsl's (render::kState*). Injected: those of
// shaders/render/state_source.glsl.

#include "shaders/art/art_common.glsl"
#include "shaders/render/state_source.glsl"

layout(std430, binding = 2) readonly buffer Picture { uint b_picture[]; };
layout(std430, binding = 3) readonly buffer Pixels { uint b_pixels[]; };  // the map
layout(r32ui, binding = 0) writeonly uniform uimage2D u_result;

uniform uint u_width;
uniform uint u_count;  // pixels

void main() {
  const uint at = elementIndex();
  if (at >= u_count) return;
  const uint destination = b_pixels[at];
  const uint source = b_pixels[stateElement(0u, at).y];
  imageStore(u_result, ivec2(destination % u_width, destination / u_width), uvec4(b_picture[source]));
}
