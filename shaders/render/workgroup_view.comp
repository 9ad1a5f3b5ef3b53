// The GPU view: recolours a picture painted by paint_state.comp by the workgroup that handled each
// element in one pass, in place, one invocation per pixel. The rules, and their CPU twin, are in
// app/render/workgroup_view.h (unitOf, workgroupOf, workgroupStarts, backgroundColour, imageColour).
//
// Injected: WORKGROUP_SIZE, TARGET_IMAGE_UNIT, ARRAY_BACKGROUND, NO_WORKGROUP_COLOUR, PALETTE_SIZE,
// PALETTE (the packed colours, comma-separated).

#include "shaders/common/grid.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

layout(r32ui, binding = TARGET_IMAGE_UNIT) uniform uimage2D u_target;

const uint kPalette[PALETTE_SIZE] = uint[](PALETTE);
const uint kNoUnit = 0xFFFFFFFFu;

uniform uint u_pixelCount, u_width;
uniform uint u_arrayLayout, u_arraySequence, u_axisIsRows;
// Sorter::WorkgroupLayout
uniform uint u_sequenceStride, u_firstPosition, u_positionsPerSequence, u_mirrorWidth;
uniform uint u_skippedBit, u_skippedBitCount, u_unitLength, u_unitsPerWorkgroup, u_workgroupCycle;

uint unitOf(uint sequence, uint position) {
  if (position < u_firstPosition || position - u_firstPosition >= u_positionsPerSequence) return kNoUnit;
  uint x = sequence * u_sequenceStride + (position - u_firstPosition);
  if (u_mirrorWidth > 1u && (x & (u_mirrorWidth / 2u)) != 0u) x ^= u_mirrorWidth - 1u;
  if (u_skippedBitCount > 0u) {
    const uint low = x & ((1u << u_skippedBit) - 1u);
    x = ((x >> (u_skippedBit + u_skippedBitCount)) << u_skippedBit) | low;
  }
  return x / u_unitLength;
}

// The workgroup of element `position` of `sequence`, or kNoUnit.
uint workgroupOf(uint sequence, uint position) {
  const uint unit = unitOf(sequence, position);
  if (unit == kNoUnit) return kNoUnit;
  uint group = unit / u_unitsPerWorkgroup;
  if (u_workgroupCycle > 0u) group %= u_workgroupCycle;
  return group;
}

uint colourOf(uint group) {
  return group == kNoUnit ? NO_WORKGROUP_COLOUR : kPalette[group % uint(PALETTE_SIZE)];
}

// Channel-wise sum of two colours shifted right, opaque.
uint blend(uint a, uint b, uint shift) {
  uint out_ = 0xFF000000u;
  for (uint channel = 0u; channel < 3u; ++channel) {
    const uint sum = ((a >> (8u * channel)) & 0xFFu) + ((b >> (8u * channel)) & 0xFFu);
    out_ |= (sum >> shift) << (8u * channel);
  }
  return out_;
}

void main() {
  const uint pixel = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationIndex;
  if (pixel >= u_pixelCount) return;
  const ivec2 at = ivec2(pixel % u_width, pixel / u_width);
  const uint painted = imageLoad(u_target, at).x;
  if (u_arrayLayout != 0u) {
    const uint colour = colourOf(workgroupOf(u_arraySequence, uint(at.x)));
    // A quarter of the colour: the sum of nothing and the colour, shifted by 2.
    imageStore(u_target, at, uvec4(painted == ARRAY_BACKGROUND ? blend(colour, 0xFF000000u, 2u) : colour));
    return;
  }
  const uint sequence = u_axisIsRows != 0u ? uint(at.y) : uint(at.x);
  const uint position = u_axisIsRows != 0u ? uint(at.x) : uint(at.y);
  const uint group = workgroupOf(sequence, position);
  const bool groupStart = position > 0u && group != workgroupOf(sequence, position - 1u);
  imageStore(u_target, at, uvec4(blend(painted, colourOf(group), groupStart ? 2u : 1u)));
}
