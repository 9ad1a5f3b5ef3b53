#include "sort/radix/partitioned_pipeline.h"

#include "gl/compute.h"
#include "sort/radix/layout.h"

namespace shadersort::radix {
namespace {

constexpr const char* kDownsweepPath = "shaders/sort/radix/downsweep.comp";

// This load's look-back status words and histograms, for the steps' byte counts (the buffers may
// be larger, kept from earlier loads).
std::uint64_t statusBytes(const RadixLoad& load) { return load.partitionCount * radixOf(load.digitBits) * load.passCount * 4; }
std::uint64_t histogramBytes(const RadixLoad& load) {
  return std::uint64_t{load.shape.sequenceCount} * placesOf(load.digitBits) * radixOf(load.digitBits) * 4;
}

}  // namespace

void PartitionedPipeline::build(bool chained, const RadixLoad& load) {
  if (!chained) {
    if (!upsweep_) upsweep_ = compute::Kernel<DigitUniforms>(load.shaders, "shaders/sort/radix/upsweep.comp", load.defines);
    if (!downsweep_) downsweep_ = compute::Kernel<DownsweepUniforms>(load.shaders, kDownsweepPath, load.defines);
    scan_.build(load.shaders, load.defines);
    return;
  }
  if (!histogram_)
    histogram_ = compute::Kernel<HistogramUniforms>(load.shaders, "shaders/sort/radix/histogram.comp", load.defines);
  if (!digitStarts_)
    digitStarts_ = compute::Kernel<DigitStartsUniforms>(load.shaders, "shaders/sort/radix/digit_starts.comp", load.defines);
  if (!chainedDownsweep_) {
    gl::ShaderDefines defines = load.defines;
    defines.set("CHAINED", 1);
    chainedDownsweep_ = compute::Kernel<ChainedDownsweepUniforms>(load.shaders, kDownsweepPath, defines);
    chainedDownsweepDefines_ = defines.preamble();
  }
}

void PartitionedPipeline::countAndScan(const RadixPass& pass, const RadixLoad& load, const RadixBuffers& buffers,
                                       const Sorter::StepObserver& observer) {
  const std::uint64_t counters = load.partitionCount * radixOf(load.digitBits);
  pass.keysIn.bind(kKeysInBinding);
  buffers.counters.bind(kCountersBinding);
  upsweep_.dispatch({.partitions = load.partitions(), .shift = pass.place * load.digitBits}, load.partitionCount,
                    {"upsweep", load.keyBytes() + counters * 4}, observer);
  scan_.run(buffers.counters, counters, buffers.scanTotals, load.scanBlock, load.shaders, load.defines, observer);
}

void PartitionedPipeline::digitStartsOfAllPlaces(const RadixPass& pass, const RadixLoad& load,
                                                 const RadixBuffers& buffers, const Sorter::StepObserver& observer) {
  // From the input: a pass only permutes keys within sequences. The kernels also zero what
  // the chained downsweeps need zeroed (status words, tickets) and leave the histograms zeroed
  // for the next sort: no buffer clear per sort (a clear runs at an upload's speed, and one of
  // the status words took a large share of a big sort).
  // One sequence: the histogram kernel's last workgroup works out the digit starts, a dispatch
  // fewer (what a small sort pays most for). Many: one workgroup per histogram, below.
  const bool oneSequence = load.shape.sequenceCount == 1;
  const auto groups = static_cast<std::uint32_t>(gl::divideRoundingUp(load.partitionCount, load.histogramPartitions));
  pass.keysIn.bind(kKeysInBinding);
  buffers.histograms.bind(kHistogramBinding);
  buffers.status.bind(kStatusBinding);
  buffers.digitStarts.bind(kDigitStartsBinding);
  buffers.tickets.bind(kTicketsBinding);
  histogram_.dispatch({.partitions = load.partitions(),
                       .passCount = load.passCount,
                       .groupCount = groups,
                       .digitStartsHere = oneSequence ? 1u : 0u},
                      groups, {"histogram", load.keyBytes() + statusBytes(load)}, observer);
  if (oneSequence) return;
  digitStarts_.dispatch({.sequenceLength = load.shape.sequenceLength,
                         .sequenceCount = load.shape.sequenceCount,
                         .passCount = load.passCount},
                        std::uint64_t{load.shape.sequenceCount} * placesOf(load.digitBits),
                        {"digit-starts", histogramBytes(load) * 3}, observer);
}

void PartitionedPipeline::runPass(const RadixPass& pass, bool chained, const RadixLoad& load,
                                  const RadixBuffers& buffers, const Sorter::StepObserver& observer) {
  const std::uint32_t shift = pass.place * load.digitBits;
  build(chained, load);
  if (!chained) {
    countAndScan(pass, load, buffers, observer);
    pass.bindKeysAndValues();
    buffers.counters.bind(kCountersBinding);
    const std::uint64_t countersRead = load.partitionCount * radixOf(load.digitBits) * 4;
    downsweep_.dispatch({.partitions = load.partitions(), .shift = shift, .hasValues = load.shape.hasValues ? 1u : 0u},
                        load.partitionCount,
                        {"downsweep", load.movedBytes() + countersRead}, observer);
    return;
  }
  if (pass.index == 0) digitStartsOfAllPlaces(pass, load, buffers, observer);
  pass.bindKeysAndValues();
  buffers.digitStarts.bind(kDigitStartsBinding);
  buffers.status.bind(kStatusBinding);
  buffers.tickets.bind(kTicketsBinding);
  chainedDownsweep_.dispatch(
      {.partitions = load.partitions(),
       .shift = shift,
       .place = pass.place,
       .passIndex = pass.index,
       .hasValues = load.shape.hasValues ? 1u : 0u},
      load.partitionCount, {"downsweep", load.movedBytes()}, observer);
}

}  // namespace shadersort::radix
