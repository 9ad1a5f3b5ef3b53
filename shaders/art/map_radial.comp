// Rings and spokes in art::radialGeometry's integer geometry. Two stable sorts build the map:
// first the pixels by their place along a line (u_lineKeys false: key = clockwise diamond angle
// from the ring's start, art::ringStartTurns, for rings; squared distance for spokes), then by
// line (u_lineKeys true: key = ring or spoke of the pixel each element now holds).

#include "shaders/art/art_common.glsl"
#include "shaders/art/radial.glsl"

layout(std430, binding = 0) readonly buffer Order { uint b_order[]; };  // u_lineKeys: pixels by place
layout(std430, binding = 1) writeonly buffer Keys { uint b_keys[]; };
layout(std430, binding = 2) writeonly buffer Pixels { uint b_pixels[]; };

uniform uint u_width, u_count;
uniform int u_centreX2, u_centreY2;  // the centre in half pixels
uniform uint u_spokes;               // 0 for rings
uniform bool u_lineKeys;

void main() {
  const uint element = elementIndex();
  if (element >= u_count) return;
  const uint pixel = u_lineKeys ? b_order[element] : element;
  const int dx = 2 * int(pixel % u_width) + 1 - u_centreX2, dy = 2 * int(pixel / u_width) + 1 - u_centreY2;
  const uint turns = diamondTurns(dx, dy);
  uint key;
  if (u_spokes == 0u) {
    const uint ring = ringOf(dx, dy);
    // Along a ring: clockwise from its start, the difference wrapping modulo a turn.
    key = u_lineKeys ? ring : turns - ringStartTurns(ring);
  } else {
    key = u_lineKeys ? spokeOf(turns, u_spokes) : uint(dx * dx) + uint(dy * dy);
  }
  b_keys[element] = key;
  b_pixels[element] = pixel;
}
