#include "sort/radix/classic_pipeline.h"

#include "sort/radix/layout.h"

namespace shadersort::radix {

void ClassicPipeline::build(const RadixLoad& load) {
  if (!block_) block_ = compute::Kernel<DigitUniforms>(load.shaders, "shaders/sort/radix/teach_block.comp", load.defines);
  if (!scatter_) scatter_ = compute::Kernel<TeachScatterUniforms>(load.shaders, "shaders/sort/radix/teach_scatter.comp", load.defines);
  scan_.build(load.shaders, load.defines);
}

void ClassicPipeline::runPass(const RadixPass& pass, const RadixLoad& load, const RadixBuffers& buffers,
                              const Sorter::StepObserver& observer) {
  const std::uint32_t shift = pass.place * kTeachingBits;
  // This load's offsets and counter matrix (the buffers may be larger, kept from earlier loads).
  const std::uint64_t matrixBytes = load.keyBytes() + load.partitionCount * radixOf(kTeachingBits) * 4;
  build(load);

  // (1) flags, Blelloch scans per digit, counts per block.
  pass.keysIn.bind(kKeysInBinding);
  buffers.offsets.bind(kOffsetsBinding);
  buffers.counters.bind(kCountersBinding);
  block_.dispatch({.partitions = load.partitions(), .shift = shift}, load.partitionCount,
                  {"teach-block", load.keyBytes() + matrixBytes}, observer);

  // (2) prefix sum over the counter matrix.
  scan_.run(buffers.counters, load.partitionCount * radixOf(kTeachingBits), buffers.scanTotals, load.scanBlock,
            load.shaders, load.defines, observer);

  // (3) scatter.
  pass.bindKeysAndValues();
  buffers.offsets.bind(kOffsetsBinding);
  buffers.counters.bind(kCountersBinding);
  scatter_.dispatch({.partitions = load.partitions(), .shift = shift, .hasValues = load.shape.hasValues ? 1u : 0u},
                    load.partitionCount, {"teach-scatter", load.movedBytes() + matrixBytes}, observer);
}

}  // namespace shadersort::radix
