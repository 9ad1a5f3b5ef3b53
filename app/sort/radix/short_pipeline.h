#pragma once
// Many sequences of at most kMaxShortSequenceLength keys (spans of a few pixels, rows of a few
// keys): one invocation sorts each whole sequence by insertion in shared memory, one dispatch in
// all (shaders/sort/radix/short_sequences.comp). Stable, as the digit passes it stands in for.

#include <cstdint>

#include "gl/program.h"
#include "sort/compute/kernel.h"
#include "sort/radix/pass.h"
#include "sort/radix/uniforms.h"
#include "sort/sorter.h"

namespace shadersort::radix {

class ShortPipeline {
 public:
  // The kernel is built with `defines` (shortSequenceKernelDefines) on first use and kept.
  // `keyMask`: the bits in which keys may differ; the others are not compared.
  void run(const RadixPass& pass, const RadixLoad& load, std::uint32_t keyMask, const gl::ShaderDefines& defines,
           const Sorter::StepObserver& observer);

 private:
  compute::Kernel<ShortSequenceUniforms> sort_;
};

}  // namespace shadersort::radix
