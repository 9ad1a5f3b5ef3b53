#pragma once
// What a radix pipeline's pass works on: the buffers the sorter keeps (grown for this load), what
// the load chose (the same for every pass), and the digit this pass sorts by.

#include <array>
#include <cstdint>
#include <vector>

#include "gl/program.h"
#include "sort/compute/storage_buffer.h"
#include "sort/radix/layout.h"
#include "sort/radix/uniforms.h"
#include "sort/sorter.h"

namespace shadersort::radix {

// Owned by RadixSorter (the loaded input, which the first pass reads, is its Stepper's input
// copy); a pipeline binds those its kernels read. Buffers a pipeline does not use stay empty.
struct RadixBuffers {
  std::array<compute::StorageBuffer, 2> keys, values;  // pass i writes keys[i % 2]
  compute::StorageBuffer counters;                     // [sequence][digit][partition] (not chained)
  compute::StorageBuffer offsets;                      // classic: each key's offset in its block
  std::vector<compute::StorageBuffer> scanTotals;      // block totals of each level of the counter scan
  compute::StorageBuffer histograms;                   // chained: [sequence][place][digit], zero between sorts
  compute::StorageBuffer digitStarts;                  // chained: where each digit starts, same layout
  compute::StorageBuffer status, tickets;              // chained: look-back status words, partition tickets
};

// What load() chose.
struct RadixLoad {
  SortShape shape;
  std::uint32_t digitBits = 8;
  std::uint32_t scanBlock = 0;  // counters one workgroup of the counter scan takes
  std::uint32_t partsPerSequence = 0;
  std::uint64_t partitionCount = 0;
  std::uint32_t passCount = 0;  // digit places that differ somewhere, one pass each
  std::uint32_t histogramPartitions = 16;  // chained: partitions per workgroup of the upfront histogram
  gl::ShaderDefines defines;  // of every partitioned or classic kernel
  gl::ShaderSource shaders;   // where every kernel's files are read: the sorter's context's

  PartitionUniforms partitions() const {
    return {shape.sequenceLength, partsPerSequence, static_cast<std::uint32_t>(partitionCount)};
  }
  std::uint64_t keyBytes() const { return shape.elementCount() * 4; }  // the keys, once
  // Keys (and values) read once and written once.
  std::uint64_t movedBytes() const { return shape.elementCount() * (shape.hasValues ? 16 : 8); }
};

// One digit pass.
struct RadixPass {
  std::uint32_t index = 0;  // passes run before it
  std::uint32_t place = 0;  // its digit: bits place * digitBits and up
  // The sorter's scratch or, for the first and last passes of an in-place sort, the caller's.
  compute::StorageRange keysIn, keysOut, valuesIn, valuesOut;

  // Binds the keys and values in and out, as every kernel that moves keys reads them.
  void bindKeysAndValues() const {
    keysIn.bind(kKeysInBinding);
    keysOut.bind(kKeysOutBinding);
    valuesIn.bind(kValuesInBinding);
    valuesOut.bind(kValuesOutBinding);
  }
};

}  // namespace shadersort::radix
