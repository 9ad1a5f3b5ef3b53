#pragma once
// Many short sequences (an image's columns): one workgroup per sequence counts its digits,
// ranks and moves its keys a tile at a time, one dispatch per digit place.

#include <cstdint>
#include <map>

#include "gl/program.h"
#include "sort/compute/kernel.h"
#include "sort/radix/pass.h"
#include "sort/radix/uniforms.h"
#include "sort/sorter.h"

namespace shadersort::radix {

class SequencePipeline {
 public:
  // `workgroupSize`: the kernel's for these sequences; built with `defines` (its
  // sequenceKernelDefines) on first use and kept by workgroup size.
  void runPass(const RadixPass& pass, const RadixLoad& load, std::uint32_t workgroupSize,
               const gl::ShaderDefines& defines, const Sorter::StepObserver& observer);

 private:
  std::map<std::uint32_t, compute::Kernel<SequenceSortUniforms>> kernels_;  // by workgroup size
};

}  // namespace shadersort::radix
