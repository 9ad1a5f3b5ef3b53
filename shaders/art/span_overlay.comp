// The span overlay (AcerolaFX's debug view): sorted spans in a light tone of their own colour,
// alternating warm and cool from span to span so that boundaries show; pixels outside darkened;
// spans left unsorted by --skip in blue.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Picture { uint b_picture[]; };
layout(std430, binding = 1) readonly buffer Pixels { uint b_pixels[]; };  // the map
layout(std430, binding = 2) readonly buffer RunOf { uint b_runOf[]; };
layout(std430, binding = 3) readonly buffer State { uint b_state[]; };
layout(r32ui, binding = 0) writeonly uniform uimage2D u_result;

uniform uint u_width, u_count;

void main() {
  const uint at = elementIndex();
  if (at >= u_count) return;
  const uint pixel = b_pixels[at];
  const vec4 colour = unpackUnorm4x8(b_picture[pixel]);
  const float grey = dot(colour.rgb, vec3(0.2126, 0.7152, 0.0722));
  const uint run = b_runOf[at];
  const uint state = run == kNone ? 0u : b_state[run];
  vec3 shown;
  if (state == 1u) {
    const vec3 tint = (run & 1u) == 0u ? vec3(1.0, 0.78, 0.45) : vec3(0.5, 0.95, 0.75);
    shown = mix(vec3(grey), tint, 0.6) * 0.5 + 0.5;
  } else if (state == 2u) {
    shown = mix(vec3(grey), vec3(0.3, 0.5, 1.0), 0.7);
  } else {
    shown = vec3(grey) * 0.25;
  }
  imageStore(u_result, ivec2(pixel % u_width, pixel / u_width), uvec4(packUnorm4x8(vec4(shown, 1.0))));
}
