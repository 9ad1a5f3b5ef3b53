// The pixels of an angle path in visiting order (major coordinate in the path's direction, then
// minor), each with its line (art::angleLines). A stable sort by line then gives every line in
// order along the path.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Shift { int b_shift[]; };  // by major coordinate
layout(std430, binding = 1) writeonly buffer Lines { uint b_lines[]; };
layout(std430, binding = 2) writeonly buffer Pixels { uint b_pixels[]; };

uniform uint u_width, u_majorSize, u_minorSize;
uniform bool u_horizontal, u_forward;
uniform int u_firstLine;

void main() {
  const uint visit = elementIndex();
  if (visit >= u_majorSize * u_minorSize) return;
  const uint step = visit / u_minorSize, minor = visit % u_minorSize;
  const uint major = u_forward ? step : u_majorSize - 1u - step;
  const uint x = u_horizontal ? major : minor, y = u_horizontal ? minor : major;
  b_lines[visit] = uint(int(minor) - b_shift[major] - u_firstLine);
  b_pixels[visit] = y * u_width + x;
}
