// Shared by the radix sort shaders. Defines from C++: WORKGROUP_SIZE, RADIX_BITS, the binding
// points *_BINDING. Partitions never straddle two sequences: partition p covers a run of at most
// `size` elements of sequence p / u_partsPerSequence, so every count the shaders make is already
// per sequence and a plain prefix sum over [sequence][digit][partition] lands each sequence's
// keys inside that sequence's range.

#include "shaders/common/grid.glsl"
#include "shaders/common/workgroup_barrier.glsl"

#define RADIX (1u << RADIX_BITS)
#define RADIX_MASK (RADIX - 1u)

#include "shaders/sort/segments.glsl"
uniform uint u_partsPerSequence;
uniform uint u_partitionCount;
uniform uint u_shift;  // lowest bit of this pass's digit

struct Partition {
  uint sequence;
  uint indexInSequence;
  uint start;  // first element, counted from the start of the array
  uint count;  // 0 for workgroups past the real partition count
};

Partition partitionAt(uint p, uint size) {
  Partition part;
  part.sequence = p / max(u_partsPerSequence, 1u);
  part.indexInSequence = p - part.sequence * u_partsPerSequence;
  uint first = part.indexInSequence * size;
  part.start = segmentStart(part.sequence) + first;
  part.count = p < u_partitionCount ? min(size, u_sequenceLength - first) : 0u;
  return part;
}

uint digitOf(uint key) {
  return (key >> u_shift) & RADIX_MASK;
}

// Where partition p's count of `digit` sits in the [sequence][digit][partition] matrix.
uint counterIndex(Partition part, uint digit) {
  return (part.sequence * RADIX + digit) * u_partsPerSequence + part.indexInSequence;
}
