#include "sort/radix/counter_scan.h"

#include "gl/compute.h"
#include "sort/radix/layout.h"

namespace shadersort::radix {

std::vector<std::uint64_t> CounterScan::totalsWords(std::uint64_t count, std::uint64_t block) {
  std::vector<std::uint64_t> words;
  for (std::uint64_t level = count;; level = gl::divideRoundingUp(level, block)) {
    words.push_back(gl::divideRoundingUp(level, block));
    if (level <= block) break;
  }
  return words;
}

void CounterScan::run(const compute::StorageBuffer& data, std::uint64_t count,
                      std::span<const compute::StorageBuffer> totals, std::uint32_t block,
                      const gl::ShaderSource& shaders, const gl::ShaderDefines& defines,
                      const Sorter::StepObserver& observer) {
  build(shaders, defines);
  const std::uint64_t groups = gl::divideRoundingUp(count, block);
  const CountUniforms uniforms{.count = static_cast<std::uint32_t>(count)};
  data.bind(kScanDataBinding);
  totals.front().bind(kScanTotalsBinding);
  scan_.dispatch(uniforms, groups, {scanStep_, count * 8}, observer);
  if (groups <= 1) return;
  run(totals.front(), groups, totals.subspan(1), block, shaders, defines, observer);
  data.bind(kScanDataBinding);
  totals.front().bind(kScanTotalsBinding);
  add_.dispatch(uniforms, groups, {addStep_, count * 8}, observer);
}

void CounterScan::build(const gl::ShaderSource& shaders, const gl::ShaderDefines& defines) {
  if (!scan_) scan_ = compute::Kernel<CountUniforms>(shaders, scanPath_, defines);
  if (!add_) add_ = compute::Kernel<CountUniforms>(shaders, addPath_, defines);
}

}  // namespace shadersort::radix
