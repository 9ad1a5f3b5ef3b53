// Checks a sort state on the GPU, for render::GpuOrderCheck: counts the neighbouring pairs out of
// order within each sequence and sums the elements' fingerprints (fingerprint.glsl), so the CPU
// learns "sorted and holding the input's elements" from three words instead of the whole state.
// One invocation per element; each workgroup reduces its share in shared memory and adds it to
// the result with one set of atomics (the 64-bit sum as two words, carrying by hand).
//
// Injected: WORKGROUP_SIZE (a power of two), RESULT_BINDING, and those of state_source.glsl.

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"
#include "shaders/render/fingerprint.glsl"
#include "shaders/render/state_source.glsl"

layout(local_size_x = WORKGROUP_SIZE) in;

layout(std430, binding = RESULT_BINDING) buffer Result {
  uint b_inversions;
  uint b_fingerprintLow;
  uint b_fingerprintHigh;
};

uniform uint u_elementCount;

shared uint s_inversions[WORKGROUP_SIZE];
shared uvec2 s_fingerprints[WORKGROUP_SIZE];

void main() {
  const uint group = linearGroupId();
  // Whole surplus groups of the 2D grid leave together, so the barriers below stay uniform.
  if (group * WORKGROUP_SIZE >= u_elementCount) return;
  const uint local = gl_LocalInvocationIndex;
  const uint element = group * WORKGROUP_SIZE + local;

  uint inversions = 0u;
  uvec2 fingerprint = uvec2(0u);
  if (element < u_elementCount) {
    const uint sequence = segmentOf(element);
    const uint index = positionInSegment(element);
    const uvec2 pair = stateElement(sequence, index);
    if (index > 0u && stateElement(sequence, index - 1u).x > pair.x) inversions = 1u;
    fingerprint = elementFingerprint(sequence, pair.x, pair.y);
  }
  s_inversions[local] = inversions;
  s_fingerprints[local] = fingerprint;
  workgroupBarrier();
  // Each round folds the upper half onto the lower; a slot read in one round is never written in
  // a later one.
  for (uint stride = WORKGROUP_SIZE / 2u; stride > 0u; stride >>= 1u) {
    if (local < stride) {
      s_inversions[local] += s_inversions[local + stride];
      s_fingerprints[local] = add64(s_fingerprints[local], s_fingerprints[local + stride]);
    }
    workgroupBarrier();
  }
  if (local == 0u) {
    if (s_inversions[0] != 0u) atomicAdd(b_inversions, s_inversions[0]);
    const uvec2 total = s_fingerprints[0];
    const uint lowBefore = atomicAdd(b_fingerprintLow, total.x);
    // The low word wrapped exactly when the sum is smaller than what was there: carry one.
    const uint carry = lowBefore + total.x < lowBefore ? 1u : 0u;
    atomicAdd(b_fingerprintHigh, total.y + carry);
  }
}
