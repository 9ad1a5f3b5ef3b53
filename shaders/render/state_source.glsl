// Reading one element of a sorter's state (Sorter::gpuState): from two storage buffers (keys
// and values, sequence after sequence) or, with STATE_IN_TEXTURE, from an RG32UI texture bound
// as an image (x = position, y = sequence, texel = key and value).
//
// Injected: STATE_IN_TEXTURE, STATE_KEY_BINDING, STATE_VALUE_BINDING, STATE_IMAGE_UNIT.

#if STATE_IN_TEXTURE
layout(rg32ui, binding = STATE_IMAGE_UNIT) readonly uniform uimage2D u_stateTexture;
#else
layout(std430, binding = STATE_KEY_BINDING) readonly buffer StateKeys { uint b_stateKeys[]; };
layout(std430, binding = STATE_VALUE_BINDING) readonly buffer StateValues { uint b_stateValues[]; };
#endif

#include "shaders/sort/segments.glsl"
uniform uint u_hasValues;  // 0: the state has keys only, and every value reads 0

// (key, value) of element `index` of sequence `sequence`.
uvec2 stateElement(uint sequence, uint index) {
#if STATE_IN_TEXTURE
  const uvec2 texel = imageLoad(u_stateTexture, ivec2(index, sequence)).xy;
  return uvec2(texel.x, u_hasValues != 0u ? texel.y : 0u);
#else
  const uint at = segmentStart(sequence) + index;
  return uvec2(b_stateKeys[at], u_hasValues != 0u ? b_stateValues[at] : 0u);
#endif
}
