// odd-even beyond the registry-wide matrix: the early exit (soon on nearly sorted input, never
// before every sequence is sorted), both schedules agreeing after every fused dispatch, sizes
// around the workgroup's and the tile's edges, and the settings.

#include <gtest/gtest.h>

#include <numeric>

#include "core/error.h"
#include "data/patterns.h"
#include "gl/compute.h"
#include "sort_test_support.h"
#include "sorter_test_access.h"
#include "sort/odd_even.h"
#include "sort/verify.h"

namespace shadersort::testing {
namespace {

using Settings = std::map<std::string, int, std::less<>>;

OddEvenSorter makeSorter(bool teaching, Settings settings = {}) {
  SorterOptions options;
  options.teaching = teaching;
  options.settings = std::move(settings);
  return OddEvenSorter(testSortContext(), options);
}

void expectStableSorted(const SortData& input, const SortData& output) {
  EXPECT_EQ(verifySorted(input, output), "");
  const SortData reference = referenceStableSort(input);
  EXPECT_EQ(output.keys, reference.keys);
  EXPECT_EQ(output.values, reference.values);
}

// Small tiles, so that short inputs span several of them.
const Settings kSmallFast = {{"workgroup-size", 16}, {"items-per-thread", 4}, {"rounds-per-dispatch", 3}};

class OddEven : public ::testing::Test {};

TEST_F(OddEven, NearlySortedInputStopsWithinFivePercentOfThePasses) {
  for (std::uint32_t length : {1000u, 4000u}) {
    for (bool teaching : {true, false}) {
      SCOPED_TRACE(std::to_string(length) + (teaching ? " teaching" : " fast, 3 rounds per dispatch"));
      const SortData input = makeSequences(Pattern::NearlySorted, 1, length);
      OddEvenSorter sorter = makeSorter(teaching, teaching ? Settings{} : kSmallFast);
      sorter.load(input);
      sorter.runAll();
      EXPECT_TRUE(sorter.finished());
      EXPECT_TRUE(OddEvenSorterTestAccess::sortedAfter(sorter).has_value());
      EXPECT_LE(sorter.passesRun() * 20, sorter.passCount());
      expectStableSorted(input, sorter.read());
    }
  }
}

TEST_F(OddEven, FastDefaultsStopRightAfterTheDispatchThatSorted) {
  const SortData input = makeSequences(Pattern::NearlySorted, 1, 4000);
  OddEvenSorter sorter = makeSorter(false);
  sorter.load(input);
  sorter.runAll();
  EXPECT_EQ(sorter.passCount(), 8u);  // 4000 elements, 512 rounds per dispatch
  // Its last two rounds swapped nothing, so the first dispatch is known to have sorted. A real
  // GPU runs ahead of the check by at most the ring of checks in flight (llvmpipe by none).
  EXPECT_EQ(OddEvenSorterTestAccess::sortedAfter(sorter), std::optional<std::uint32_t>(1));
  EXPECT_LE(sorter.passesRun(), 1u + SwapWatch::kRingSize);
  expectStableSorted(input, sorter.read());
}

TEST_F(OddEven, ReversedInputRunsTheFullCount) {
  for (bool teaching : {true, false}) {
    SCOPED_TRACE(teaching ? "teaching" : "fast, 3 rounds per dispatch");
    const SortData input = makeSequences(Pattern::Reversed, 1, 1000);
    OddEvenSorter sorter = makeSorter(teaching, teaching ? Settings{} : kSmallFast);
    sorter.load(input);
    sorter.runAll();
    EXPECT_EQ(sorter.passCount(), teaching ? 1000u : 334u);
    EXPECT_EQ(sorter.passesRun(), sorter.passCount());
    expectStableSorted(input, sorter.read());
  }
}

TEST_F(OddEven, EarlyExitWaitsForEverySequence) {
  for (bool teaching : {true, false}) {
    SCOPED_TRACE(teaching ? "teaching" : "fast, 3 rounds per dispatch");
    Settings settings = teaching ? Settings{} : kSmallFast;
    settings["check-interval"] = 1;
    SortData input = makeSequences(Pattern::NearlySorted, 40, 400);

    OddEvenSorter allNearlySorted = makeSorter(teaching, settings);
    allNearlySorted.load(input);
    allNearlySorted.runAll();
    EXPECT_LE(allNearlySorted.passesRun() * 20, allNearlySorted.passCount());
    expectStableSorted(input, allNearlySorted.read());

    // One reversed sequence in the middle needs every round.
    const std::vector<std::uint32_t> reversed = makePattern(Pattern::Reversed, 400, 1);
    std::copy(reversed.begin(), reversed.end(), input.keys.begin() + 23 * 400);
    OddEvenSorter oneReversed = makeSorter(teaching, settings);
    oneReversed.load(input);
    oneReversed.runAll();
    EXPECT_EQ(oneReversed.passesRun(), oneReversed.passCount());
    expectStableSorted(input, oneReversed.read());
  }
}

TEST_F(OddEven, FusedDispatchEqualsItsRoundsOneByOne) {
  // Tiles of 64: 300 takes overlapping tiles, 20 shares a workgroup with two other sequences.
  for (auto [length, rounds] : {std::pair{300u, 1}, {300u, 7}, {300u, 8}, {20u, 3}}) {
    SCOPED_TRACE(std::to_string(length) + " elements, " + std::to_string(rounds) + " rounds per dispatch");
    const SortData input = makeSequences(Pattern::FewUnique, 7, length, 11);
    Settings settings = {{"workgroup-size", 16}, {"items-per-thread", 4}, {"rounds-per-dispatch", rounds}};
    OddEvenSorter fast = makeSorter(false, settings);
    OddEvenSorter teaching = makeSorter(true, {{"workgroup-size", 16}});
    fast.load(input);
    teaching.load(input);
    while (!fast.finished()) {
      fast.runPass();
      for (int r = 0; r < rounds; ++r) teaching.runPass();
      const SortData fastState = fast.read(), teachingState = teaching.read();
      ASSERT_EQ(fastState.keys, teachingState.keys) << "after dispatch " << fast.passesRun();
      ASSERT_EQ(fastState.values, teachingState.values) << "after dispatch " << fast.passesRun();
    }
    expectStableSorted(input, fast.read());
  }
}

TEST_F(OddEven, SizesAroundWorkgroupAndTileEdges) {
  constexpr int kWorkgroup = 8;
  // Teaching: a workgroup takes 2 x 8 elements' pairs. Fast: sequences up to 16 share workgroups
  // (8 invocations of 2), longer ones take tiles of 16 that write 16 - 2 x 3 = 10.
  const Settings settings = {{"workgroup-size", kWorkgroup}, {"items-per-thread", 2}, {"rounds-per-dispatch", 3}};
  for (std::uint32_t length : {15u, 16u, 17u, 3u, 4u, 5u, 7u, 9u, 10u, 11u, 19u, 20u, 21u, 31u, 32u, 33u, 47u, 101u}) {
    for (std::uint32_t sequences : {1u, 5u}) {
      for (Pattern pattern : {Pattern::Random, Pattern::Reversed, Pattern::FewUnique}) {
        for (bool teaching : {true, false}) {
          SCOPED_TRACE(std::to_string(sequences) + " x " + std::to_string(length) + " " +
                       std::string(patternName(pattern)) + (teaching ? " teaching" : " fast"));
          const SortData input = makeSequences(pattern, sequences, length, length);
          OddEvenSorter sorter = makeSorter(teaching, settings);
          sorter.load(input);
          sorter.runAll();
          expectStableSorted(input, sorter.read());
          if (HasFailure()) return;
        }
      }
    }
  }
}

// The watch over counters written here instead of by a sort: which passes prove the state sorted.
std::optional<std::uint32_t> watchCounts(const std::vector<std::uint32_t>& counts, std::uint32_t roundsPerPass,
                                         std::uint32_t checkInterval) {
  SwapWatch watch;
  watch.reset(static_cast<std::uint32_t>(counts.size()), roundsPerPass, checkInterval);
  // Written by the GPU, after the reset's clear, as a sort's shaders would: a CPU-side
  // glBufferSubData here read back as zeros on NVIDIA.
  const gl::Buffer source = gl::makeStorageBuffer("test: swap counts", counts);
  gl::copyBuffer(source, watch.counters().buffer(), counts.size() * 4);
  for (std::uint32_t passesRun = 1; passesRun <= counts.size() && !watch.sortedAfter(); ++passesRun) {
    watch.passIssued(passesRun);
    glFinish();  // every check issued so far has landed: the answer must not depend on timing
    watch.poll();
  }
  return watch.sortedAfter();
}

TEST_F(OddEven, SwapWatchWantsAQuietEvenAndOddRound) {
  using Passes = std::optional<std::uint32_t>;
  // One round per pass: two quiet passes in a row, also when a check boundary falls between them.
  EXPECT_EQ(watchCounts({4, 0, 2, 0, 0, 1, 0, 0, 0, 0}, 1, 3), Passes(5));
  EXPECT_EQ(watchCounts({4, 1, 0, 0, 1, 1, 1, 1, 1, 1}, 1, 3), Passes(4));
  EXPECT_EQ(watchCounts({0, 1, 0, 1, 0, 1, 0, 1}, 1, 1), Passes());
  // Two or more rounds per pass: the pass's closing even and odd round were counted together.
  EXPECT_EQ(watchCounts({4, 0, 2, 2}, 2, 3), Passes(2));
  EXPECT_EQ(watchCounts({4, 3, 2, 2}, 2, 1), Passes());
}

TEST_F(OddEven, AQuietFirstRoundIsNotEnough) {
  // The even round finds (0,1), (2,3), ... in order, but the odd pairs (1,2) and (5,6) are not.
  const SortData input = singleSequence({0, 2, 1, 3, 4, 6, 5, 7}, {0, 1, 2, 3, 4, 5, 6, 7});
  OddEvenSorter sorter = makeSorter(true, {{"check-interval", 1}});
  sorter.load(input);
  sorter.runAll();
  EXPECT_EQ(OddEvenSorterTestAccess::sortedAfter(sorter), std::optional<std::uint32_t>(4));
  expectStableSorted(input, sorter.read());
}

// `rounds` rounds of odd-even transposition on the CPU, each sequence on its own.
SortData roundsOnCpu(SortData data, std::uint32_t rounds) {
  for (std::uint32_t round = 0; round < rounds; ++round) oddEvenRoundOnCpu(data, round);
  return data;
}

TEST_F(OddEven, GridsBeyond65535WorkgroupsReachEveryElement) {
  // Teaching: one invocation per workgroup, 65537 pairs in the even round. Fast: tiles of 4
  // elements writing 2 each, 100000 tiles. Both need the 2D grid of dispatchLinear.
  const SortData input = makeSequences(Pattern::Random, 1, 200000);
  OddEvenSorter teaching = makeSorter(true, {{"workgroup-size", 1}});
  OddEvenSorter fast = makeSorter(false, {{"workgroup-size", 2}, {"items-per-thread", 2}, {"rounds-per-dispatch", 1}});
  teaching.load(input);
  fast.load(input);
  teaching.seek(2);
  fast.seek(2);
  const SortData expected = roundsOnCpu(input, 2);
  for (const SortData& state : {teaching.read(), fast.read()}) {
    EXPECT_EQ(state.keys, expected.keys);
    EXPECT_EQ(state.values, expected.values);
  }
}

TEST_F(OddEven, RestartAfterAnEarlyExitSortsAgainAlike) {
  const SortData input = makeSequences(Pattern::NearlySorted, 2, 1000);
  OddEvenSorter sorter = makeSorter(true);
  sorter.load(input);
  sorter.runAll();
  const std::uint32_t passes = sorter.passesRun();
  const std::optional<std::uint32_t> sortedAfter = OddEvenSorterTestAccess::sortedAfter(sorter);
  ASSERT_LT(passes, sorter.passCount());
  ASSERT_TRUE(sortedAfter.has_value());
  sorter.restart();
  EXPECT_FALSE(sorter.finished());
  EXPECT_FALSE(OddEvenSorterTestAccess::sortedAfter(sorter).has_value());
  EXPECT_EQ(sorter.read().keys, input.keys);
  sorter.runAll();
  // The pass that proved it sorted is the same; how far the GPU ran ahead may differ.
  EXPECT_EQ(OddEvenSorterTestAccess::sortedAfter(sorter), sortedAfter);
  expectStableSorted(input, sorter.read());
}

TEST_F(OddEven, RejectsUnknownAndUnusableSettings) {
  const Settings rejected[] = {
      {{"radix-bits", 4}},
      {{"workgroup-size", 0}},
      {{"workgroup-size", testLimits().maxComputeWorkGroupInvocations + 1}},
      {{"items-per-thread", 3}},
      {{"items-per-thread", 0}},
      {{"items-per-thread", 66}},
      {{"rounds-per-dispatch", 0}},
      {{"workgroup-size", 8}, {"items-per-thread", 2}, {"rounds-per-dispatch", 8}},  // tile of 16 keeps nothing
      {{"workgroup-size", 1}, {"items-per-thread", 2}},                              // tile of 2 fuses no round
      {{"check-interval", 0}},
  };
  for (const Settings& settings : rejected) {
    SCOPED_TRACE(settings.begin()->first + " " + std::to_string(settings.begin()->second));
    SorterOptions options;
    options.settings = settings;
    EXPECT_THROW(findAlgorithm("odd-even").create(testSortContext(), options), UserError);
  }
  EXPECT_NO_THROW(makeSorter(false, {{"workgroup-size", 8}, {"items-per-thread", 2}, {"rounds-per-dispatch", 7}}));
}

// Each candidate the tuner may pick sorts (accepted was all this checked before; nothing was
// compiled): two sequences of an odd length past a workgroup, with values, stably.
TEST_F(OddEven, EveryTuningCandidateSorts) {
  const SortData input = makeSequences(Pattern::FewUnique, 2, 301);
  for (const Tunable& tunable : OddEvenSettings::table().tunables(testLimits())) {
    EXPECT_FALSE(tunable.candidates.empty()) << tunable.name;
    for (int value : tunable.candidates) {
      SCOPED_TRACE(tunable.name + " " + std::to_string(value));
      OddEvenSorter sorter = makeSorter(false, {{tunable.name, value}});
      EXPECT_EQ(sortsLikeStableSort(sorter, input, true), "");
    }
  }
}

}  // namespace
}  // namespace shadersort::testing
