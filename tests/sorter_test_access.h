#pragma once
// The test-only seams the sorters name as friends (RadixSorter, OddEvenSorter): their internals,
// for the tests alone, so that the sorters themselves carry no test API.

#include <cstdint>
#include <optional>
#include <string>

#include "gl/program.h"
#include "sort/odd_even.h"
#include "sort/radix/radix_sorter.h"

namespace shadersort {

struct RadixSorterTestAccess {
  using ChainedState = RadixSorter::ChainedState;
  static constexpr std::uint32_t kMaxWorkgroupSortLength = RadixSorter::kMaxWorkgroupSortLength;
  static constexpr std::uint32_t kWorkgroupSortMinSequences = RadixSorter::kWorkgroupSortMinSequences;
  static void fillChainedState(const RadixSorter& sorter, std::uint32_t word) { sorter.fillChainedState(word); }
  static ChainedState readChainedState(const RadixSorter& sorter) { return sorter.readChainedState(); }
  static const std::string& chainedDownsweepDefines(const RadixSorter& sorter) {
    return sorter.partitioned_->chainedDownsweepDefines();
  }
  static gl::ShaderDefines kernelDefines(const RadixSorter& sorter, radix::BallotKind ballotKind, std::uint32_t subgroupWidth) {
    return sorter.kernelDefines(ballotKind, subgroupWidth);
  }
  static gl::ShaderDefines sequenceKernelDefines(const RadixSorter& sorter, radix::BallotKind ballotKind, std::uint32_t subgroupWidth,
                                                 std::uint32_t workgroupSize) {
    return sorter.sequenceKernelDefines(ballotKind, subgroupWidth, workgroupSize);
  }
  static std::uint32_t sequenceWorkgroupFor(const RadixSorter& sorter, std::uint32_t sequenceLength) {
    return sorter.sequenceWorkgroupFor(sequenceLength);
  }
  static std::uint32_t partitionSize(const RadixSorter& sorter) { return sorter.partitionSize(); }
};

struct OddEvenSorterTestAccess {
  static std::optional<std::uint32_t> sortedAfter(const OddEvenSorter& sorter) { return sorter.sortedAfter(); }
};

}  // namespace shadersort
