// art::radialGeometry's integer geometry (app/art/path_map.cpp) and art::RadialWindow, bit for
// bit: rings, spokes, diamond angles and Sapphire's radial controls.

#include "shaders/art/wide_math.glsl"
#include "shaders/art/seeded_draw.glsl"

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

// art::ringOf: the whole part of the distance (half pixels in), from an exact integer square root.
uint ringOf(int dx, int dy) {
  const uint squared = uint(dx * dx) + uint(dy * dy);
  uint root = uint(sqrt(double(squared)));
  while (double(root) * double(root) > double(squared)) --root;
  while (double(root + 1u) * double(root + 1u) <= double(squared)) ++root;
  return root / 2u;
}

// art::spokeOf: round(turns * spokes / 2^32) mod spokes.
uint spokeOf(uint turns, uint spokes) {
  return add64(multiplyWide(turns, spokes), uvec2(0x80000000u, 0u)).y % spokes;
}

// art::RadialWindow's fields.
uniform bool u_radialRings, u_wholeTurn;
uniform uint u_startTurns, u_arcTurns, u_innerRadius, u_reach, u_varyUnits, u_varyPixels;
uniform uvec2 u_radialSeed;

// The line's draw (stream 4) as a share of 2^32 within vary start.
uint varyShare(uint line) { return multiplyWide(seededDraw(u_radialSeed, 4u, uvec2(line, 0u)).x, u_varyUnits).y; }

// art::ringStartTurns.
uint ringStartTurns(uint ring) {
  if (!u_radialRings || u_varyUnits == 0u) return u_startTurns;
  return u_startTurns + varyShare(ring);
}

// art::insideRadialWindow.
bool insideRadialWindow(uint ring, uint turns, uint line) {
  const uint start = u_radialRings ? ringStartTurns(line) : u_startTurns;
  if (!u_wholeTurn && turns - start >= u_arcTurns) return false;
  uint inner = u_innerRadius;
  if (!u_radialRings && u_varyUnits > 0u) inner += multiplyWide(varyShare(line), u_varyPixels).y;
  if (ring < inner) return false;
  return u_reach == 0u || ring - inner < u_reach;
}
