// Blelloch's work-efficient exclusive scan of blellochData[0 .. 2 * WORKGROUP_SIZE) in place:
// an up-sweep builds partial sums in a balanced tree, the root is cleared, and a down-sweep
// pushes the prefixes back down. Returns the total. Every invocation must call it.

#include "shaders/common/workgroup_barrier.glsl"

#define BLELLOCH_SIZE (2u * WORKGROUP_SIZE)

shared uint blellochData[BLELLOCH_SIZE];

uint blellochExclusiveScan() {
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
  uint total = blellochData[BLELLOCH_SIZE - 1u];
  workgroupBarrier();
  if (self == 0u) blellochData[BLELLOCH_SIZE - 1u] = 0u;
  // Down-sweep: the left child takes the parent's prefix, the right one adds the left's sum.
  for (uint working = 1u; working < BLELLOCH_SIZE; working <<= 1) {
    stride >>= 1;
    workgroupBarrier();
    if (self < working) {
      uint left = stride * (2u * self + 1u) - 1u;
      uint right = stride * (2u * self + 2u) - 1u;
      uint leftSum = blellochData[left];
      blellochData[left] = blellochData[right];
      blellochData[right] += leftSum;
    }
  }
  workgroupBarrier();
  return total;
}
