// The one-sequence packing (radix): every pixel in path order, key group << KEY_BITS | key, value
// = its map position. A sorted span's group is its first position halved, which no other span
// shares (spans are two pixels or more); every other pixel's group is its own position halved,
// with key 0: the one pixel that can share a span's group is the one just before it, and key 0
// keeps it there in a stable sort. So a stable sort of the whole sequence sorts each span in
// place and moves nothing else: no bins, no padding, and no count the CPU must know. When the
// two do not fit in 32 bits (u_split), the keys get the pixel key alone and `groups` the group:
// a stable sort by key, then one by group (gather_groups.comp between) give the same order.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Pixels { uint b_pixels[]; };  // the map
layout(std430, binding = 1) readonly buffer RunOf { uint b_runOf[]; };
layout(std430, binding = 2) readonly buffer RunBegin { uint b_runBegin[]; };
layout(std430, binding = 3) readonly buffer State { uint b_state[]; };
layout(std430, binding = 4) readonly buffer Keys { uint b_keys[]; };
layout(std430, binding = 5) writeonly buffer PackedKeys { uint b_packedKeys[]; };
layout(std430, binding = 6) writeonly buffer PackedValues { uint b_packedValues[]; };
layout(std430, binding = 7) writeonly buffer Groups { uint b_groups[]; };  // u_split only

uniform uint u_count;
uniform uint u_keyBits;
uniform bool u_descending;
uniform uint u_keyMax;
uniform bool u_split;

void main() {
  const uint at = elementIndex();
  if (at >= u_count) return;
  const uint run = b_runOf[at];
  const bool sorted = run != kNone && b_state[run] == 1u;
  uint group = at >> 1, key = 0u;
  if (sorted) {
    group = b_runBegin[run] >> 1;
    const uint pixelKey = b_keys[b_pixels[at]];
    key = u_descending ? u_keyMax - pixelKey : pixelKey;
  }
  if (u_split) {
    b_packedKeys[at] = key;
    b_groups[at] = group;
  } else {
    b_packedKeys[at] = group << u_keyBits | key;
  }
  b_packedValues[at] = at;
}
