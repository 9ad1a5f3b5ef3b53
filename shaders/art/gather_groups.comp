// Between the two sorts of a split one-sequence packing (pack_sequence.comp): each element, now
// in key order, takes the group of the map position it came from (its value) as its key.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Groups { uint b_groups[]; };  // by map position
layout(std430, binding = 1) readonly buffer Values { uint b_values[]; };
layout(std430, binding = 2) writeonly buffer Keys { uint b_keys[]; };

uniform uint u_count;

void main() {
  const uint at = elementIndex();
  if (at < u_count) b_keys[at] = b_groups[b_values[at]];
}
