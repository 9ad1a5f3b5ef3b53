#include "sort/radix/sequence_pipeline.h"

namespace shadersort::radix {

void SequencePipeline::runPass(const RadixPass& pass, const RadixLoad& load, std::uint32_t workgroupSize,
                               const gl::ShaderDefines& defines, const Sorter::StepObserver& observer) {
  compute::Kernel<SequenceSortUniforms>& sort = kernels_[workgroupSize];
  if (!sort) sort = compute::Kernel<SequenceSortUniforms>(load.shaders, "shaders/sort/radix/sequence.comp", defines);
  pass.bindKeysAndValues();
  sort.dispatch({.sequenceLength = load.shape.sequenceLength,
                 .sequenceCount = load.shape.sequenceCount,
                 .shift = pass.place * load.digitBits,
                 .hasValues = load.shape.hasValues ? 1u : 0u},
                load.shape.sequenceCount, {"sequence-sort", load.movedBytes()}, observer);
}

}  // namespace shadersort::radix
