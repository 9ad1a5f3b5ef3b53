#pragma once
// An exclusive prefix sum over radix's counter matrix, in place: each workgroup scans a block
// of counters and writes the block's total to the next level, which is scanned the same way
// (recursively) and added back. The classic pipeline's kernels use Blelloch scans, the fast
// one's workgroup scans; the recursion is the same.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gl/program.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"
#include "sort/radix/uniforms.h"
#include "sort/sorter.h"

namespace shadersort::radix {

class CounterScan {
 public:
  // The two kernels and the step names (`bench --steps`) they report.
  CounterScan(std::string_view scanPath, std::string_view scanStep, std::string_view addPath,
              std::string_view addStep)
      : scanPath_(scanPath), scanStep_(scanStep), addPath_(addPath), addStep_(addStep) {}

  // Words of each level's block totals for `count` counters in blocks of `block`.
  static std::vector<std::uint64_t> totalsWords(std::uint64_t count, std::uint64_t block);

  // Scans `count` counters of `data`; `totals` holds a buffer of totalsWords() per level.
  // Kernels are built from `shaders` with `defines` on first use (or by build()).
  void run(const compute::StorageBuffer& data, std::uint64_t count, std::span<const compute::StorageBuffer> totals,
           std::uint32_t block, const gl::ShaderSource& shaders, const gl::ShaderDefines& defines,
           const Sorter::StepObserver& observer);
  // Builds both kernels now, if not yet built.
  void build(const gl::ShaderSource& shaders, const gl::ShaderDefines& defines);

 private:
  std::string_view scanPath_, scanStep_, addPath_, addStep_;
  compute::Kernel<CountUniforms> scan_, add_;
};

}  // namespace shadersort::radix
