// Writes a sorter's state of the packing into the result picture: each packed element's pixel
// (its value) goes where its destination says. Bindings 0 and 1 and image unit 1 are
// state_source.glsl's (render::kState*). Pixels outside the spans were painted by
// paint_input.comp. Injected: those of shaders/render/state_source.glsl.

#include "shaders/art/art_common.glsl"
#include "shaders/render/state_source.glsl"

layout(std430, binding = 2) readonly buffer Picture { uint b_picture[]; };
layout(std430, binding = 3) readonly buffer Destinations { uint b_destinations[]; };
layout(r32ui, binding = 0) writeonly uniform uimage2D u_result;

uniform uint u_width;
uniform uint u_count;  // packed elements

void main() {
  const uint element = elementIndex();
  if (element >= u_count) return;
  const uint destination = b_destinations[element];
  if (destination == kNone) return;
  const uint source = stateElement(element / u_sequenceLength, element % u_sequenceLength).y;
  imageStore(u_result, ivec2(destination % u_width, destination / u_width), uvec4(b_picture[source]));
}
