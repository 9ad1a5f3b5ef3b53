#pragma once
// The fast pipeline (8-bit digits): keys in partitions of workgroup-size x keys-per-thread
// inside their sequence, each ranked in shared memory (subgroup ballots where they exist) and
// scattered. Where each partition's digits start comes either from
//  - portable reduce-then-scan, per pass: each partition's digit counts, then one prefix sum
//    over the whole counter matrix [sequence][digit][partition]; or
//  - the chained scan, after one upfront pass that builds every place's digit starts: one
//    dispatch per pass that also looks back at the partitions before (decoupled look-back).

#include <string>

#include "sort/compute/kernel.h"
#include "sort/radix/counter_scan.h"
#include "sort/radix/pass.h"
#include "sort/radix/uniforms.h"
#include "sort/sorter.h"

namespace shadersort {
struct RadixSorterTestAccess;  // tests/sorter_test_access.h
}

namespace shadersort::radix {

class PartitionedPipeline {
 public:
  // Kernels are built with load.defines on first use and kept: a pipeline serves one partition
  // layout (RadixSorter keeps one per layout).
  void runPass(const RadixPass& pass, bool chained, const RadixLoad& load, const RadixBuffers& buffers,
               const Sorter::StepObserver& observer);
  // Builds every kernel the pipeline (chained or portable) runs, now (RadixSorter::reserve).
  void build(bool chained, const RadixLoad& load);

 private:
  friend struct shadersort::RadixSorterTestAccess;
  // The defines the chained downsweep was last built with ("" before it is built).
  const std::string& chainedDownsweepDefines() const { return chainedDownsweepDefines_; }

  // Portable: each partition's digit counts, then their prefix sum.
  void countAndScan(const RadixPass& pass, const RadixLoad& load, const RadixBuffers& buffers,
                    const Sorter::StepObserver& observer);
  // Chained, before the first pass: every place's digit starts, per sequence.
  void digitStartsOfAllPlaces(const RadixPass& pass, const RadixLoad& load, const RadixBuffers& buffers,
                              const Sorter::StepObserver& observer);

  compute::Kernel<DigitUniforms> upsweep_;
  compute::Kernel<DownsweepUniforms> downsweep_;
  compute::Kernel<HistogramUniforms> histogram_;
  compute::Kernel<DigitStartsUniforms> digitStarts_;
  compute::Kernel<ChainedDownsweepUniforms> chainedDownsweep_;
  std::string chainedDownsweepDefines_;
  CounterScan scan_{"shaders/sort/radix/prefix_scan.comp", "prefix-scan", "shaders/sort/radix/prefix_add.comp",
                    "prefix-add"};
};

}  // namespace shadersort::radix
