// Each bin's (row's) first span: its pixel offset and its index, the smallest of the spans that
// start in the bin. The bins were filled with kNone.

#include "shaders/art/art_common.glsl"

layout(std430, binding = 0) readonly buffer State { uint b_state[]; };
layout(std430, binding = 1) readonly buffer Offset { uint b_offset[]; };  // exclusive scan of kept pixels
layout(std430, binding = 2) readonly buffer Index { uint b_index[]; };    // exclusive scan of kept
layout(std430, binding = 3) buffer BinOffset { uint b_binOffset[]; };
layout(std430, binding = 4) buffer BinSpan { uint b_binSpan[]; };

uniform uint u_count;
uniform uint u_binWidth;

void main() {
  const uint run = elementIndex();
  if (run >= u_count || b_state[run] != 1u) return;
  const uint bin = b_offset[run] / u_binWidth;
  atomicMin(b_binOffset[bin], b_offset[run]);
  atomicMin(b_binSpan[bin], b_index[run]);
}
