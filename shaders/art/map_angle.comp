// The path map of an angle path without a sort (art::angleLines): a line has at most one pixel
// per major coordinate, on consecutive steps along the direction (the shift is monotone and
// moves by at most one), so a pixel's position on its line is its step minus the line's first
// step. Three passes: u_pass 0 counts each line's pixels and finds its first step (atomics;
// counts and first steps cleared to 0 and all ones), then the counts are scanned into line
// starts, and u_pass 1 places every pixel.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Shift { int b_shift[]; };  // by major coordinate
layout(std430, binding = 1) buffer LineStart { uint b_lineStart[]; };  // pass 0: counts
layout(std430, binding = 2) buffer FirstStep { uint b_firstStep[]; };
layout(std430, binding = 3) writeonly buffer Lines { uint b_lines[]; };
layout(std430, binding = 4) writeonly buffer Pixels { uint b_pixels[]; };

uniform uint u_width, u_majorSize, u_minorSize;
uniform bool u_horizontal, u_forward;
uniform int u_firstLine;
uniform uint u_pass;

void main() {
  const uint visit = elementIndex();
  if (visit >= u_majorSize * u_minorSize) return;
  const uint step = visit / u_minorSize, minor = visit % u_minorSize;
  const uint major = u_forward ? step : u_majorSize - 1u - step;
  const uint line = uint(int(minor) - b_shift[major] - u_firstLine);
  if (u_pass == 0u) {
    atomicAdd(b_lineStart[line], 1u);
    atomicMin(b_firstStep[line], step);
    return;
  }
  const uint x = u_horizontal ? major : minor, y = u_horizontal ? minor : major;
  const uint at = b_lineStart[line] + step - b_firstStep[line];
  b_lines[at] = line;
  b_pixels[at] = y * u_width + x;
}
