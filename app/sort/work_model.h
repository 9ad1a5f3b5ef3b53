#pragma once
// The CPU model of work counting: the passes of each instrumented teaching schedule run on the
// CPU, counting what the shaders count (same definitions, sort/work_counts.h), so the GPU's
// counts can be checked; and the textbook figures the panel shows beside the totals.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sort/sort_data.h"
#include "sort/work_counts.h"

namespace shadersort {

// One entry per pass of the schedule over `input` (every sequence on its own, counts summed),
// for every pass the worst case takes, including those an early exit would skip.
std::vector<WorkCounts> oddEvenWorkModel(const SortData& input);      // compute, one round per pass
std::vector<WorkCounts> fragOddEvenWorkModel(const SortData& input);  // one full-screen draw per pass
std::vector<WorkCounts> bitonicWorkModel(const SortData& input);      // one global step per pass
std::vector<WorkCounts> bitonicClassicWorkModel(const SortData& input);  // padded, alternating blocks
// LSD radix's classic (teaching) pipeline with `digitBits`-bit digits, blocks of `blockSize` keys
// (2 x its workgroup) and counter-scan blocks of `scanBlock` counters (blockSize x 4), as
// RadixSorter sets them by default.
std::vector<WorkCounts> radixWorkModel(const SortData& input, std::uint32_t digitBits = 4,
                                       std::uint32_t blockSize = 512, std::uint32_t scanBlock = 2048);

// The model of `algorithm`'s counted schedule (every algorithm counts on its teaching schedule;
// its registry row names its model), or nullopt for an algorithm without one.
std::optional<std::vector<WorkCounts>> workModel(std::string_view algorithm, const SortData& input);

// The textbook's figure for a sort of `sequenceCount` sequences of `sequenceLength` keys:
//  - odd-even: n(n-1)/2 comparisons at most (n passes);
//  - bitonic: n log2(n) (log2(n) + 1) / 4 comparators for a power-of-two n (other n: the mirror
//    form runs the network of the next power of two P and skips the pairs reaching past n, so the
//    figure is P's and the count is below it);
//  - radix: d passes x n keys (histogram increments and scatter writes each).
// Per sequence, times the sequences. nullopt for an algorithm without one.
struct TextbookWork {
  WorkField field = WorkField::Comparisons;  // what the figure bounds
  std::uint64_t value = 0;
  std::string formula;  // "n(n-1)/2 = 120"
  std::string note;     // what the figure means for this input, or empty
};
struct TextbookShape {
  std::uint32_t sequenceLength = 0, sequenceCount = 0;
  std::uint32_t digitPasses = 0;  // radix: the digit passes the sort runs
};
TextbookWork oddEvenTextbookWork(const TextbookShape& shape);
TextbookWork fragOddEvenTextbookWork(const TextbookShape& shape);
TextbookWork bitonicTextbookWork(const TextbookShape& shape);
TextbookWork bitonicClassicTextbookWork(const TextbookShape& shape);
TextbookWork radixTextbookWork(const TextbookShape& shape);
// The figure of `algorithm`'s registry row.
std::optional<TextbookWork> textbookWork(std::string_view algorithm, std::uint32_t sequenceLength,
                                         std::uint32_t sequenceCount, std::uint32_t digitPasses = 0);

}  // namespace shadersort
