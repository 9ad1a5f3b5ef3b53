#pragma once
// The uniforms of each radix shader, one struct per set: a compute::Kernel checks each name
// against the linked program, so a struct lists exactly what its shader reads.

#include <cstdint>
#include <vector>

#include "sort/compute/kernel.h"

namespace shadersort::radix {

// What shaders/sort/radix/common.glsl's partitionAt and counterIndex read.
struct PartitionUniforms {
  std::uint32_t sequenceLength = 0;
  std::uint32_t partsPerSequence = 0;
  std::uint32_t partitionCount = 0;
};

// histogram.comp: every digit place at once, so no shift.
struct HistogramUniforms {
  PartitionUniforms partitions;
  std::uint32_t passCount = 0;  // passes whose status words it zeroes
  std::uint32_t groupCount = 0;
  std::uint32_t digitStartsHere = 0;  // 1: one sequence, whose digit starts its last workgroup works out
  static std::vector<compute::UniformField<HistogramUniforms>> fields();
};

// teach_block.comp and upsweep.comp: one digit of partitions.
struct DigitUniforms {
  PartitionUniforms partitions;
  std::uint32_t shift = 0;  // lowest bit of the pass's digit
  static std::vector<compute::UniformField<DigitUniforms>> fields();
};

// downsweep.comp without CHAINED, which moves values when there are some.
struct DownsweepUniforms {
  PartitionUniforms partitions;
  std::uint32_t shift = 0;
  std::uint32_t hasValues = 0;
  static std::vector<compute::UniformField<DownsweepUniforms>> fields();
};

// teach_scatter.comp, which moves values when there are some.
struct TeachScatterUniforms {
  PartitionUniforms partitions;
  std::uint32_t shift = 0;
  std::uint32_t hasValues = 0;
  static std::vector<compute::UniformField<TeachScatterUniforms>> fields();
};

// downsweep.comp with CHAINED: the digit starts of its place, the status words of its pass.
struct ChainedDownsweepUniforms {
  PartitionUniforms partitions;
  std::uint32_t shift = 0;
  std::uint32_t place = 0;
  std::uint32_t passIndex = 0;
  std::uint32_t hasValues = 0;
  static std::vector<compute::UniformField<ChainedDownsweepUniforms>> fields();
};

// digit_starts.comp: one workgroup per sequence and place.
struct DigitStartsUniforms {
  std::uint32_t sequenceLength = 0;
  std::uint32_t sequenceCount = 0;
  std::uint32_t passCount = 0;  // passes whose tickets it zeroes
  static std::vector<compute::UniformField<DigitStartsUniforms>> fields();
};

// sequence.comp: one workgroup per sequence.
struct SequenceSortUniforms {
  std::uint32_t sequenceLength = 0;
  std::uint32_t sequenceCount = 0;
  std::uint32_t shift = 0;
  std::uint32_t hasValues = 0;
  static std::vector<compute::UniformField<SequenceSortUniforms>> fields();
};

// short_sequences.comp
struct ShortSequenceUniforms {
  std::uint32_t sequenceLength = 0;
  std::uint32_t sequenceCount = 0;
  std::uint32_t hasValues = 0;
  std::uint32_t keyMask = 0;
  static std::vector<compute::UniformField<ShortSequenceUniforms>> fields();
};

// The counter scans: teach_scan.comp, teach_add.comp, prefix_scan.comp, prefix_add.comp.
struct CountUniforms {
  std::uint32_t count = 0;  // counters in the level
  static std::vector<compute::UniformField<CountUniforms>> fields();
};

}  // namespace shadersort::radix
