// Paints a sort state into the display texture, one invocation per pixel written.
// Image layout (render::ImageLayout): element i of sequence s goes to (s, i) for columns or
// (i, s) for rows, as its value, bit for bit. Array layout (render::ArrayLayout): the keys of
// one sequence as bars standing on the bottom row, or as dots (each bar's top u_dotRows rows);
// the integer scale is the one of render::arrayBarHeight and render::arrayMarkRows
// (app/render/display_layout.cpp), so the CPU reference matches exactly.
//
// Injected: WORKGROUP_SIZE, ARRAY_LAYOUT, TARGET_IMAGE_UNIT, ARRAY_BAR_COLOUR, ARRAY_BACKGROUND,
// and those of state_source.glsl.

#include "shaders/common/grid.glsl"
#include "shaders/render/state_source.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

// The RGBA8 display texture seen as one uint per texel, so a packed pixel is stored bit for bit
// (R in the low byte, as Image packs it); a float round trip through unpackUnorm4x8 need not
// give the same bytes back on every driver.
layout(r32ui, binding = TARGET_IMAGE_UNIT) writeonly uniform uimage2D u_target;

uniform uint u_invocationCount;  // pixels to write

#if ARRAY_LAYOUT

uniform uint u_sequence;
uniform uint u_pictureHeight;
uniform uint u_low, u_high, u_shift, u_span;  // render::ArrayScale
uniform uint u_descending;
uniform uint u_dotRows;  // 0: bars; else each key a dot of this many rows (render::arrayDotRows)

uint barHeight(uint key) {
  if (u_span == 0u) return u_pictureHeight;
  const uint clamped = clamp(key, u_low, u_high);
  const uint above = u_descending != 0u ? u_high - clamped : clamped - u_low;
  return 1u + (above >> u_shift) * (u_pictureHeight - 1u) / u_span;
}

void main() {
  const uint pixel = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (pixel >= u_invocationCount) return;
  const uint column = pixel % u_sequenceLength;
  const uint row = pixel / u_sequenceLength;  // 0 = top
  const uvec2 element = stateElement(u_sequence, column);
  uint colour = ARRAY_BACKGROUND;
  const uint bar = barHeight(element.x);
  const uint rowsBelowTop = row - (u_pictureHeight - bar);  // from the bar's top down, when inside it
  if (row >= u_pictureHeight - bar && (u_dotRows == 0u || rowsBelowTop < u_dotRows))
    colour = u_hasValues != 0u ? element.y | 0xFF000000u : ARRAY_BAR_COLOUR;
  imageStore(u_target, ivec2(column, row), uvec4(colour));
}

#else

uniform uint u_axisIsRows;  // 0: each sequence is a column

void main() {
  const uint element = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (element >= u_invocationCount) return;
  const uint sequence = segmentOf(element);
  const uint index = positionInSegment(element);
  const ivec2 position = u_axisIsRows != 0u ? ivec2(index, sequence) : ivec2(sequence, index);
  imageStore(u_target, position, uvec4(stateElement(sequence, index).y));
}

#endif
