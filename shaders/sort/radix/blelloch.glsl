// Blelloch's work-efficient exclusive scan of blellochData[0 .. 2 * WORKGROUP_SIZE) in place:
// an up-sweep builds partial sums in a balanced tree, the root is cleared, and a down-sweep
// pushes the prefixes back down. Returns the total. Every invocation must call it.
// BLELLOCH_TYPE (uint unless the includer defines it) may be any type with +, such as a uvec4
// whose 16-bit lanes are eight counts scanned at once.

#include "shaders/common/workgroup_barrier.glsl"

#define BLELLOCH_SIZE (2u * WORKGROUP_SIZE)
#ifndef BLELLOCH_TYPE
#define BLELLOCH_TYPE uint
#endif

shared BLELLOCH_TYPE blellochData[BLELLOCH_SIZE];

BLELLOCH_TYPE blellochExclusiveScan() {
  uint self = gl_LocalInvocationIndex;
  uint stride = 1u;
  // Up-sweep: each level adds the left child's sum into the right child.
  for (uint working = BLELLOCH_SIZE >> 1; working > 0u; working >>= 1) {
    workgroupBarrier();
    if (self < working) {
      uint left = stride * (2u * self + 1u) - 1u;
      uint right = stride * (2u * self + 2u) - 1u;
      blellochData[right] += blellochData[left];
    }
    stride <<= 1;
  }
  workgroupBarrier();
  BLELLOCH_TYPE total = blellochData[BLELLOCH_SIZE - 1u];
  workgroupBarrier();
  if (self == 0u) blellochData[BLELLOCH_SIZE - 1u] = BLELLOCH_TYPE(0u);
  // Down-sweep: the left child takes the parent's prefix, the right one adds the left's sum.
  for (uint working = 1u; working < BLELLOCH_SIZE; working <<= 1) {
    stride >>= 1;
    workgroupBarrier();
    if (self < working) {
      uint left = stride * (2u * self + 1u) - 1u;
      uint right = stride * (2u * self + 2u) - 1u;
      BLELLOCH_TYPE leftSum = blellochData[left];
      blellochData[left] = blellochData[right];
      blellochData[right] += leftSum;
    }
  }
  workgroupBarrier();
  return total;
}
