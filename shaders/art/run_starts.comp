// Runs: the stretches of inside pixels along a line between breaks (art::findSpans). A run starts
// at an inside pixel that begins its line, follows an outside pixel, or sits on a break (a random
// span's start or a max-span cut), or (file mode) on a black pixel of the interval image that
// follows a non-black one along the line. Writes 1 there, else 0, twice: one copy is scanned into
// run numbers.

#include "shaders/art/art_common.glsl"
#include "shaders/art/pixel_key.glsl"

layout(std430, binding = 0) readonly buffer Pixels { uint b_pixels[]; };  // the map
layout(std430, binding = 1) readonly buffer Lines { uint b_lines[]; };
layout(std430, binding = 2) readonly buffer Inside { uint b_inside[]; };
layout(std430, binding = 3) readonly buffer First { uint b_first[]; };
layout(std430, binding = 4) readonly buffer CapOffset { uint b_capOffset[]; };
layout(std430, binding = 5) readonly buffer Breaks { uint b_breaks[]; };
layout(std430, binding = 6) writeonly buffer Starts { uint b_starts[]; };
layout(std430, binding = 7) writeonly buffer StartsToScan { uint b_startsToScan[]; };
layout(std430, binding = 8) readonly buffer IntervalImage { uint b_intervalImage[]; };  // u_file only

uniform uint u_count;
uniform uint u_maxSpan;
uniform bool u_random;
uniform bool u_file;

// The interval image's pixel under map position `at` is black: luminance under half of white.
bool blackAt(uint at) { return pixelKey(KEY_LUMINANCE, b_intervalImage[b_pixels[at]]) < 1275000u; }

void main() {
  const uint at = elementIndex();
  if (at >= u_count) return;
  bool start = false;
  if (b_inside[b_pixels[at]] != 0u) {
    const uint line = b_lines[at];
    const uint position = at - b_first[line];
    const bool randomBreak = u_random && (b_breaks[at >> 5] & (1u << (at & 31u))) != 0u;
    const bool cut = u_maxSpan > 0u && position % u_maxSpan == b_capOffset[line];
    const bool fileBreak = u_file && blackAt(at) && (position == 0u || !blackAt(at - 1u));
    start = position == 0u || randomBreak || cut || fileBreak || b_inside[b_pixels[at - 1u]] == 0u;
  }
  b_starts[at] = start ? 1u : 0u;
  b_startsToScan[at] = start ? 1u : 0u;
}
