// Blelloch's work-efficient exclusive scan of blellochData[0 .. 2 * WORKGROUP_SIZE) in place:
// an up-sweep builds partial sums in a balanced tree, the root is cleared, and a down-sweep
// pushes the prefixes back down. Returns the total. Every invocation must call it.
// BLELLOCH_TYPE (uint unless the includer defines it) may be any type with +, such as a uvec4
// whose 16-bit lanes are eight counts scanned at once; BLELLOCH_WORDS is its size in 32-bit
// words, which the shared reads and writes are counted in (COUNT_WORK).

#include "shaders/common/workgroup_barrier.glsl"
#include "shaders/sort/work_count.glsl"

#define BLELLOCH_SIZE (2u * WORKGROUP_SIZE)
#ifndef BLELLOCH_TYPE
#define BLELLOCH_TYPE uint
#define BLELLOCH_WORDS 1u
#endif
#ifndef BLELLOCH_WORDS
#error an includer that sets BLELLOCH_TYPE sets BLELLOCH_WORDS too
#endif

shared BLELLOCH_TYPE blellochData[BLELLOCH_SIZE];

BLELLOCH_TYPE blellochExclusiveScan() {
  uint self = gl_LocalInvocationIndex;
  uint stride = 1u;
  // This invocation's shared accesses, added to the pass's counts once at the end.
  COUNT_WORK_TALLY(sharedReads);
  COUNT_WORK_TALLY(sharedWrites);
  // Up-sweep: each level adds the left child's sum into the right child.
  for (uint working = BLELLOCH_SIZE >> 1; working > 0u; working >>= 1) {
    workgroupBarrier();
    if (self < working) {
      uint left = stride * (2u * self + 1u) - 1u;
      uint right = stride * (2u * self + 2u) - 1u;
      blellochData[right] += blellochData[left];
      COUNT_WORK_TALLY_ADD(sharedReads, 2u * BLELLOCH_WORDS);
      COUNT_WORK_TALLY_ADD(sharedWrites, BLELLOCH_WORDS);
    }
    stride <<= 1;
  }
  workgroupBarrier();
  BLELLOCH_TYPE total = blellochData[BLELLOCH_SIZE - 1u];
  COUNT_WORK_TALLY_ADD(sharedReads, BLELLOCH_WORDS);
  workgroupBarrier();
  if (self == 0u) {
    blellochData[BLELLOCH_SIZE - 1u] = BLELLOCH_TYPE(0u);
    COUNT_WORK_TALLY_ADD(sharedWrites, BLELLOCH_WORDS);
  }
  // Down-sweep: the left child takes the parent's prefix, the right one adds the left's sum.
  for (uint working = 1u; working < BLELLOCH_SIZE; working <<= 1) {
    stride >>= 1;
    workgroupBarrier();
    if (self < working) {
      uint left = stride * (2u * self + 1u) - 1u;
      uint right = stride * (2u * self + 2u) - 1u;
      BLELLOCH_TYPE leftSum = blellochData[left];
      BLELLOCH_TYPE parentPrefix = blellochData[right];
      blellochData[left] = parentPrefix;
      blellochData[right] = parentPrefix + leftSum;
      COUNT_WORK_TALLY_ADD(sharedReads, 2u * BLELLOCH_WORDS);
      COUNT_WORK_TALLY_ADD(sharedWrites, 2u * BLELLOCH_WORDS);
    }
  }
  workgroupBarrier();
  COUNT_WORK_ADD(WORK_SHARED_READS, sharedReads);
  COUNT_WORK_ADD(WORK_SHARED_WRITES, sharedWrites);
  return total;
}
