// The viewer's mask brush: one stroke segment from u_from to u_to (picture pixels, y down), a
// round brush of radius u_radius whose outer u_feather share fades out. Each pixel of the
// segment's bounding box moves its mask grey (the luminance of what was there) towards u_target
// (255 paints: sortable; 0 erases) by the brush's strength at its centre.

#include "shaders/art/art_common.glsl"
#include "shaders/art/pixel_key.glsl"

layout(std430, binding = 0) buffer Mask { uint b_mask[]; };

uniform uint u_width, u_height;
uniform ivec2 u_origin;  // the bounding box's top left
uniform uint u_boxWidth, u_boxCount;
uniform vec2 u_from, u_to;
uniform float u_radius, u_feather, u_target;

void main() {
  const uint element = elementIndex();
  if (element >= u_boxCount) return;
  const ivec2 at = u_origin + ivec2(int(element % u_boxWidth), int(element / u_boxWidth));
  if (at.x < 0 || at.y < 0 || at.x >= int(u_width) || at.y >= int(u_height)) return;
  const vec2 centre = vec2(at) + 0.5;
  const vec2 along = u_to - u_from;
  const float length2 = dot(along, along);
  const float t = length2 > 0.0 ? clamp(dot(centre - u_from, along) / length2, 0.0, 1.0) : 0.0;
  const float distanceToStroke = distance(centre, u_from + t * along);
  const float hard = u_radius * (1.0 - u_feather);
  float strength;
  if (distanceToStroke <= hard) strength = 1.0;
  else if (distanceToStroke >= u_radius) strength = 0.0;
  else strength = 1.0 - smoothstep(hard, u_radius, distanceToStroke);
  if (strength <= 0.0) return;
  const uint pixel = uint(at.y) * u_width + uint(at.x);
  const float grey = float(pixelKey(KEY_LUMINANCE, b_mask[pixel])) / 10000.0;  // 0 to 255
  const uint painted = uint(round(mix(grey, u_target, strength)));
  b_mask[pixel] = 0xFF000000u | painted << 16 | painted << 8 | painted;
}
