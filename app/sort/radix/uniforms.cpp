#include "sort/radix/uniforms.h"

namespace shadersort::radix {
namespace {

using compute::uniform;

template <typename Uniforms>
std::vector<compute::UniformField<Uniforms>> withPartitions(std::vector<compute::UniformField<Uniforms>> fields) {
  fields.push_back(uniform<Uniforms>("u_sequenceLength", [](const Uniforms& u) { return u.partitions.sequenceLength; }));
  fields.push_back(
      uniform<Uniforms>("u_partsPerSequence", [](const Uniforms& u) { return u.partitions.partsPerSequence; }));
  fields.push_back(uniform<Uniforms>("u_partitionCount", [](const Uniforms& u) { return u.partitions.partitionCount; }));
  return fields;
}

}  // namespace

std::vector<compute::UniformField<HistogramUniforms>> HistogramUniforms::fields() {
  return withPartitions<HistogramUniforms>({uniform("u_passCount", &HistogramUniforms::passCount),
                                           uniform("u_groupCount", &HistogramUniforms::groupCount),
                                           uniform("u_digitStartsHere", &HistogramUniforms::digitStartsHere)});
}

std::vector<compute::UniformField<DigitUniforms>> DigitUniforms::fields() {
  return withPartitions<DigitUniforms>({uniform("u_shift", &DigitUniforms::shift)});
}

std::vector<compute::UniformField<DownsweepUniforms>> DownsweepUniforms::fields() {
  return withPartitions<DownsweepUniforms>(
      {uniform("u_shift", &DownsweepUniforms::shift), uniform("u_hasValues", &DownsweepUniforms::hasValues)});
}

std::vector<compute::UniformField<TeachScatterUniforms>> TeachScatterUniforms::fields() {
  return withPartitions<TeachScatterUniforms>(
      {uniform("u_shift", &TeachScatterUniforms::shift), uniform("u_hasValues", &TeachScatterUniforms::hasValues)});
}

std::vector<compute::UniformField<ChainedDownsweepUniforms>> ChainedDownsweepUniforms::fields() {
  return withPartitions<ChainedDownsweepUniforms>({uniform("u_shift", &ChainedDownsweepUniforms::shift),
                                                   uniform("u_place", &ChainedDownsweepUniforms::place),
                                                   uniform("u_passIndex", &ChainedDownsweepUniforms::passIndex),
                                                   uniform("u_hasValues", &ChainedDownsweepUniforms::hasValues)});
}

std::vector<compute::UniformField<DigitStartsUniforms>> DigitStartsUniforms::fields() {
  return {uniform("u_sequenceLength", &DigitStartsUniforms::sequenceLength),
          uniform("u_sequenceCount", &DigitStartsUniforms::sequenceCount),
          uniform("u_passCount", &DigitStartsUniforms::passCount)};
}

std::vector<compute::UniformField<SequenceSortUniforms>> SequenceSortUniforms::fields() {
  return {uniform("u_sequenceLength", &SequenceSortUniforms::sequenceLength),
          uniform("u_sequenceCount", &SequenceSortUniforms::sequenceCount),
          uniform("u_shift", &SequenceSortUniforms::shift),
          uniform("u_hasValues", &SequenceSortUniforms::hasValues)};
}

std::vector<compute::UniformField<ShortSequenceUniforms>> ShortSequenceUniforms::fields() {
  return {uniform("u_sequenceLength", &ShortSequenceUniforms::sequenceLength),
          uniform("u_sequenceCount", &ShortSequenceUniforms::sequenceCount),
          uniform("u_hasValues", &ShortSequenceUniforms::hasValues),
          uniform("u_keyMask", &ShortSequenceUniforms::keyMask)};
}

std::vector<compute::UniformField<CountUniforms>> CountUniforms::fields() {
  return {uniform("u_count", &CountUniforms::count)};
}

}  // namespace shadersort::radix
