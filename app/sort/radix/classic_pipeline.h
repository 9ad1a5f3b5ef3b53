#pragma once
// The teaching pipeline (4-bit digits; also the fast sorter's fallback for short sequences),
// three steps per pass: each block of keys flags the keys of each digit and Blelloch-scans the
// flags (its counts go to the counter matrix, digit-major), a prefix sum over the counter
// matrix, then every key moves to its block's start for its digit plus its offset.

#include "sort/compute/kernel.h"
#include "sort/radix/counter_scan.h"
#include "sort/radix/pass.h"
#include "sort/radix/uniforms.h"
#include "sort/sorter.h"

namespace shadersort::radix {

class ClassicPipeline {
 public:
  // Kernels are built with load.defines on first use and kept: the classic shaders read none
  // of the defines that differ between loads.
  void runPass(const RadixPass& pass, const RadixLoad& load, const RadixBuffers& buffers,
               const Sorter::StepObserver& observer);
  // Builds every kernel now (RadixSorter::reserve), not on first use.
  void build(const RadixLoad& load);

 private:
  compute::Kernel<DigitUniforms> block_;
  compute::Kernel<TeachScatterUniforms> scatter_;
  CounterScan scan_{"shaders/sort/radix/teach_scan.comp", "teach-scan", "shaders/sort/radix/teach_add.comp",
                    "teach-add"};
};

}  // namespace shadersort::radix
