// Rings and spokes in art::radialGeometry's integer geometry. Two stable sorts build the map:
// first the pixels by their place along a line (u_lineKeys false: key = clockwise diamond angle
// for rings, squared distance for spokes), then by line (u_lineKeys true: key = ring or spoke of
// the pixel each element now holds).

#include "shaders/art/art_common.glsl"
#include "shaders/art/wide_math.glsl"

layout(std430, binding = 0) readonly buffer Order { uint b_order[]; };  // u_lineKeys: pixels by place
layout(std430, binding = 1) writeonly buffer Keys { uint b_keys[]; };
layout(std430, binding = 2) writeonly buffer Pixels { uint b_pixels[]; };

uniform uint u_width, u_count;
uniform int u_centreX2, u_centreY2;  // the centre in half pixels
uniform uint u_spokes;               // 0 for rings
uniform bool u_lineKeys;

// art::diamondTurns: quadrant << 30 | floor(2^30 * part / sum), the floor made exact by checking
// the double quotient with products below 2^53.
uint diamondTurns(int dx, int dy) {
  if (dx == 0 && dy == 0) return 0u;
  const uint sum = uint(abs(dx) + abs(dy));
  uint quadrant, part;
  if (dx > 0 && dy >= 0) { quadrant = 0u; part = uint(dy); }
  else if (dx <= 0 && dy > 0) { quadrant = 1u; part = uint(-dx); }
  else if (dx < 0 && dy <= 0) { quadrant = 2u; part = uint(-dy); }
  else { quadrant = 3u; part = uint(dx); }
  const double scaled = double(part) * 1073741824.0;
  uint fraction = uint(floor(scaled / double(sum)));
  if (double(fraction) * double(sum) > scaled) --fraction;
  if (double(fraction + 1u) * double(sum) <= scaled) ++fraction;
  return quadrant << 30 | fraction;
}

void main() {
  const uint element = elementIndex();
  if (element >= u_count) return;
  const uint pixel = u_lineKeys ? b_order[element] : element;
  const int dx = 2 * int(pixel % u_width) + 1 - u_centreX2, dy = 2 * int(pixel / u_width) + 1 - u_centreY2;
  const uint squared = uint(dx * dx) + uint(dy * dy);
  const uint turns = diamondTurns(dx, dy);
  uint key;
  if (!u_lineKeys) {
    key = u_spokes == 0u ? turns : squared;
  } else if (u_spokes == 0u) {
    // art::ringOf: the whole part of the distance, from an exact integer square root.
    uint root = uint(sqrt(double(squared)));
    while (double(root) * double(root) > double(squared)) --root;
    while (double(root + 1u) * double(root + 1u) <= double(squared)) ++root;
    key = root / 2u;
  } else {
    // art::spokeOf: round(turns * spokes / 2^32) mod spokes.
    key = add64(multiplyWide(turns, u_spokes), uvec2(0x80000000u, 0u)).y % u_spokes;
  }
  b_keys[element] = key;
  b_pixels[element] = pixel;
}
