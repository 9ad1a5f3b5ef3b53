#include "sort/work_model.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "sort/bitonic_classic_schedule.h"
#include "sort/bitonic_schedule.h"
#include "sort/registry.h"

namespace shadersort {
namespace {

void add(WorkCounts& counts, WorkField field, std::uint64_t amount) { counts[field] += amount; }

// Runs `round(keys, values, pass)` (one sequence, values possibly empty) on every sequence and
// sums the counts per pass.
template <typename Round>
std::vector<WorkCounts> perSequence(const SortData& input, std::uint32_t passCount, Round round) {
  std::vector<WorkCounts> passes(passCount);
  const std::uint32_t length = input.sequenceLength;
  for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
    const auto first = static_cast<std::ptrdiff_t>(std::size_t{s} * length);
    std::vector<std::uint32_t> keys(input.keys.begin() + first, input.keys.begin() + first + length);
    std::vector<std::uint32_t> values;
    if (input.hasValues()) values.assign(input.values.begin() + first, input.values.begin() + first + length);
    for (std::uint32_t pass = 0; pass < passCount; ++pass) round(keys, values, pass, passes[pass]);
  }
  return passes;
}

// One odd-even round; returns the swaps.
std::uint64_t oddEvenRound(std::vector<std::uint32_t>& keys, std::vector<std::uint32_t>& values,
                           std::uint32_t pass, std::uint64_t& pairs) {
  std::uint64_t swaps = 0;
  pairs = 0;
  for (std::size_t left = pass % 2; left + 1 < keys.size(); left += 2) {
    ++pairs;
    if (keys[left] > keys[left + 1]) {
      std::swap(keys[left], keys[left + 1]);
      if (!values.empty()) std::swap(values[left], values[left + 1]);
      ++swaps;
    }
  }
  return swaps;
}

std::uint32_t oddEvenPassCount(const SortData& input) {
  return input.sequenceLength >= 2 && input.sequenceCount > 0 ? input.sequenceLength : 0;
}

}  // namespace

// shaders/sort/odd_even/round.comp: one invocation per pair reads both keys and compares; a swap
// reads both values and writes both keys (and values).
std::vector<WorkCounts> oddEvenWorkModel(const SortData& input) {
  const std::uint64_t wordsPerElement = input.hasValues() ? 2 : 1;
  return perSequence(input, oddEvenPassCount(input),
                     [&](auto& keys, auto& values, std::uint32_t pass, WorkCounts& counts) {
                       std::uint64_t pairs = 0;
                       const std::uint64_t swaps = oddEvenRound(keys, values, pass, pairs);
                       add(counts, WorkField::Comparisons, pairs);
                       add(counts, WorkField::Exchanges, swaps);
                       add(counts, WorkField::GlobalReads, 2 * pairs + (wordsPerElement - 1) * 2 * swaps);
                       add(counts, WorkField::GlobalWrites, 2 * wordsPerElement * swaps);
                     });
}

// shaders/sort/frag_odd_even/transposition.frag: every texel (key and value, two words) is read
// and written; a texel with a partner also reads the partner's and compares, so each pair is
// compared twice, once by each of its texels.
std::vector<WorkCounts> fragOddEvenWorkModel(const SortData& input) {
  return perSequence(input, oddEvenPassCount(input),
                     [&](auto& keys, auto& values, std::uint32_t pass, WorkCounts& counts) {
                       std::uint64_t pairs = 0;
                       const std::uint64_t swaps = oddEvenRound(keys, values, pass, pairs);
                       add(counts, WorkField::Comparisons, 2 * pairs);
                       add(counts, WorkField::Exchanges, swaps);
                       add(counts, WorkField::GlobalReads, 2 * keys.size() + 4 * pairs);
                       add(counts, WorkField::GlobalWrites, 2 * keys.size());
                     });
}

// shaders/sort/bitonic/global.comp with one step: an invocation per pair whose lower position
// is a real key reads and writes its real positions (key and value words) and compares the keys
// when both are real (a pair reaching into the padding compares with +infinity: no work).
std::vector<WorkCounts> bitonicWorkModel(const SortData& input) {
  const std::uint32_t length = input.sequenceLength;
  const std::uint32_t padded = bitonicPaddedLength(length);
  const std::vector<BitonicPass> schedule =
      length >= 2 && input.sequenceCount > 0 ? bitonicTeachingSchedule(padded) : std::vector<BitonicPass>{};
  const std::uint64_t wordsPerElement = input.hasValues() ? 2 : 1;
  return perSequence(input, static_cast<std::uint32_t>(schedule.size()),
                     [&](auto& keys, auto& values, std::uint32_t pass, WorkCounts& counts) {
                       const std::uint32_t mask = bitonicPartnerMask(schedule[pass].mergeWidth, schedule[pass].distance);
                       const std::uint32_t highBit = std::bit_floor(mask);
                       for (std::uint32_t low = 0; low < length; ++low) {
                         if ((low & highBit) != 0) continue;
                         const std::uint32_t high = low ^ mask;
                         const bool highIsReal = high < length;
                         add(counts, WorkField::GlobalReads, (highIsReal ? 2 : 1) * wordsPerElement);
                         add(counts, WorkField::GlobalWrites, (highIsReal ? 2 : 1) * wordsPerElement);
                         if (!highIsReal) continue;
                         add(counts, WorkField::Comparisons, 1);
                         if (keys[low] > keys[high]) {
                           add(counts, WorkField::Exchanges, 1);
                           std::swap(keys[low], keys[high]);
                           if (!values.empty()) std::swap(values[low], values[high]);
                         }
                       }
                     });
}

// shaders/sort/bitonic/classic.comp: an invocation per pair of the padded sequence (padding is
// +inf, above an equal real key) reads and compares both keys; an exchange reads both values and
// writes both keys (and values).
std::vector<WorkCounts> bitonicClassicWorkModel(const SortData& input) {
  const std::uint32_t length = input.sequenceLength;
  const std::uint32_t padded = bitonicPaddedLength(length);
  const std::vector<BitonicPass> schedule =
      length >= 2 && input.sequenceCount > 0 ? classicSchedule(padded) : std::vector<BitonicPass>{};
  const std::uint64_t wordsPerElement = input.hasValues() ? 2 : 1;
  return perSequence(input, static_cast<std::uint32_t>(schedule.size()),
                     [&](auto& keys, auto& values, std::uint32_t pass, WorkCounts& counts) {
                       // (key, is padding), so that padding sorts above every real key.
                       if (pass == 0) {
                         keys.resize(padded, 0xFFFFFFFFu);
                         if (!values.empty()) values.resize(padded, 0);
                       }
                       std::vector<std::uint8_t> padding = classicPaddingAfter(length, padded, pass);
                       const auto above = [&](std::uint32_t a, std::uint32_t b) {
                         return keys[a] > keys[b] || (keys[a] == keys[b] && padding[a] > padding[b]);
                       };
                       const BitonicPass& step = schedule[pass];
                       for (std::uint32_t lower = 0; lower < padded; ++lower) {
                         if ((lower & step.distance) != 0) continue;
                         const std::uint32_t upper = lower + step.distance;
                         add(counts, WorkField::Comparisons, 1);
                         add(counts, WorkField::GlobalReads, 2);
                         const bool ascending = classicAscending(lower, step.mergeWidth);
                         if (!(ascending ? above(lower, upper) : above(upper, lower))) continue;
                         add(counts, WorkField::Exchanges, 1);
                         add(counts, WorkField::GlobalReads, 2 * (wordsPerElement - 1));
                         add(counts, WorkField::GlobalWrites, 2 * wordsPerElement);
                         std::swap(keys[lower], keys[upper]);
                         if (!values.empty()) std::swap(values[lower], values[upper]);
                       }
                     });
}

namespace {

// Counter entries teach_scan.comp replaces plus those teach_add.comp adds to, over every level
// of the recursive scan of `count` counters in blocks of `scanBlock`.
std::uint64_t counterScanSteps(std::uint64_t count, std::uint64_t scanBlock) {
  const std::uint64_t groups = (count + scanBlock - 1) / scanBlock;
  if (groups <= 1) return count;
  return count + counterScanSteps(groups, scanBlock) + count;
}

// Words one workgroup's shaders/sort/radix/blelloch.glsl scan moves through shared memory: over
// `slots` slots (2 x the workgroup) of `wordsPerSlot` words, the up-sweep's slots - 1 adds read
// two slots and write one, every invocation reads the total, one clears the root, and the
// down-sweep's slots - 1 nodes read two slots and write two: work-efficient, O(slots).
struct SharedTraffic {
  std::uint64_t reads = 0;
  std::uint64_t writes = 0;
};
SharedTraffic blellochScanTraffic(std::uint64_t slots, std::uint64_t wordsPerSlot) {
  const std::uint64_t nodes = slots - 1;
  return {.reads = (2 * nodes + slots / 2 + 2 * nodes) * wordsPerSlot,
          .writes = (nodes + 1 + 2 * nodes) * wordsPerSlot};
}

// Shared traffic of one digit pass of the classic pipeline over `blocks` blocks of `blockSize`
// slots holding `keys` keys in all:
//  - teach_block.comp: per block, one scan per 8 digit values (flags in the 16-bit lanes of a
//    uvec4, 4 words a slot), each slot's flags written before it; each key reads its offset back
//    from its digit's scan;
//  - teach_scan.comp: per workgroup of each level of the counter scan, every slot's sum written,
//    scanned, and its prefix read back.
SharedTraffic radixSharedTraffic(std::uint64_t keys, std::uint64_t blocks, std::uint32_t radix,
                                 std::uint64_t blockSize, std::uint64_t scanBlock) {
  constexpr std::uint64_t kFlagWords = 4;
  const std::uint64_t scansPerBlock = radix / 8;
  const SharedTraffic flagScan = blellochScanTraffic(blockSize, kFlagWords);
  SharedTraffic traffic;
  traffic.reads = blocks * scansPerBlock * flagScan.reads + keys * kFlagWords;
  traffic.writes = blocks * scansPerBlock * (flagScan.writes + blockSize * kFlagWords);
  const SharedTraffic counterScan = blellochScanTraffic(blockSize, 1);
  for (std::uint64_t count = blocks * radix;; count = (count + scanBlock - 1) / scanBlock) {
    const std::uint64_t groups = (count + scanBlock - 1) / scanBlock;
    traffic.reads += groups * (counterScan.reads + blockSize);
    traffic.writes += groups * (counterScan.writes + blockSize);
    if (groups <= 1) break;
  }
  return traffic;
}

}  // namespace

// The classic pipeline: teach_block.comp reads each key once and counts it into its digit's
// bucket; the counter matrix [sequence][digit][block] is prefix-summed; teach_scatter.comp reads
// each key (and value) and stores it at its slot. Digit places where all keys agree are skipped.
// The Blelloch scans of both steps move their flags and partial sums through shared memory.
std::vector<WorkCounts> radixWorkModel(const SortData& input, std::uint32_t digitBits, std::uint32_t blockSize,
                                       std::uint32_t scanBlock) {
  std::uint32_t anyBits = 0, allBits = ~0u;
  for (std::uint32_t key : input.keys) {
    anyBits |= key;
    allBits &= key;
  }
  const std::uint32_t differing = input.keys.empty() ? 0u : anyBits ^ allBits;
  const std::uint32_t radix = 1u << digitBits;
  std::uint32_t passCount = 0;
  if (input.sequenceLength >= 2)
    for (std::uint32_t place = 0; place < 32 / digitBits; ++place)
      if (((differing >> (place * digitBits)) & (radix - 1)) != 0) ++passCount;
  const std::uint64_t keys = input.keys.size();
  const std::uint64_t wordsPerElement = input.hasValues() ? 2 : 1;
  const std::uint64_t blocks =
      std::uint64_t{input.sequenceCount} * ((input.sequenceLength + blockSize - 1) / std::max(blockSize, 1u));
  WorkCounts pass;
  pass[WorkField::HistogramIncrements] = keys;
  pass[WorkField::ScanSteps] = counterScanSteps(blocks * radix, scanBlock);
  pass[WorkField::GlobalReads] = keys + keys * wordsPerElement;
  pass[WorkField::GlobalWrites] = keys * wordsPerElement;
  pass[WorkField::ScatterWrites] = keys * wordsPerElement;
  const SharedTraffic shared = radixSharedTraffic(keys, blocks, radix, blockSize, scanBlock);
  pass[WorkField::SharedReads] = shared.reads;
  pass[WorkField::SharedWrites] = shared.writes;
  return std::vector<WorkCounts>(passCount, pass);
}

std::optional<std::vector<WorkCounts>> workModel(std::string_view algorithm, const SortData& input) {
  for (const AlgorithmInfo& info : algorithms())
    if (info.name == algorithm && info.workModel != nullptr) return info.workModel(input);
  return std::nullopt;
}

namespace {

std::string timesSequences(const TextbookShape& shape) {
  return shape.sequenceCount == 1 ? "" : " x " + std::to_string(shape.sequenceCount) + " sequences";
}

TextbookWork compareExchangeTextbookWork(const TextbookShape& shape) {
  const std::uint64_t n = shape.sequenceLength;
  TextbookWork work;
  work.value = n * (n > 0 ? n - 1 : 0) / 2 * shape.sequenceCount;
  work.formula = "n(n-1)/2" + timesSequences(shape) + " = " + std::to_string(work.value);
  work.note = "at most, in " + std::to_string(n) + " passes";
  return work;
}

// The network of the next power of two P >= n; `padded` is P.
TextbookWork bitonicNetworkWork(const TextbookShape& shape, std::uint64_t& padded) {
  const std::uint64_t n = shape.sequenceLength;
  padded = n <= 1 ? 1 : std::bit_ceil(n);
  const auto log2 = static_cast<std::uint64_t>(std::countr_zero(padded));
  TextbookWork work;
  work.value = padded * log2 * (log2 + 1) / 4 * shape.sequenceCount;
  work.formula = "n log2(n)(log2(n)+1)/4" + timesSequences(shape) + " = " + std::to_string(work.value);
  return work;
}

}  // namespace

TextbookWork oddEvenTextbookWork(const TextbookShape& shape) { return compareExchangeTextbookWork(shape); }

TextbookWork fragOddEvenTextbookWork(const TextbookShape& shape) {
  TextbookWork work = compareExchangeTextbookWork(shape);
  work.note += "; both texels of a pair compare, so the count is twice the pairs";
  return work;
}

TextbookWork bitonicTextbookWork(const TextbookShape& shape) {
  std::uint64_t padded = 0;
  TextbookWork work = bitonicNetworkWork(shape, padded);
  if (padded != shape.sequenceLength)
    work.note = "n = " + std::to_string(shape.sequenceLength) + " is no power of two: the mirror form runs the network of " +
                std::to_string(padded) + " and skips the pairs past n, so it compares fewer";
  return work;
}

TextbookWork bitonicClassicTextbookWork(const TextbookShape& shape) {
  std::uint64_t padded = 0;
  TextbookWork work = bitonicNetworkWork(shape, padded);
  if (padded != shape.sequenceLength)
    work.note = "n = " + std::to_string(shape.sequenceLength) + " is padded to " + std::to_string(padded) +
                " with +inf keys; every pair of the padded network compares, so the count equals the figure";
  return work;
}

TextbookWork radixTextbookWork(const TextbookShape& shape) {
  TextbookWork work;
  work.field = WorkField::HistogramIncrements;
  work.value = std::uint64_t{shape.digitPasses} * shape.sequenceLength * shape.sequenceCount;
  work.formula = "d x n = " + std::to_string(shape.digitPasses) + " x " + std::to_string(shape.sequenceLength) +
                 timesSequences(shape) + " = " + std::to_string(work.value);
  work.note = "no comparisons: each pass counts and scatters every key once";
  return work;
}

std::optional<TextbookWork> textbookWork(std::string_view algorithm, std::uint32_t sequenceLength,
                                         std::uint32_t sequenceCount, std::uint32_t digitPasses) {
  for (const AlgorithmInfo& info : algorithms())
    if (info.name == algorithm && info.textbookWork != nullptr)
      return info.textbookWork({sequenceLength, sequenceCount, digitPasses});
  return std::nullopt;
}

}  // namespace shadersort
