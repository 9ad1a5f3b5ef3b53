// The packing: each pixel of a sorted span goes to its bin's row, after the spans before it in
// the bin, with key slot << KEY_BITS | key and value = its pixel index; `destinations` says which
// pixel each packed element writes back to. Padding was filled beforehand.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Pixels { uint b_pixels[]; };  // the map
layout(std430, binding = 1) readonly buffer RunOf { uint b_runOf[]; };
layout(std430, binding = 2) readonly buffer RunBegin { uint b_runBegin[]; };
layout(std430, binding = 3) readonly buffer State { uint b_state[]; };
layout(std430, binding = 4) readonly buffer Offset { uint b_offset[]; };
layout(std430, binding = 5) readonly buffer Index { uint b_index[]; };
layout(std430, binding = 6) readonly buffer BinOffset { uint b_binOffset[]; };
layout(std430, binding = 7) readonly buffer BinSpan { uint b_binSpan[]; };
layout(std430, binding = 8) readonly buffer Keys { uint b_keys[]; };
layout(std430, binding = 9) writeonly buffer PackedKeys { uint b_packedKeys[]; };
layout(std430, binding = 10) writeonly buffer PackedValues { uint b_packedValues[]; };
layout(std430, binding = 11) writeonly buffer Destinations { uint b_destinations[]; };

uniform uint u_count;
uniform uint u_binWidth, u_rowLength;
uniform uint u_keyBits;
uniform bool u_descending;
uniform uint u_keyMax;

void main() {
  const uint at = elementIndex();
  if (at >= u_count) return;
  const uint run = b_runOf[at];
  if (run == kNone || b_state[run] != 1u) return;
  const uint bin = b_offset[run] / u_binWidth;
  const uint element = bin * u_rowLength + b_offset[run] - b_binOffset[bin] + (at - b_runBegin[run]);
  const uint pixel = b_pixels[at];
  const uint key = u_descending ? u_keyMax - b_keys[pixel] : b_keys[pixel];
  b_packedKeys[element] = (b_index[run] - b_binSpan[bin]) << u_keyBits | key;
  b_packedValues[element] = pixel;
  b_destinations[element] = pixel;
}
