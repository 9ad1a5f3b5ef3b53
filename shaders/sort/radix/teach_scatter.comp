// Teaching step 3: every key moves to its block's first slot for its digit (the scanned counter
// matrix, which already includes the sequence's start) plus its offset among equal digits in
// the block, and its value travels with it.

layout(local_size_x = WORKGROUP_SIZE) in;

#include "shaders/sort/radix/common.glsl"
#include "shaders/sort/work_count.glsl"

#define BLOCK_SIZE (2u * WORKGROUP_SIZE)

uniform uint u_hasValues;

layout(std430, binding = KEYS_IN_BINDING) readonly buffer KeysIn { uint keysIn[]; };
layout(std430, binding = KEYS_OUT_BINDING) writeonly buffer KeysOut { uint keysOut[]; };
layout(std430, binding = VALUES_IN_BINDING) readonly buffer ValuesIn { uint valuesIn[]; };
layout(std430, binding = VALUES_OUT_BINDING) writeonly buffer ValuesOut { uint valuesOut[]; };
layout(std430, binding = OFFSETS_BINDING) readonly buffer Offsets { uint offsets[]; };
layout(std430, binding = COUNTERS_BINDING) readonly buffer Counters { uint counters[]; };

void main() {
  Partition part = partitionAt(linearGroupId(), BLOCK_SIZE);
  for (uint local = gl_LocalInvocationIndex; local < part.count; local += WORKGROUP_SIZE) {
    uint index = part.start + local;
    uint key = keysIn[index];
    uint destination = counters[counterIndex(part, digitOf(key))] + offsets[index];
    keysOut[destination] = key;
    if (u_hasValues != 0u) valuesOut[destination] = valuesIn[index];
    // The key (and value) read and stored at its bucket slot.
    COUNT_WORK_ADD(WORK_GLOBAL_READS, 1u + u_hasValues);
    COUNT_WORK_ADD(WORK_GLOBAL_WRITES, 1u + u_hasValues);
    COUNT_WORK_ADD(WORK_SCATTER_WRITES, 1u + u_hasValues);
  }
}
