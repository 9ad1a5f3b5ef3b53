// The radix sort beyond the registry-wide matrix: each pipeline, scan and ranking variant with
// small partitions (so that sizes around a partition and many partitions stay cheap on
// llvmpipe), key distributions that stress ranking, digit-place skipping, sequences, settings.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include "core/error.h"
#include "sort/compute/kernel.h"
#include "sort/radix/ballot_kind.h"
#include "sort/radix/radix_sorter.h"
#include "sort/radix/uniforms.h"
#include "sort/registry.h"
#include "sort_test_support.h"
#include "sorter_test_access.h"
#include "sort/verify.h"

namespace shadersort::testing {
namespace {

struct Variant {
  std::string name;
  std::map<std::string, int, std::less<>> settings;
  std::uint32_t partitionSize;  // keys per partition that these settings give
};

// workgroup-size 32 is the smallest allowed; the fast partition is 32 x 2 keys, the classic
// (Blelloch) block 2 x 32.
std::vector<Variant> variants() {
  const std::map<std::string, int, std::less<>> small = {{"workgroup-size", 32}, {"keys-per-thread", 2}};
  auto with = [&](std::initializer_list<std::pair<const std::string, int>> extra) {
    auto settings = small;
    for (const auto& [name, value] : extra) settings[name] = value;
    return settings;
  };
  return {
      {"portable_ballot", with({{"scan", 1}, {"ballot", 0}}), 64},
      {"portable_shared", with({{"scan", 1}, {"ballot", 1}}), 64},
      {"portable_match", with({{"scan", 1}, {"ballot", 2}}), 64},
      {"chained_ballot", with({{"scan", 2}, {"ballot", 0}}), 64},
      {"chained_shared", with({{"scan", 2}, {"ballot", 1}}), 64},
      // No polling: every predecessor's digits are counted from its keys (the stall fallback).
      {"chained_fallback", with({{"scan", 2}, {"ballot", 0}, {"look-back-spins", 0}}), 64},
      // One predecessor per poll (the window's narrowest), and a window of 3 with one empty poll
      // allowed. Where workgroups run in order (llvmpipe) every word a window reads is ready;
      // windows cut short by unready words, then counted from the keys, happen on real GPUs.
      {"chained_window1", with({{"scan", 2}, {"ballot", 0}, {"look-back-window", 1}}), 64},
      {"chained_window3", with({{"scan", 2}, {"ballot", 0}, {"look-back-window", 3}, {"look-back-spins", 1}}), 64},
      // Digit counts published before ranking, with both rankings.
      {"chained_early", with({{"scan", 2}, {"ballot", 0}, {"early-counts", 2}}), 64},
      {"chained_early_shared", with({{"scan", 2}, {"ballot", 1}, {"early-counts", 2}}), 64},
      {"classic", with({{"radix-bits", 4}}), 64},
      // One workgroup per sequence: its workgroup follows the sequence length, so partitionSize is
      // its narrowest tile (32 x 4); the longer sizes below take several of the widest tiles.
      {"sequence_ballot", with({{"scan", 3}, {"ballot", 0}}), 128},
      {"sequence_shared", with({{"scan", 3}, {"ballot", 1}}), 128},
  };
}

std::unique_ptr<RadixSorter> makeSorter(const std::map<std::string, int, std::less<>>& settings, bool teaching = false) {
  SorterOptions options;
  options.teaching = teaching;
  options.settings = settings;
  return std::make_unique<RadixSorter>(testSortContext(), options);
}

SortData sortWith(RadixSorter& sorter, const SortData& input) {
  EXPECT_EQ(RadixSorter::whyCannotSort(input.shape(), testLimits()), "");
  sorter.load(input);
  sorter.runAll();
  EXPECT_TRUE(sorter.finished());
  return sorter.read();
}

std::vector<std::uint32_t> randomWords(std::size_t count, std::uint32_t seed, int andedWords = 1) {
  std::mt19937 random(seed);
  std::vector<std::uint32_t> words(count);
  for (auto& word : words) {
    word = random();
    // AND of several words: fewer set bits, many repeated digits.
    for (int i = 1; i < andedWords; ++i) word &= random();
  }
  return words;
}

SortData withIndexValues(SortData data) {
  data.values.resize(data.keys.size());
  std::iota(data.values.begin(), data.values.end(), 0u);
  return data;
}

// The NV match instruction (ballot 2) exists on NVIDIA only; elsewhere the sorter refuses it,
// which Radix.RejectsUnknownSettingsAndUnusableValues checks.
class RadixVariant : public ::testing::TestWithParam<Variant> {
 protected:
  void SetUp() override {
    ::testing::TestWithParam<Variant>::SetUp();
    if (GetParam().settings.contains("ballot") && GetParam().settings.at("ballot") == 2 &&
        !testLimits().hasExtension("GL_NV_shader_subgroup_partitioned"))
      GTEST_SKIP() << "no GL_NV_shader_subgroup_partitioned on this GPU";
  }
};

TEST_P(RadixVariant, UsesTheRequestedPipelineAndRanking) {
  const Variant& variant = GetParam();
  auto sorter = makeSorter(variant.settings);
  sorter->load(singleSequence(randomWords(1000, 1)));
  if (variant.settings.contains("radix-bits")) {
    EXPECT_EQ(sorter->pipelineName(), "classic");
    return;
  }
  const int scan = variant.settings.at("scan");
  EXPECT_EQ(sorter->pipelineName(), scan == 3 ? "fast/workgroup-per-sequence" : scan == 2 ? "fast/chained" : "fast/portable");
  const gl::Limits& limits = testLimits();
  if (variant.settings.at("ballot") == 1 || (!limits.hasKhrSubgroup && !limits.hasArbShaderBallot)) {
    EXPECT_EQ(sorter->rankingName(), "shared memory");
  } else {
    EXPECT_NE(sorter->rankingName(), "shared memory") << "a ballot extension exists but the probe rejected it";
    EXPECT_EQ(static_cast<std::uint32_t>(32) % sorter->subgroupWidth(), 0u);
    // The match instruction only when asked for.
    EXPECT_EQ(sorter->rankingName() == "match NV", variant.settings.at("ballot") == 2);
  }
}

TEST_P(RadixVariant, SizesAroundThePartitionMatchStableSort) {
  const Variant& variant = GetParam();
  auto sorter = makeSorter(variant.settings);
  const std::uint32_t p = variant.partitionSize;
  for (std::uint32_t size : {p - 1, p, p + 1, 2 * p - 1, 2 * p, 2 * p + 1, 37 * p + 5}) {
    for (int anded : {1, 2, 3, 4}) {
      SCOPED_TRACE("size " + std::to_string(size) + ", AND of " + std::to_string(anded) + " words");
      const SortData input = withIndexValues(singleSequence(randomWords(size, size * 7 + anded, anded)));
      const SortData result = sortWith(*sorter, input);
      ASSERT_EQ(result.keys, referenceStableSort(input).keys);
      ASSERT_EQ(result.values, referenceStableSort(input).values);
    }
  }
}

TEST_P(RadixVariant, AllEqualAndTwoValuedKeysKeepTheirOrder) {
  const Variant& variant = GetParam();
  auto sorter = makeSorter(variant.settings);
  const std::size_t size = 5 * variant.partitionSize + 3;
  const SortData equal = withIndexValues(singleSequence(std::vector<std::uint32_t>(size, 0xA5A5A5A5u)));
  const SortData result = sortWith(*sorter, equal);
  EXPECT_EQ(sorter->passCount(), 0u);
  EXPECT_EQ(result.values, equal.values);

  // Two keys that differ in every digit place, interleaved: every pass moves every key.
  std::vector<std::uint32_t> keys(size);
  for (std::size_t i = 0; i < size; ++i) keys[i] = (i * 2654435761u) % 3 == 0 ? 0xFFFFFFFFu : 0u;
  const SortData twoValued = withIndexValues(singleSequence(keys));
  EXPECT_EQ(sortWith(*sorter, twoValued).values, referenceStableSort(twoValued).values);
  EXPECT_EQ(sorter->passCount(), variant.settings.contains("radix-bits") ? 8u : 4u);
}

TEST_P(RadixVariant, ManySequencesOfManyPartitionsSortIndependently) {
  const Variant& variant = GetParam();
  auto sorter = makeSorter(variant.settings);
  for (auto [count, length] : {std::pair{40u, 3 * variant.partitionSize + 7}, std::pair{300u, 70u}, std::pair{2000u, 3u}}) {
    SCOPED_TRACE(std::to_string(count) + " sequences of " + std::to_string(length));
    SortData input;
    input.sequenceCount = count;
    input.sequenceLength = length;
    input.keys = randomWords(std::size_t{count} * length, count + length, 2);
    input = withIndexValues(input);
    const SortData result = sortWith(*sorter, input);
    EXPECT_EQ(verifySorted(input, result), "");
    EXPECT_EQ(result.values, referenceStableSort(input).values);
  }
}

std::string variantName(const ::testing::TestParamInfo<Variant>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Radix, RadixVariant, ::testing::ValuesIn(variants()), variantName);

class Radix : public ::testing::Test {};

TEST_F(Radix, OneWorkgroupPerSequenceAroundItsWidestTileAndAtItsLimit) {
  auto sorter = makeSorter({{"scan", 3}});
  const std::uint32_t tile = RadixSorterTestAccess::sequenceWorkgroupFor(*sorter, RadixSorterTestAccess::kMaxWorkgroupSortLength) * 4;
  for (std::uint32_t size : {0u, 1u, 2u, 3u, 1000u, tile - 1, tile, tile + 1, 3 * tile + 1, 27648u, 32768u}) {
    SCOPED_TRACE("size " + std::to_string(size));
    const SortData input = withIndexValues(singleSequence(randomWords(size, size + 11, 2)));
    const SortData result = sortWith(*sorter, input);
    ASSERT_EQ(result.values, referenceStableSort(input).values);
    if (sorter->passCount() > 0) {
      EXPECT_EQ(sorter->pipelineName(), "fast/workgroup-per-sequence");
    }
  }
  // Forced, it goes to its own limit.
  auto& forced = sorter;
  const SortData longest = withIndexValues(singleSequence(randomWords(RadixSorterTestAccess::kMaxWorkgroupSortLength, 6, 3)));
  EXPECT_EQ(sortWith(*forced, longest).values, referenceStableSort(longest).values);
  EXPECT_THROW(forced->load(singleSequence(randomWords(RadixSorterTestAccess::kMaxWorkgroupSortLength + 1, 7))), UserError);
}

// Many sequences of 2 to 32 keys: one invocation each sorts its sequence whole (one pass), equal
// to a stable sort for every pattern, with and without values, in a count of sequences that is
// no multiple of the workgroup's.
TEST_F(Radix, ManyShortSequencesSortWholeInOnePassLikeStableSort) {
  auto sorter = makeSorter({});
  const std::uint32_t many = RadixSorterTestAccess::kWorkgroupSortMinSequences;
  for (std::uint32_t length : {2u, 3u, 5u, 17u, 31u, radix::kMaxShortSequenceLength})
    for (Pattern pattern : {Pattern::Random, Pattern::Sorted, Pattern::Reversed, Pattern::FewUnique, Pattern::AllEqual})
      for (bool values : {false, true}) {
        SCOPED_TRACE("length " + std::to_string(length) + " pattern " + std::to_string(static_cast<int>(pattern)) +
                     (values ? " with values" : ""));
        const SortData keys = makeSequences(pattern, many * 3 + 7, length, length);
        const SortData input = values ? withIndexValues(keys) : keys;
        const SortData result = sortWith(*sorter, input);
        const SortData expected = referenceStableSort(input);
        ASSERT_EQ(result.keys, expected.keys);
        ASSERT_EQ(result.values, expected.values);
        if (sorter->passCount() == 0) continue;  // all equal: nothing differs
        EXPECT_EQ(sorter->pipelineName(), "fast/short-sequences");
        EXPECT_EQ(sorter->passCount(), 1u);
        EXPECT_NE(sorter->describePass(0).find("by insertion"), std::string::npos);
        EXPECT_FALSE(sorter->digitPlace(0).has_value());
      }
  // One key longer, or too few sequences: digit passes as before.
  sorter->load(makeSequences(Pattern::Random, many, radix::kMaxShortSequenceLength + 1));
  EXPECT_EQ(sorter->pipelineName(), "fast/workgroup-per-sequence");
  sorter->load(makeSequences(Pattern::Random, many - 1, 5));
  EXPECT_EQ(sorter->pipelineName(), "fast/chained");
  // Bits that do not differ are not compared: keys equal in the differing bits keep their order.
  std::vector<std::uint32_t> keys(many * 4);
  for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<std::uint32_t>((keys.size() - i) % 3);
  SortData twoBits = withIndexValues(makeSequences(Pattern::Random, many, 4));
  twoBits.keys = keys;
  EXPECT_EQ(sortWith(*sorter, twoBits).values, referenceStableSort(twoBits).values);
}

TEST_F(Radix, AutomaticPipelineFollowsSequenceCountLengthAndTotalSize) {
  auto automatic = makeSorter({});
  auto pipelineFor = [&](RadixSorter& sorter, std::uint32_t sequences, std::uint32_t length) {
    sorter.load(makeSequences(Pattern::Random, sequences, length));
    return sorter.pipelineName();
  };
  const std::uint32_t many = RadixSorterTestAccess::kWorkgroupSortMinSequences;
  EXPECT_EQ(pipelineFor(*automatic, many, 1000), "fast/workgroup-per-sequence");
  EXPECT_EQ(pipelineFor(*automatic, many, 32768), "fast/workgroup-per-sequence");
  // Too few sequences to fill a GPU, or too long ones: partitioned, chained at every size.
  EXPECT_EQ(pipelineFor(*automatic, many - 1, 1000), "fast/chained");
  EXPECT_EQ(pipelineFor(*automatic, 1, 27648), "fast/chained");
  EXPECT_EQ(pipelineFor(*automatic, 8, 32769), "fast/chained");
  EXPECT_EQ(pipelineFor(*automatic, 1, (1u << 20) + 1), "fast/chained");
  auto smallChained = makeSorter({{"chained-max", 5000}});
  EXPECT_EQ(pipelineFor(*smallChained, 1, 5000), "fast/chained");
  EXPECT_EQ(pipelineFor(*smallChained, 1, 5001), "fast/portable");
  EXPECT_EQ(pipelineFor(*smallChained, 2, 2501), "fast/portable") << "the limit counts keys in all";
  auto never = makeSorter({{"workgroup-sort-max", 0}, {"chained-max", 0}});
  EXPECT_EQ(pipelineFor(*never, many, 100), "fast/portable");
  // Status words beyond one storage block (4 passes x 256 digits per partition of 32 keys): auto
  // takes reduce-then-scan; just under, still chained.
  auto tiny = makeSorter({{"workgroup-size", 32}, {"keys-per-thread", 1}});
  const auto maxWords = static_cast<std::uint32_t>(testLimits().maxShaderStorageBlockSize / 4);
  const std::uint32_t fittingParts = maxWords / (4 * 256);
  EXPECT_EQ(pipelineFor(*tiny, 1, fittingParts * 32), "fast/chained");
  EXPECT_EQ(pipelineFor(*tiny, 1, fittingParts * 32 + 1), "fast/portable");
  // Each of those sorts right.
  for (auto* sorter : {automatic.get(), smallChained.get(), never.get()}) {
    const SortData input = withIndexValues(makeSequences(Pattern::Random, 3, 3001));
    EXPECT_EQ(sortWith(*sorter, input).values, referenceStableSort(input).values) << sorter->pipelineName();
  }
}

// An image sorted by an 8-bit key (a colour channel): 256 columns of 192 pixels.
SortData eightBitImage() {
  SortData image;
  image.sequenceCount = 256;
  image.sequenceLength = 192;
  image.values = randomWords(std::size_t{256} * 192, 5);  // RGBA pixels
  for (std::uint32_t pixel : image.values) image.keys.push_back(pixel & 0xFFu);
  return image;
}

TEST_F(Radix, EightBitImageKeysTakeTwoTeachingPassesAndOneFastPass) {
  const SortData image = eightBitImage();
  auto teaching = makeSorter({}, /*teaching=*/true);
  const SortData taught = sortWith(*teaching, image);
  EXPECT_EQ(teaching->passCount(), 2u);
  EXPECT_EQ(verifySorted(image, taught), "");
  EXPECT_EQ(taught.values, referenceStableSort(image).values);
  EXPECT_NE(teaching->describePass(0).find("flag scans"), std::string::npos);
  EXPECT_NE(teaching->describePass(1).find("bits 4-7"), std::string::npos);

  auto fast = makeSorter({});
  const SortData sorted = sortWith(*fast, image);
  EXPECT_EQ(fast->passCount(), 1u);
  EXPECT_EQ(sorted.values, taught.values);
}

TEST_F(Radix, SkipsDigitPlacesWhereAllKeysAgree) {
  std::vector<std::uint32_t> keys = randomWords(500, 9);
  for (auto& key : keys) key = 0x12000034u | (key & 0x0000FF00u);  // only bits 8-15 differ
  auto sorter = makeSorter({});
  const SortData input = withIndexValues(singleSequence(keys));
  EXPECT_EQ(sortWith(*sorter, input).values, referenceStableSort(input).values);
  ASSERT_EQ(sorter->passCount(), 1u);
  EXPECT_NE(sorter->describePass(0).find("bits 8-15"), std::string::npos);
}

// The default (automatic) partition shape of sorts above 2^16 keys, 512 x 10 where it fits (256 x
// 10 on llvmpipe), at sizes around whole partitions: entropy-reduced keys (AND of 1-4 random
// words), all-equal and few-valued keys, values travelling with their keys.
TEST_F(Radix, DefaultPartitionBoundariesAboveTwoToTheSixteenMatchStableSort) {
  auto sorter = makeSorter({});
  sorter->load(singleSequence(randomWords((1u << 16) + 1, 3)));
  ASSERT_EQ(sorter->pipelineName(), "fast/chained");
  const std::uint32_t p = RadixSorterTestAccess::partitionSize(*sorter);
  ASSERT_TRUE(p == 5120u || p == 2560u) << p;
  const std::uint32_t whole = ((1u << 16) / p + 1) * p;  // the first multiple of p above 2^16
  for (std::uint32_t size : {whole - 1, whole, whole + 1, whole + p + 1}) {
    for (int anded : {1, 2, 3, 4}) {
      SCOPED_TRACE("size " + std::to_string(size) + ", AND of " + std::to_string(anded) + " words");
      const SortData input = withIndexValues(singleSequence(randomWords(size, size + anded, anded)));
      const SortData result = sortWith(*sorter, input);
      ASSERT_EQ(RadixSorterTestAccess::partitionSize(*sorter), p);
      ASSERT_EQ(result.values, referenceStableSort(input).values);
    }
    std::vector<std::uint32_t> fewValues = randomWords(size, size, 1);
    for (auto& key : fewValues) key = key % 3 == 0 ? 0x8000u : 7u;  // two values, differing in two places
    for (const SortData& input : {withIndexValues(singleSequence(std::vector<std::uint32_t>(size, 42u))),
                                  withIndexValues(singleSequence(fewValues))}) {
      SCOPED_TRACE("size " + std::to_string(size) + ", equal or two-valued keys");
      ASSERT_EQ(sortWith(*sorter, input).values, referenceStableSort(input).values);
    }
  }
}

// Auto publishes the digit counts before ranking from 128 partitions up to 2048 for keys and 512
// for pairs (radix/layout.h), and the kernels are rebuilt when a new input crosses those bounds;
// on and off hold at any count.
TEST_F(Radix, AutomaticEarlyCountsFollowThePartitionCountAndValues) {
  const std::map<std::string, int, std::less<>> small = {{"scan", 2}, {"workgroup-size", 32}, {"keys-per-thread", 2}};
  auto earlyCountsDefine = [](const RadixSorter& sorter) {
    const std::string preamble = RadixSorterTestAccess::kernelDefines(sorter, radix::BallotKind::Shared, radix::kCoreSubgroupWidth).preamble();
    if (preamble.find("#define EARLY_COUNTS 1\n") != std::string::npos) return 1;
    return preamble.find("#define EARLY_COUNTS 0\n") != std::string::npos ? 0 : -1;
  };
  auto sorter = makeSorter(small);
  struct Case {
    std::uint32_t partitions;
    bool pairs;
    int expected;
  };
  for (const Case& test : {Case{127, false, 0}, Case{128, false, 1}, Case{2048, false, 1}, Case{2049, false, 0},
                           Case{128, true, 1}, Case{512, true, 1}, Case{513, true, 0}, Case{300, false, 1}}) {
    SCOPED_TRACE(std::to_string(test.partitions) + " partitions" + (test.pairs ? ", pairs" : ", keys"));
    SortData input = singleSequence(randomWords(test.partitions * 64 - 1, test.partitions));
    if (test.pairs) input = withIndexValues(input);
    const SortData result = sortWith(*sorter, input);
    ASSERT_EQ(RadixSorterTestAccess::partitionSize(*sorter), 64u);
    EXPECT_EQ(earlyCountsDefine(*sorter), test.expected);
    // The kernel that ran was built with it (a stale one would sort right, only slower).
    EXPECT_NE(RadixSorterTestAccess::chainedDownsweepDefines(*sorter).find("#define EARLY_COUNTS " + std::to_string(test.expected) + "\n"),
              std::string::npos);
    const SortData want = referenceStableSort(input);
    EXPECT_EQ(result.keys, want.keys);
    EXPECT_EQ(result.values, want.values);
  }
  for (auto [word, expected] : {std::pair{RadixSettings::kEarlyCountsOn, 1}, {RadixSettings::kEarlyCountsOff, 0}}) {
    auto settings = small;
    settings["early-counts"] = word;
    auto fixed = makeSorter(settings);
    for (std::uint32_t partitions : {2u, 300u, 3000u}) {
      fixed->load(singleSequence(randomWords(partitions * 64, partitions)));
      EXPECT_EQ(earlyCountsDefine(*fixed), expected) << word << ", " << partitions << " partitions";
    }
  }
}

// The chained scan zeroes its look-back status words and tickets in the first pass's kernels
// (no buffer clear per sort) and leaves the histograms zeroed for the next sort: a sort over
// leftovers that claim to be published prefixes, then the same sort again, then another input.
// Where workgroups run one after another (llvmpipe) every predecessor has written its status
// before a successor reads it, so a status word left over would not change the output there:
// the words themselves are checked after each of the first pass's kernels (each check seen to
// fail with that kernel's zeroing cut short).
TEST_F(Radix, ChainedSortsZeroTheirOwnLookBackState) {
  auto sorter = makeSorter({{"scan", 2}, {"workgroup-size", 32}, {"keys-per-thread", 2}});
  std::string notZeroed;
  auto nonZero = [](const std::vector<std::uint32_t>& words) {
    return std::count_if(words.begin(), words.end(), [](std::uint32_t word) { return word != 0; });
  };
  // One sequence: the histogram kernel's last workgroup works out the digit starts and zeroes
  // what digit_starts.comp zeroes for many sequences; after it, nothing is left for a later sort.
  std::string_view zeroingStep;
  sorter->observeSteps([&](std::string_view step, std::uint64_t) {
    const RadixSorterTestAccess::ChainedState state = RadixSorterTestAccess::readChainedState(*sorter);
    if (step == "histogram" && nonZero(state.status) != 0)
      notZeroed += std::to_string(nonZero(state.status)) + " status words after the histogram; ";
    if (step == zeroingStep && nonZero(state.tickets) + nonZero(state.histograms) != 0)
      notZeroed += std::to_string(nonZero(state.tickets)) + " tickets and " + std::to_string(nonZero(state.histograms)) +
                   " histogram counts after the " + std::string(step) + "; ";
  });
  for (std::uint32_t sequences : {1u, 3u}) {
    zeroingStep = sequences == 1 ? "histogram" : "digit-starts";
    for (std::uint32_t seed : {21u, 22u}) {
      SortData input = withIndexValues(singleSequence(randomWords(999, seed)));
      input.sequenceCount = sequences;
      input.sequenceLength = 999 / sequences;
      const SortData want = referenceStableSort(input);
      sorter->load(input);
      ASSERT_EQ(sorter->pipelineName(), "fast/chained");
      ASSERT_EQ(sorter->passCount(), 4u);
      // Flag "inclusive prefix" (2 in the top two bits) with value 1: a predecessor that never
      // wrote its status would look finished, and the ticket counts would start past 0.
      RadixSorterTestAccess::fillChainedState(*sorter, 0x80000001u);
      sorter->runAll();
      EXPECT_EQ(sorter->read().values, want.values) << sequences << " sequences, seed " << seed << ", over leftover state";
      sorter->restart();
      sorter->runAll();
      EXPECT_EQ(sorter->read().values, want.values) << sequences << " sequences, seed " << seed << ", sorted again";
    }
  }
  EXPECT_EQ(notZeroed, "");
}

TEST_F(Radix, SeekingStopsAfterEachDigitPass) {
  // After pass k the keys are ordered by their lowest k digits, stably.
  const SortData input = withIndexValues(singleSequence(randomWords(700, 11)));
  for (bool teaching : {false, true}) {
    auto sorter = makeSorter({}, teaching);
    sorter->load(input);
    const std::uint32_t bits = teaching ? 4 : 8;
    for (std::uint32_t pass = 1; pass <= sorter->passCount(); ++pass) {
      sorter->seek(pass);
      const std::uint64_t mask = (std::uint64_t{1} << (bits * pass)) - 1;
      std::vector<std::uint32_t> order(input.size());
      std::iota(order.begin(), order.end(), 0u);
      std::stable_sort(order.begin(), order.end(),
                       [&](std::uint32_t a, std::uint32_t b) { return (input.keys[a] & mask) < (input.keys[b] & mask); });
      EXPECT_EQ(sorter->read().values, order) << (teaching ? "teaching" : "fast") << " after pass " << pass;
    }
  }
}

// What went wrong in a pass, in words: the figures that tell a race from a miscount.
std::string describeWrongPass(const std::vector<std::uint32_t>& got, const std::vector<std::uint32_t>& want,
                              const std::vector<std::uint32_t>& keys, std::uint32_t partition, std::uint32_t shift) {
  std::size_t wrong = 0, first = got.size();
  std::set<std::size_t> outputBlocks, inputPartitions;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] == want[i]) continue;
    if (wrong++ == 0) first = i;
    outputBlocks.insert(i / partition);
    if (got[i] < keys.size()) inputPartitions.insert(got[i] / partition);
  }
  if (wrong == 0) return "";
  std::vector<std::uint32_t> sorted = got;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::uint32_t> identity(got.size());
  std::iota(identity.begin(), identity.end(), 0u);
  auto digit = [&](std::uint32_t index) { return index < keys.size() ? (keys[index] >> shift) & 0xFFu : 0xFFFFFFFFu; };
  std::ostringstream text;
  text << wrong << " of " << got.size() << " positions wrong (" << (sorted == identity ? "a permutation" : "not a permutation")
       << "), in " << outputBlocks.size() << " output blocks (" << *outputBlocks.begin() << " .. " << *outputBlocks.rbegin()
       << "), from " << inputPartitions.size() << " input partitions (" << (inputPartitions.empty() ? 0 : *inputPartitions.begin())
       << " .. " << (inputPartitions.empty() ? 0 : *inputPartitions.rbegin()) << "); first at " << first << ": key of input "
       << got[first] << " (digit " << digit(got[first]) << ") where input " << want[first] << " (digit " << digit(want[first])
       << ") belongs";
  return text.str();
}

TEST_F(Radix, ProductionPartitionsAreRightAfterEveryPass) {
  // The fast pipeline with its real partition sizes over many partitions, checked pass by pass
  // with a message that says how a pass went wrong. Keys-per-thread 15 gave wrong output on an
  // NVIDIA H200 at 2^23 and 2^24 keys (never on llvmpipe); these sizes reach that on a real GPU.
  const bool software = testLimits().isSoftwareRenderer();
  const std::vector<std::size_t> sizes =
      software ? std::vector<std::size_t>{(1u << 16) + 5} : std::vector<std::size_t>{1u << 23, 1u << 24, (1u << 24) + 3};
  for (std::size_t size : sizes) {
    const SortData input = withIndexValues(singleSequence(randomWords(size, 29)));
    // What each pass must leave: the input's indices, stably counting-sorted by one more digit.
    std::vector<std::vector<std::uint32_t>> expected(4);
    std::vector<std::uint32_t> order(size);
    std::iota(order.begin(), order.end(), 0u);
    for (std::uint32_t pass = 0; pass < 4; ++pass) {
      std::vector<std::size_t> starts(257, 0);
      for (std::uint32_t index : order) ++starts[((input.keys[index] >> (8 * pass)) & 0xFFu) + 1];
      std::partial_sum(starts.begin(), starts.end(), starts.begin());
      expected[pass].resize(size);
      for (std::uint32_t index : order) expected[pass][starts[(input.keys[index] >> (8 * pass)) & 0xFFu]++] = index;
      order = expected[pass];
    }
    for (const auto& settings : std::vector<std::map<std::string, int, std::less<>>>{
             {{"scan", 1}}, {{"scan", 1}, {"keys-per-thread", 15}}, {{"scan", 1}, {"keys-per-thread", 15}, {"ballot", 1}},
             {{"scan", 2}}}) {
      std::string name = "n=" + std::to_string(size);
      for (const auto& [setting, value] : settings) name += " " + setting + "=" + std::to_string(value);
      auto sorter = makeSorter(settings);
      sorter->load(input);
      ASSERT_EQ(sorter->passCount(), 4u);
      // Auto: 512 x 10 where that fits the GPU's shared memory (256 x 10 on llvmpipe); an explicit
      // keys-per-thread keeps 256-wide workgroups.
      const std::uint32_t partition = RadixSorterTestAccess::partitionSize(*sorter);
      if (settings.contains("keys-per-thread"))
        ASSERT_EQ(partition, 256u * 15u) << name;
      else
        ASSERT_TRUE(partition == 5120u || partition == 2560u) << name << ": " << partition;
      // The portable scan's counters after its count and after its prefix sum (which the
      // downsweep only reads), against counts of the state the pass reads.
      const std::uint32_t parts = static_cast<std::uint32_t>((size + partition - 1) / partition);
      std::vector<std::uint32_t> wantCounts, wantPrefix;
      std::string stepsWrong;
      sorter->observeSteps([&](std::string_view step, std::uint64_t) {
        const std::vector<std::uint32_t>* want = step == "upsweep" ? &wantCounts : step == "downsweep" && settings.at("scan") == 1 ? &wantPrefix : nullptr;
        if (!want) return;
        const std::vector<std::uint32_t> got = sorter->readCounters();
        std::size_t wrong = 0, first = 0;
        for (std::size_t i = 0; i < want->size(); ++i)
          if (i >= got.size() || got[i] != (*want)[i]) { if (wrong++ == 0) first = i; }
        if (wrong != 0)
          stepsWrong += std::string(step) + ": " + std::to_string(wrong) + " counters wrong, first digit " +
                        std::to_string(first / parts) + " partition " + std::to_string(first % parts) + " got " +
                        std::to_string(first < got.size() ? got[first] : 0) + " want " + std::to_string((*want)[first]) + "; ";
      });
      for (std::uint32_t pass = 0; pass < 4; ++pass) {
        wantCounts.assign(std::size_t{parts} * 256, 0);
        for (std::size_t i = 0; i < size; ++i) {
          const std::uint32_t index = pass == 0 ? static_cast<std::uint32_t>(i) : expected[pass - 1][i];
          ++wantCounts[((input.keys[index] >> (8 * pass)) & 0xFFu) * parts + i / partition];
        }
        // After the prefix sum: where each partition's keys of each digit go in the output,
        // i.e. the matrix (digit-major) exclusively prefix-summed as one array.
        wantPrefix.resize(wantCounts.size());
        std::exclusive_scan(wantCounts.begin(), wantCounts.end(), wantPrefix.begin(), 0u);
        stepsWrong.clear();
        sorter->runPass();
        const std::string wrong = describeWrongPass(sorter->read().values, expected[pass], input.keys, partition, 8 * pass);
        EXPECT_EQ(wrong, "") << name << ", pass " << pass + 1 << " (" << sorter->rankingName() << ")"
                             << (stepsWrong.empty() ? "; the counters were right" : "; " + stepsWrong);
        EXPECT_TRUE(stepsWrong.empty()) << name << ", pass " << pass + 1 << ": " << stepsWrong;
        if (!wrong.empty()) break;
      }
    }
  }
}

// More partitions than 65535 workgroups fit in one grid row, on each pipeline. Two tests, short
// sequences and one long one, that ctest runs side by side (together they took 46 s on llvmpipe).
// The limit of one grid row, or 0 where the GPU dispatches so many groups in one row (NVIDIA:
// 2^31 - 1) that dispatchLinear never needs a second row: an input that would need one (2^36
// keys) exceeds radix's own limit.
std::uint32_t oneGridRowOrZero() {
  const std::uint32_t maxX = static_cast<std::uint32_t>(testLimits().maxComputeWorkGroupCount[0]);
  return maxX > (1u << 20) ? 0 : maxX;
}

TEST_F(Radix, GridsBeyondOneDimensionOfWorkgroupsForShortSequences) {
  const std::uint32_t maxX = oneGridRowOrZero();
  if (maxX == 0) GTEST_SKIP() << "this GPU dispatches more than 2^20 groups in one row";
  SortData shortRows;
  shortRows.sequenceCount = maxX + 2;
  shortRows.sequenceLength = 2;
  shortRows.keys = randomWords(std::size_t{shortRows.sequenceCount} * 2, 3);
  for (auto& key : shortRows.keys) key &= 0xF0u;  // one 4-bit digit pass
  // scan 3 forces one workgroup per sequence (auto gives rows of 2 keys to the short kernel).
  for (const auto& [bits, pipeline] : {std::pair{8, "fast/workgroup-per-sequence"}, std::pair{4, "classic"}}) {
    auto sorter = makeSorter({{"workgroup-size", 32}, {"keys-per-thread", 1}, {"radix-bits", bits}, {"scan", bits == 8 ? 3 : 0}});
    EXPECT_EQ(verifySorted(shortRows, sortWith(*sorter, shortRows)), "") << pipeline;
    EXPECT_EQ(sorter->pipelineName(), pipeline) << "sequences of 2 keys, " << bits << "-bit digits";
  }
  // Auto gives the same rows to the short kernel: a grid of (maxX + 2) / 64 workgroups. Past a
  // row of them would take 2^22 sequences, beyond what the classic fallback's limit check admits.
  auto automatic = makeSorter({});
  EXPECT_EQ(verifySorted(shortRows, sortWith(*automatic, shortRows)), "") << "short sequences";
  EXPECT_EQ(automatic->pipelineName(), "fast/short-sequences");
}

TEST_F(Radix, GridsBeyondOneDimensionOfWorkgroupsInOneSequence) {
  const std::uint32_t maxX = oneGridRowOrZero();
  if (maxX == 0) GTEST_SKIP() << "this GPU dispatches more than 2^20 groups in one row";
  // One digit pass (8-bit keys) keeps this affordable on llvmpipe.
  std::vector<std::uint32_t> keys = randomWords(std::size_t{maxX + 2} * 32, 4);
  for (auto& key : keys) key &= 0xFFu;
  const SortData longRow = withIndexValues(singleSequence(keys));
  for (int scan : {1, 2}) {
    auto fast = makeSorter({{"workgroup-size", 32}, {"keys-per-thread", 1}, {"scan", scan}});
    EXPECT_EQ(sortWith(*fast, longRow).values, referenceStableSort(longRow).values) << "scan " << scan;
  }
}

TEST_F(Radix, DescribesEachPipelinesPass) {
  const SortData input = singleSequence(randomWords(5000, 17));
  auto portable = makeSorter({{"scan", 1}});
  portable->load(input);
  EXPECT_EQ(portable->describePass(0),
            "pass 0 of 0-3, bits 0-7: digit counts, prefix sum, rank and scatter; smaller digits first");
  auto chained = makeSorter({{"scan", 2}});
  chained->load(input);
  EXPECT_NE(chained->describePass(0).find("histograms of all places"), std::string::npos) << chained->describePass(0);
  EXPECT_EQ(chained->describePass(1).find("histograms"), std::string::npos) << chained->describePass(1);
  EXPECT_NE(chained->describePass(1).find("look-back"), std::string::npos) << chained->describePass(1);
  auto teaching = makeSorter({}, /*teaching=*/true);
  teaching->load(input);
  EXPECT_EQ(teaching->describePass(7), "pass 7 of 0-7, bits 28-31: flag scans, counter prefix sum, scatter; smaller digits first");
  EXPECT_EQ(teaching->describePass(8), "no pass 8: the keys are sorted");
}

TEST_F(Radix, RejectsUnknownSettingsAndUnusableValues) {
  const std::vector<std::map<std::string, int, std::less<>>> bad = {
      {{"digits", 8}},         {{"radix-bits", 6}},      {{"workgroup-size", 48}}, {{"workgroup-size", 16}},
      {{"keys-per-thread", -1}}, {{"scan", 4}},            {{"ballot", 3}},          {{"ballot", -1}},
      {{"workgroup-size", 1024}, {"keys-per-thread", 32}},  // far beyond shared memory
  };
  for (const auto& settings : bad) EXPECT_THROW(makeSorter(settings), UserError) << settings.begin()->first;
  EXPECT_THROW(makeSorter({{"radix-bits", 8}}, /*teaching=*/true), UserError);
  EXPECT_NO_THROW(makeSorter({{"radix-bits", 4}}, /*teaching=*/true));
  // The match instruction is refused, naming the extension, where the driver lacks it.
  if (!testLimits().hasExtension("GL_NV_shader_subgroup_partitioned")) {
    try {
      makeSorter({{"ballot", 2}});
      ADD_FAILURE() << "ballot 2 was accepted without GL_NV_shader_subgroup_partitioned";
    } catch (const UserError& error) {
      EXPECT_NE(std::string(error.what()).find("GL_NV_shader_subgroup_partitioned"), std::string::npos) << error.what();
    }
  } else {
    EXPECT_NO_THROW(makeSorter({{"ballot", 2}}));
  }
}

// The words --set takes for scan and ballot (found as the command line finds them) choose what
// their numbers choose.
TEST_F(Radix, ScanAndBallotWordsChooseWhatTheirNumbersDo) {
  auto valueOf = [](std::string_view setting, std::string_view word) {
    for (const NamedValue& named : namedSettingValues(setting))
      if (named.word == word) return named.value;
    ADD_FAILURE() << "no word '" << word << "' for " << setting;
    return -1;
  };
  const SortData input = withIndexValues(makeSequences(Pattern::Random, 80, 300));  // many short sequences
  const std::pair<const char*, int> scans[] = {{"auto", 0}, {"portable", 1}, {"chained", 2}, {"workgroup", 3}};
  for (const auto& [word, number] : scans) {
    EXPECT_EQ(valueOf("scan", word), number) << word;
    auto named = makeSorter({{"scan", valueOf("scan", word)}});
    auto numbered = makeSorter({{"scan", number}});
    named->load(input);
    numbered->load(input);
    EXPECT_EQ(named->pipelineName(), numbered->pipelineName()) << word;
    EXPECT_EQ(sortWith(*named, input).values, referenceStableSort(input).values) << word;
  }
  auto portable = makeSorter({{"scan", valueOf("scan", "portable")}});
  portable->load(input);
  EXPECT_EQ(portable->pipelineName(), "fast/portable");
  auto workgroup = makeSorter({{"scan", valueOf("scan", "workgroup")}});
  workgroup->load(input);
  EXPECT_EQ(workgroup->pipelineName(), "fast/workgroup-per-sequence");
  auto chained = makeSorter({{"scan", valueOf("scan", "chained")}});
  chained->load(input);
  EXPECT_EQ(chained->pipelineName(), "fast/chained");

  const std::pair<const char*, int> ballots[] = {{"auto", 0}, {"off", 1}, {"match", 2}};
  for (const auto& [word, number] : ballots) EXPECT_EQ(valueOf("ballot", word), number) << word;
  auto off = makeSorter({{"ballot", valueOf("ballot", "off")}});
  EXPECT_EQ(off->rankingName(), "shared memory");
  EXPECT_EQ(off->rankingName(), makeSorter({{"ballot", 1}})->rankingName());
}

TEST_F(Radix, TheRankingProbeRunsOncePerContext) {
  SortContext context;
  const RadixSorter first(context, {});
  const RadixSorter second(context, {});
  EXPECT_EQ(context.rankingCache().probed.size(), 1u);
  EXPECT_EQ(first.rankingName(), second.rankingName());
  EXPECT_EQ(first.subgroupWidth(), second.subgroupWidth());
  SorterOptions sharedMemory;
  sharedMemory.settings["ballot"] = RadixSettings::kBallotOff;
  const RadixSorter shared(context, sharedMemory);
  EXPECT_EQ(context.rankingCache().probed.size(), 2u);  // another setting, another probe
  EXPECT_EQ(shared.rankingName(), "shared memory");
}

TEST_F(Radix, AValueOutsideANamedSettingNamesTheWords) {
  SorterOptions options;
  options.settings["scan"] = 4;
  try {
    RadixSorter sorter(testSortContext(), options);
    ADD_FAILURE() << "scan 4 was accepted";
  } catch (const UserError& error) {
    EXPECT_EQ(std::string(error.what()), "radix: scan 4 must be auto (0), portable (1), chained (2) or workgroup (3)");
  }
}

// Each shader with the uniforms its kernel declares: compute::Kernel refuses a name the linked
// program lacks, so a list that names one too many (or misspells one) fails here, on every
// shader, whether or not a sort below reaches it (prefix_add.comp only runs for large matrices).
template <typename Uniforms>
void expectKernelBuilds(const char* path, const gl::ShaderDefines& defines) {
  try {
    const compute::Kernel<Uniforms> kernel(gl::ShaderSource(), path, defines);
    EXPECT_TRUE(static_cast<bool>(kernel)) << path;
  } catch (const std::exception& error) {
    ADD_FAILURE() << path << ": " << error.what();
  }
}

struct NoUniforms {
  static std::vector<compute::UniformField<NoUniforms>> fields() { return {}; }
};

TEST_F(Radix, EveryShaderBuildsAsAKernelWithTheUniformsItsStructDeclares) {
  using namespace radix;
  const SortData input = withIndexValues(makeSequences(Pattern::Random, 2, 500));
  auto teaching = makeSorter({}, /*teaching=*/true);
  teaching->load(input);
  ASSERT_EQ(teaching->pipelineName(), "classic");
  const gl::ShaderDefines classic = RadixSorterTestAccess::kernelDefines(*teaching, BallotKind::Shared, kCoreSubgroupWidth);
  expectKernelBuilds<DigitUniforms>("shaders/sort/radix/teach_block.comp", classic);
  expectKernelBuilds<CountUniforms>("shaders/sort/radix/teach_scan.comp", classic);
  expectKernelBuilds<CountUniforms>("shaders/sort/radix/teach_add.comp", classic);
  expectKernelBuilds<TeachScatterUniforms>("shaders/sort/radix/teach_scatter.comp", classic);

  auto fast = makeSorter({});
  fast->load(input);
  for (int hasValues : {0, 1}) {
    gl::ShaderDefines defines = RadixSorterTestAccess::kernelDefines(*fast, BallotKind::Shared, kCoreSubgroupWidth);
    defines.set("HAS_VALUES", hasValues);
    expectKernelBuilds<DigitUniforms>("shaders/sort/radix/upsweep.comp", defines);
    expectKernelBuilds<CountUniforms>("shaders/sort/radix/prefix_scan.comp", defines);
    expectKernelBuilds<CountUniforms>("shaders/sort/radix/prefix_add.comp", defines);
    expectKernelBuilds<DigitUniforms>("shaders/sort/radix/downsweep.comp", defines);
    expectKernelBuilds<HistogramUniforms>("shaders/sort/radix/histogram.comp", defines);
    expectKernelBuilds<DigitStartsUniforms>("shaders/sort/radix/digit_starts.comp", defines);
    defines.set("CHAINED", 1);
    expectKernelBuilds<ChainedDownsweepUniforms>("shaders/sort/radix/downsweep.comp", defines);
  }
  expectKernelBuilds<SequenceSortUniforms>("shaders/sort/radix/sequence.comp",
                                           RadixSorterTestAccess::sequenceKernelDefines(*fast, BallotKind::Shared, kCoreSubgroupWidth, 64));
  expectKernelBuilds<ShortSequenceUniforms>(
      "shaders/sort/radix/short_sequences.comp",
      shortSequenceKernelDefines({.digitBits = 8, .ballotKind = BallotKind::Shared, .subgroupWidth = kCoreSubgroupWidth}));
  if (testLimits().hasArbShaderBallot) {
    gl::ShaderDefines probe = ballotDefines(BallotKind::Arb);
    probe.set("WORKGROUP_SIZE", 64).set("PROBE_BINDING", kProbeBinding);
    expectKernelBuilds<NoUniforms>("shaders/sort/radix/ballot_probe.comp", probe);
  }
}

// Each candidate the tuner may pick sorts (accepted was all this checked before; nothing was
// compiled): two sequences of an odd length past a partition, with values, stably.
TEST_F(Radix, TunableCandidatesSortHere) {
  const auto tunables = RadixSorter::tunables(testLimits());
  ASSERT_FALSE(tunables.empty());
  const SortData input = makeSequences(Pattern::FewUnique, 2, 5001);
  for (const Tunable& tunable : tunables) {
    EXPECT_FALSE(tunable.candidates.empty()) << tunable.name;
    for (int candidate : tunable.candidates) {
      SCOPED_TRACE(tunable.name + " " + std::to_string(candidate));
      auto sorter = makeSorter({{tunable.name, candidate}});
      EXPECT_EQ(sortsLikeStableSort(*sorter, input, true), "");
    }
  }
}

TEST_F(Radix, RefusesShapesBeyondTheStorageBlockLimit) {
  gl::Limits limits = testLimits();
  limits.maxShaderStorageBlockSize = 1 << 20;
  EXPECT_EQ(RadixSorter::whyCannotSort({1, 1 << 18, true}, limits), "");
  EXPECT_NE(RadixSorter::whyCannotSort({1, (1 << 18) + 1, true}, limits).find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"),
            std::string::npos);
  EXPECT_NE(RadixSorter::whyCannotSort({1u << 16, 1u << 15, false}, testLimits()).find("2^30"), std::string::npos);
}

// The rankings have one numbering, radix::BallotKind: BALLOT_KIND and the names the shaders
// compare it with are defined from its table, and no shader compares BALLOT_KIND with a number.
TEST_F(Radix, BallotKindsReachTheShadersByNameFromOneTable) {
  using namespace radix;
  for (const BallotKindFacts& facts : kBallotKinds) {
    const std::string preamble = ballotDefines(facts.kind).preamble();
    EXPECT_NE(preamble.find("#define BALLOT_KIND " + std::string(facts.define) + "\n"), std::string::npos) << preamble;
    for (const BallotKindFacts& other : kBallotKinds)
      EXPECT_NE(preamble.find("#define " + std::string(other.define) + " " +
                              std::to_string(static_cast<int>(other.kind)) + "\n"),
                std::string::npos)
          << preamble;
    EXPECT_EQ(rankingName(facts.kind), facts.name);
  }
  const std::regex numbered(R"(BALLOT_KIND\s*[<>=!]=?\s*[0-9])");
  int shaders = 0;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(std::filesystem::path(SHADERSORT_SOURCE_DIR) / "shaders")) {
    if (!entry.is_regular_file()) continue;
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    EXPECT_FALSE(std::regex_search(text.str(), numbered)) << entry.path() << " compares BALLOT_KIND with a number";
    ++shaders;
  }
  EXPECT_GT(shaders, 10);
}

}  // namespace
}  // namespace shadersort::testing
