#include "sort/radix/kernel_defines.h"

#include "sort/radix/layout.h"

namespace shadersort::radix {

gl::ShaderDefines kernelDefines(const KernelLayout& layout) {
  gl::ShaderDefines defines = ballotDefines(layout.ballotKind);
  defines.set("WORKGROUP_SIZE", layout.workgroupSize)
      .set("RADIX_BITS", layout.digitBits)
      .set("PARTITION_SIZE", layout.partitionSize)
      .set("SCAN_BLOCK", layout.scanBlock)
      .set("KEYS_PER_THREAD", layout.keysPerThread)
      .set("SUBGROUP_WIDTH", layout.subgroupWidth)
      .set("CHAINED", 0)
      .set("TILE_WORDS", static_cast<std::int64_t>(tileWords(layout.partitionSize,
                                                             layout.workgroupSize / layout.subgroupWidth,
                                                             radixOf(layout.digitBits))))
      .set("LOOK_BACK_SPINS", layout.lookBackSpins)
      .set("LOOK_BACK_WINDOW", layout.lookBackWindow)
      .set("EARLY_COUNTS", layout.earlyCounts ? 1 : 0)
      .set("HISTOGRAM_PARTITIONS", layout.histogramPartitions)
      .set("KEYS_IN_BINDING", kKeysInBinding)
      .set("KEYS_OUT_BINDING", kKeysOutBinding)
      .set("VALUES_IN_BINDING", kValuesInBinding)
      .set("VALUES_OUT_BINDING", kValuesOutBinding)
      .set("COUNTERS_BINDING", kCountersBinding)
      .set("OFFSETS_BINDING", kOffsetsBinding)
      .set("HISTOGRAM_BINDING", kHistogramBinding)
      .set("STATUS_BINDING", kStatusBinding)
      .set("TICKETS_BINDING", kTicketsBinding)
      .set("DIGIT_STARTS_BINDING", kDigitStartsBinding)
      .set("SCAN_DATA_BINDING", kScanDataBinding)
      .set("SCAN_TOTALS_BINDING", kScanTotalsBinding);
  return defines;
}

gl::ShaderDefines sequenceKernelDefines(const KernelLayout& layout, std::uint32_t workgroupSize) {
  gl::ShaderDefines defines = kernelDefines(layout);
  defines.set("WORKGROUP_SIZE", workgroupSize)
      .set("KEYS_PER_THREAD", kSequenceKeysPerThread)
      .set("PARTITION_SIZE", workgroupSize * kSequenceKeysPerThread)
      .set("TILE_WORDS", static_cast<std::int64_t>(tileWords(workgroupSize * kSequenceKeysPerThread,
                                                             workgroupSize / layout.subgroupWidth, 256)));
  return defines;
}

gl::ShaderDefines shortSequenceKernelDefines(const KernelLayout& layout) {
  gl::ShaderDefines defines = kernelDefines(layout);
  defines.set("WORKGROUP_SIZE", kShortSequenceWorkgroup).set("MAX_SHORT_LENGTH", kMaxShortSequenceLength);
  return defines;
}

}  // namespace shadersort::radix
