// Moves bitonic-classic's state between its padded form (sequences of P = 2^u_paddedLog2
// positions, +infinity padding) and its compact form (sequences of L real keys, in position
// order): one invocation per padded position, whose rank b_ranks gives (kNoRank for padding).
// EXPAND 1 fills the padded buffers from compact ones (the input), padding as +infinity;
// EXPAND 0 writes the real keys of the padded state into the compact buffers (gpuState, read).
// Injected: WORKGROUP_SIZE, PADDED_KEY_BINDING, PADDED_VALUE_BINDING, COMPACT_KEY_BINDING,
// COMPACT_VALUE_BINDING, RANK_BINDING, HAS_VALUES, EXPAND.

#include "shaders/common/grid.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

layout(std430, binding = PADDED_KEY_BINDING) buffer PaddedKeys { uint b_paddedKeys[]; };
layout(std430, binding = COMPACT_KEY_BINDING) buffer CompactKeys { uint b_compactKeys[]; };
#if HAS_VALUES
layout(std430, binding = PADDED_VALUE_BINDING) buffer PaddedValues { uint b_paddedValues[]; };
layout(std430, binding = COMPACT_VALUE_BINDING) buffer CompactValues { uint b_compactValues[]; };
#endif
layout(std430, binding = RANK_BINDING) readonly buffer Ranks { uint b_ranks[]; };

uniform uint u_paddedLog2;
#include "shaders/sort/segments.glsl"
uniform uint u_positionCount;  // S * P

const uint kNoRank = 0xFFFFFFFFu;

void main() {
  const uint padded = linearGroupId() * WORKGROUP_SIZE + gl_LocalInvocationID.x;
  if (padded >= u_positionCount) return;
  const uint rank = b_ranks[padded & ((1u << u_paddedLog2) - 1u)];
  const uint compact = segmentStart(padded >> u_paddedLog2) + rank;
#if EXPAND
  b_paddedKeys[padded] = rank == kNoRank ? 0xFFFFFFFFu : b_compactKeys[compact];
#if HAS_VALUES
  b_paddedValues[padded] = rank == kNoRank ? 0u : b_compactValues[compact];
#endif
#else
  if (rank == kNoRank) return;
  b_compactKeys[compact] = b_paddedKeys[padded];
#if HAS_VALUES
  b_compactValues[compact] = b_paddedValues[padded];
#endif
#endif
}
