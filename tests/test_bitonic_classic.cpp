// bitonic-classic (issue 26): the textbook network with alternating directions, padded with
// +inf keys to a power of two. The CPU model of where the padding lies, the comparators, the
// descriptions; on the GPU, sorts against std::sort (keys equal to the padding's included), every
// intermediate state a permutation, and the padded state as the model says.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <tuple>

#include "core/error.h"
#include "sort/bitonic_classic_schedule.h"
#include "sort/registry.h"
#include "sort/verify.h"
#include "sort/work_model.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

std::unique_ptr<Sorter> classicSorter() { return findAlgorithm("bitonic-classic").create(testSortContext(), {}); }

// Runs the comparators of every pass on (key, is padding) pairs of one padded sequence.
std::vector<std::pair<std::uint32_t, std::uint8_t>> runNetworkOnCpu(std::vector<std::uint32_t> keys, std::uint32_t passes) {
  const auto length = static_cast<std::uint32_t>(keys.size());
  const std::uint32_t padded = bitonicPaddedLength(length);
  std::vector<std::pair<std::uint32_t, std::uint8_t>> state;
  for (std::uint32_t key : keys) state.emplace_back(key, 0);
  state.resize(padded, {0xFFFFFFFFu, 1});
  const std::vector<BitonicPass> schedule = classicSchedule(padded);
  for (std::uint32_t pass = 0; pass < passes && pass < schedule.size(); ++pass)
    for (const Comparator& c : classicStepComparators(schedule[pass].mergeWidth, schedule[pass].distance, padded, SIZE_MAX))
      if (state[c.low] > state[c.high]) std::swap(state[c.low], state[c.high]);
  return state;
}

TEST(BitonicClassicSchedule, ComparatorsSortEveryPaddedSequenceAndBlocksAlternate) {
  std::mt19937 random(5);
  for (std::uint32_t length = 1; length <= 70; ++length) {
    std::vector<std::uint32_t> keys(length);
    for (auto& key : keys) key = random() % 8;  // ties, so padding must stay above equal keys
    keys[0] = 0xFFFFFFFFu;                      // a real key equal to the padding's
    const auto state = runNetworkOnCpu(keys, ~0u);
    ASSERT_TRUE(std::is_sorted(state.begin(), state.end())) << length;
  }
  // Merge 4 over 8: blocks 0 and 2 ascending, 1 and 3 descending (low receives the smaller key).
  const std::vector<Comparator> step = classicStepComparators(4, 1, 16, SIZE_MAX);
  ASSERT_EQ(step.size(), 8u);
  EXPECT_EQ(step[0].low, 0u);
  EXPECT_EQ(step[2].low, 5u);
  EXPECT_EQ(step[2].high, 4u);
  EXPECT_EQ(step[4].low, 8u);
}

TEST(BitonicClassicSchedule, PaddingLiesWhereTheZeroOneModelSaysAfterEveryPass) {
  std::mt19937 random(11);
  for (std::uint32_t length : {1u, 2u, 3u, 5u, 7u, 9u, 13u, 16u, 17u, 31u, 33u, 63u}) {
    std::vector<std::uint32_t> keys(length);
    for (auto& key : keys) key = random() % 4 == 0 ? 0xFFFFFFFFu : random() % 6;
    const std::uint32_t padded = bitonicPaddedLength(length);
    for (std::uint32_t pass = 0; pass <= classicSchedule(padded).size(); ++pass) {
      const auto state = runNetworkOnCpu(keys, pass);
      const std::vector<std::uint8_t> model = classicPaddingAfter(length, padded, pass);
      for (std::uint32_t position = 0; position < padded; ++position)
        ASSERT_EQ(model[position], state[position].second) << length << " keys, pass " << pass << ", position " << position;
    }
    // Sorted: the padding last, and the ranks number the real keys in order.
    const std::vector<std::uint8_t> last = classicPaddingAfter(length, padded, ~0u);
    EXPECT_EQ(std::count(last.begin(), last.begin() + length, 1), 0);
    EXPECT_EQ(classicRanks(last)[length - 1], length - 1);
  }
}

TEST(BitonicClassicSchedule, DescribesTheMergeTheDirectionsAndThePadding) {
  const std::vector<BitonicPass> schedule = classicSchedule(16);
  ASSERT_EQ(schedule.size(), 10u);
  const std::string second = describeClassicPass(schedule, 1, 13, 16, false);
  EXPECT_EQ(second, "pass 1 of 0-9: merge 4, distance 2: (0,2) smaller first, (4,6) reversed; 3 +inf");
  const std::string last = describeClassicPass(schedule, 9, 16, 16, false);
  EXPECT_EQ(last, "pass 9 of 0-9: merge 16, distance 1, whole sequence: (0,1) smaller first");
  EXPECT_EQ(describeClassicPass(schedule, 10, 16, 16, false), "");
  for (std::uint32_t pass = 0; pass < schedule.size(); ++pass)
    EXPECT_LE(describeClassicPass(schedule, pass, 1000, 1024, true).size(), 95u);
}

TEST(BitonicClassic, IsARegistryRowWithoutStabilityOrSettings) {
  const AlgorithmInfo& info = findAlgorithm("bitonic-classic");
  EXPECT_FALSE(info.stable);
  EXPECT_TRUE(info.settings().empty());
  SorterOptions options;
  options.settings["tile-size"] = 64;
  EXPECT_THROW(info.create(testSortContext(), options), UserError);
}

// Each sequence's keys in std::sort's order, and its (key, value) pairs the input's.
void expectSortsLikeStdSort(Sorter& sorter, const SortData& input) {
  sorter.load(input);
  sorter.runAll();
  const SortData output = sorter.read();
  ASSERT_EQ(output.sequenceCount, input.sequenceCount);
  ASSERT_EQ(output.sequenceLength, input.sequenceLength);
  for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
    const auto first = static_cast<std::ptrdiff_t>(std::size_t{s} * input.sequenceLength);
    std::vector<std::uint32_t> keys(input.keys.begin() + first, input.keys.begin() + first + input.sequenceLength);
    std::sort(keys.begin(), keys.end());
    ASSERT_TRUE(std::equal(keys.begin(), keys.end(), output.keys.begin() + first)) << "sequence " << s;
  }
  EXPECT_EQ(verifySorted(input, output), "") << "the pairs are not the input's (padding leaked into the output?)";
}

TEST(BitonicClassic, SortsLikeStdSortAtEverySizeAndPatternWithMaxKeys) {
  const auto sorter = classicSorter();
  for (std::uint32_t length : {0u, 1u, 2u, 3u, 5u, 13u, 16u, 17u, 100u, 255u, 256u, 257u, 600u, 1000u}) {
    for (Pattern pattern : allPatterns()) {
      SCOPED_TRACE(std::to_string(length) + " " + std::string(patternName(pattern)));
      SortData input = makeSequences(pattern, 3, length, length + 1);
      // Keys equal to the padding's: their values must come back, not the padding's.
      for (std::size_t i = 0; i < input.keys.size(); i += 3) input.keys[i] = 0xFFFFFFFFu;
      expectSortsLikeStdSort(*sorter, input);
      if (HasFatalFailure()) return;
      input.values.clear();
      expectSortsLikeStdSort(*sorter, input);
      if (HasFatalFailure()) return;
    }
  }
}

std::vector<std::uint32_t> downloadBuffer(GLuint buffer, std::size_t words) {
  std::vector<std::uint32_t> data(words);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(words * 4), data.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  return data;
}

TEST(BitonicClassic, EveryPassKeepsAPermutationAndThePaddedStateTheModelsPadding) {
  const auto sorter = classicSorter();
  const SortData input = makeSequences(Pattern::FewUnique, 2, 13, 3);
  sorter->load(input);
  for (std::uint32_t pass = 0; pass <= sorter->passCount(); ++pass) {
    SCOPED_TRACE("after " + std::to_string(pass) + " passes");
    const SortData state = sorter->read();
    EXPECT_EQ(verifyConserved(input, state), "");
    const std::optional<Sorter::PaddedState> padded = sorter->paddedState();
    ASSERT_TRUE(padded.has_value());
    ASSERT_EQ(padded->length, 16u);
    EXPECT_EQ(padded->padding, classicPaddingAfter(13, 16, pass));
    // The padded keys: +inf at the padding, the compact state's keys in order elsewhere.
    const std::vector<std::uint32_t> keys = downloadBuffer(padded->state.keys, 2 * 16);
    for (std::uint32_t s = 0; s < 2; ++s) {
      std::uint32_t real = 0;
      for (std::uint32_t p = 0; p < 16; ++p)
        EXPECT_EQ(keys[s * 16 + p], padded->padding[p] ? 0xFFFFFFFFu : state.keys[s * 13 + real++]);
    }
    sorter->runPass();
  }
  EXPECT_EQ(verifySorted(input, sorter->read()), "");
}

// The comparators the network panel draws are what the GPU does to the padded state: applied to
// the padded state before a pass ((key, padding) order, low receiving the smaller), they give the
// padded state after it, values included.
TEST(BitonicClassic, EachPassesComparatorsTurnThePaddedStateBeforeItIntoTheStateAfter) {
  const auto sorter = classicSorter();
  for (std::uint32_t length : {2u, 5u, 13u, 16u, 33u}) {
    const SortData input = makeSequences(Pattern::FewUnique, 3, length, length);
    sorter->load(input);
    const std::uint32_t padded = bitonicPaddedLength(length);
    const auto state = [&] {
      const auto view = sorter->paddedState();
      const std::vector<std::uint32_t> keys = downloadBuffer(view->state.keys, 3 * padded);
      const std::vector<std::uint32_t> values = downloadBuffer(view->state.values, 3 * padded);
      std::vector<std::tuple<std::uint32_t, std::uint8_t, std::uint32_t>> elements;
      for (std::uint32_t i = 0; i < 3 * padded; ++i) elements.emplace_back(keys[i], view->padding[i % padded], values[i]);
      return elements;
    };
    auto expected = state();
    while (!sorter->finished()) {
      const std::uint32_t pass = sorter->passesRun();
      const std::vector<Comparator> comparators = sorter->comparators(pass, SIZE_MAX);
      ASSERT_EQ(comparators.size(), padded / 2) << "pass " << pass;
      for (std::uint32_t s = 0; s < 3; ++s)
        for (const Comparator& c : comparators) {
          ASSERT_LT(std::max(c.low, c.high), padded);
          auto& low = expected[s * padded + c.low];
          auto& high = expected[s * padded + c.high];
          // (key, is padding): values never decide.
          if (std::tie(std::get<0>(low), std::get<1>(low)) > std::tie(std::get<0>(high), std::get<1>(high))) std::swap(low, high);
        }
      sorter->runPass();
      ASSERT_EQ(state(), expected) << length << " keys, after pass " << pass + 1;
    }
  }
}

TEST(BitonicClassic, StepsBackThroughCheckpointsToTheSameStates) {
  const auto sorter = classicSorter();
  const SortData input = makeSequences(Pattern::Random, 1, 21, 8);
  sorter->load(input);
  sorter->seek(7);
  const SortData atSeven = sorter->read();
  const std::unique_ptr<Checkpoint> saved = sorter->checkpoint();
  sorter->runAll();
  sorter->resume(*saved);
  EXPECT_EQ(sorter->passesRun(), 7u);
  EXPECT_EQ(sorter->read().keys, atSeven.keys);
  EXPECT_EQ(sorter->paddedState()->padding, classicPaddingAfter(21, 32, 7));
  sorter->runAll();
  EXPECT_EQ(verifySorted(input, sorter->read()), "");
}

// Every pair of the padded network compares, so the GPU's count is the textbook figure for the
// padded length exactly (the mirror form's count stays below it).
TEST(BitonicClassic, CountedComparisonsAreTheTextbookFigureOfThePaddedLength) {
  SorterOptions options;
  options.countWork = true;
  const auto sorter = findAlgorithm("bitonic-classic").create(testSortContext(), options);
  const SortData input = makeSequences(Pattern::Random, 2, 13, 4);
  sorter->load(input);
  sorter->runAll();
  std::uint64_t comparisons = 0;
  for (std::uint32_t pass = 0; pass < sorter->passCount(); ++pass) comparisons += (*sorter->workCounts(pass))[WorkField::Comparisons];
  const auto textbook = textbookWork("bitonic-classic", 13, 2);
  ASSERT_TRUE(textbook.has_value());
  EXPECT_EQ(textbook->value, 2u * 16 * 4 * 5 / 4);
  EXPECT_EQ(comparisons, textbook->value);
  EXPECT_NE(textbook->note.find("padded to 16"), std::string::npos) << textbook->note;
}

}  // namespace
}  // namespace shadersort::testing
