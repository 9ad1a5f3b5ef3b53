// The one-sequence packing when every line of the path is one span (spans none, every pixel
// inside, no cap, no skip: ArtPipeline::spansAreWholeLines): pack_sequence.comp's packing with
// each pixel's line number as its group, so that no runs need finding. Lines lie in the map one
// after another in the order of their numbers, so the groups grow with the position as a stable
// sort by group needs. A line of one pixel keeps key 0 (it sorts nothing).

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer Pixels { uint b_pixels[]; };  // the map
layout(std430, binding = 1) readonly buffer MapLines { uint b_mapLines[]; };  // line of each map position
layout(std430, binding = 2) readonly buffer LineFirst { uint b_lineFirst[]; };
layout(std430, binding = 3) readonly buffer LineEnd { uint b_lineEnd[]; };
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
  const uint line = b_mapLines[at];
  uint key = 0u;
  if (b_lineEnd[line] - b_lineFirst[line] >= 2u) {
    const uint pixelKey = b_keys[b_pixels[at]];
    key = u_descending ? u_keyMax - pixelKey : pixelKey;
  }
  if (u_split) {
    b_packedKeys[at] = key;
    b_groups[at] = line;
  } else {
    b_packedKeys[at] = line << u_keyBits | key;
  }
  b_packedValues[at] = at;
}
