#include "sort/radix/short_pipeline.h"

#include "gl/compute.h"
#include "sort/radix/layout.h"

namespace shadersort::radix {

void ShortPipeline::run(const RadixPass& pass, const RadixLoad& load, std::uint32_t keyMask,
                        const gl::ShaderDefines& defines, const Sorter::StepObserver& observer) {
  if (!sort_) sort_ = compute::Kernel<ShortSequenceUniforms>(load.shaders, "shaders/sort/radix/short_sequences.comp", defines);
  pass.bindKeysAndValues();
  sort_.dispatch({.sequenceLength = load.shape.sequenceLength,
                  .sequenceCount = load.shape.sequenceCount,
                  .hasValues = load.shape.hasValues ? 1u : 0u,
                  .keyMask = keyMask},
                 gl::divideRoundingUp(load.shape.sequenceCount, kShortSequenceWorkgroup),
                 {"short-sort", load.movedBytes()}, observer);
}

}  // namespace shadersort::radix
