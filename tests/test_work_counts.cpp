// Work counting (issue 26): for every algorithm, the per-pass counts the instrumented shaders
// make on the GPU equal the CPU model's (sort/work_model.h) on small inputs and a 64x48 image's
// rows and columns; counting does not change the sort; counts of re-run passes replace the old
// ones; and the textbook figures.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <ostream>
#include <string>

#include "gl/program.h"
#include "sort/registry.h"
#include "sort/verify.h"
#include "sort/work_counter.h"
#include "sort/work_model.h"
#include "sort_test_support.h"

namespace shadersort {

void PrintTo(const WorkCounts& counts, std::ostream* out) {
  for (std::size_t i = 0; i < kWorkFieldCount; ++i)
    if (counts.counts[i] != 0) *out << workFieldName(static_cast<WorkField>(i)) << "=" << counts.counts[i] << " ";
}

namespace testing {
namespace {

struct Counted {
  std::string_view algorithm;
  bool teaching;  // the fast schedule with counting runs the teaching one: both are checked
  std::function<std::vector<WorkCounts>(const SortData&)> model;
};

void PrintTo(const Counted& counted, std::ostream* out) {
  *out << counted.algorithm << (counted.teaching ? " teaching" : " fast");
}

std::string countedName(const ::testing::TestParamInfo<Counted>& info) {
  std::string name(info.param.algorithm);
  for (char& c : name)
    if (c == '-') c = '_';
  return name + (info.param.teaching ? "_teaching" : "_fast");
}

std::unique_ptr<Sorter> countingSorter(const Counted& counted) {
  SorterOptions options;
  options.teaching = counted.teaching;
  options.countWork = true;
  return findAlgorithm(counted.algorithm).create(testSortContext(), options);
}

std::vector<SortData> smallInputs() {
  std::vector<SortData> inputs;
  for (std::uint32_t length : {1u, 2u, 3u, 7u, 16u, 31u, 33u, 64u})
    for (Pattern pattern : {Pattern::Random, Pattern::Sorted, Pattern::Reversed, Pattern::AllEqual, Pattern::FewUnique})
      inputs.push_back(makeSequences(pattern, 1, length, length));
  SortData keysOnly = makeSequences(Pattern::Random, 1, 33, 5);
  keysOnly.values.clear();
  inputs.push_back(keysOnly);
  return inputs;
}

std::string describe(const SortData& input) {
  return std::to_string(input.sequenceCount) + "x" + std::to_string(input.sequenceLength) +
         (input.hasValues() ? " key-value" : " keys");
}

// Every pass the sorter ran counted what the model counts.
void expectCountsMatch(const Sorter& sorter, const std::vector<WorkCounts>& model) {
  ASSERT_LE(sorter.passesRun(), model.size());
  for (std::uint32_t pass = 0; pass < sorter.passesRun(); ++pass) {
    SCOPED_TRACE("pass " + std::to_string(pass));
    const std::optional<WorkCounts> counted = sorter.workCounts(pass);
    ASSERT_TRUE(counted.has_value());
    EXPECT_EQ(*counted, model[pass]);
  }
  EXPECT_FALSE(sorter.workCounts(sorter.passesRun()).has_value());
}

void expectSortedAsStableSort(const Counted& counted, const SortData& input, const SortData& output) {
  const SortData reference = referenceStableSort(input);
  EXPECT_EQ(output.keys, reference.keys);
  if (findAlgorithm(counted.algorithm).stable) {
    EXPECT_EQ(output.values, reference.values);
  }
}

class WorkCounting : public ::testing::TestWithParam<Counted> {};

TEST_P(WorkCounting, GpuCountsPerPassEqualTheModelOnSmallInputs) {
  const auto sorter = countingSorter(GetParam());
  ASSERT_TRUE(sorter->canCountWork());
  for (const SortData& input : smallInputs()) {
    SCOPED_TRACE(describe(input));
    sorter->load(input);
    sorter->runAll();
    expectCountsMatch(*sorter, GetParam().model(input));
    expectSortedAsStableSort(GetParam(), input, sorter->read());
  }
}

TEST_P(WorkCounting, GpuCountsPerPassEqualTheModelOnAnImagesRowsAndColumns) {
  const auto sorter = countingSorter(GetParam());
  // 64x48: 48 rows of 64 pixels, or 64 columns of 48.
  for (const SortData& input : {makeSequences(Pattern::Random, 48, 64, 3), makeSequences(Pattern::Random, 64, 48, 4)}) {
    SCOPED_TRACE(describe(input));
    sorter->load(input);
    sorter->runAll();
    expectCountsMatch(*sorter, GetParam().model(input));
    expectSortedAsStableSort(GetParam(), input, sorter->read());
  }
}

// 300 sequences: radix's counter matrix (16 digits per sequence) spans two scan blocks, so its
// counter scan recurses and adds the block totals back (teach_add.comp's scan steps).
TEST_P(WorkCounting, GpuCountsPerPassEqualTheModelOnManyShortSequences) {
  const auto sorter = countingSorter(GetParam());
  const SortData input = makeSequences(Pattern::FewUnique, 300, 5, 6);
  sorter->load(input);
  sorter->runAll();
  expectCountsMatch(*sorter, GetParam().model(input));
  expectSortedAsStableSort(GetParam(), input, sorter->read());
}

TEST_P(WorkCounting, PassesRunAgainReplaceTheirCounts) {
  const auto sorter = countingSorter(GetParam());
  const SortData input = makeSequences(Pattern::Reversed, 3, 31, 9);
  const std::vector<WorkCounts> model = GetParam().model(input);
  sorter->load(input);
  sorter->seek(4);
  const std::unique_ptr<Checkpoint> saved = sorter->checkpoint();
  sorter->runAll();
  sorter->restart();
  sorter->seek(2);
  expectCountsMatch(*sorter, model);
  sorter->resume(*saved);
  sorter->runAll();
  expectCountsMatch(*sorter, model);
}

INSTANTIATE_TEST_SUITE_P(EveryAlgorithm, WorkCounting,
                         ::testing::Values(Counted{"odd-even", true, oddEvenWorkModel},
                                           Counted{"odd-even", false, oddEvenWorkModel},
                                           Counted{"frag-odd-even", false, fragOddEvenWorkModel},
                                           Counted{"bitonic", true, bitonicWorkModel},
                                           Counted{"bitonic", false, bitonicWorkModel},
                                           Counted{"bitonic-classic", false, bitonicClassicWorkModel},
                                           Counted{"radix", true, [](const SortData& input) { return radixWorkModel(input); }},
                                           Counted{"radix", false, [](const SortData& input) { return radixWorkModel(input); }}),
                         countedName);

TEST(WorkCountingOff, SortersBuiltWithoutCountingCountNothing) {
  for (const AlgorithmInfo& algorithm : algorithms()) {
    SCOPED_TRACE(std::string(algorithm.name));
    const auto sorter = algorithm.create(testSortContext(), SorterOptions{});
    sorter->load(makeSequences(Pattern::Random, 1, 16, 1));
    sorter->runAll();
    EXPECT_FALSE(sorter->canCountWork());
    EXPECT_FALSE(sorter->workCounts(0).has_value());
  }
}

// Radix's shared traffic worked out by hand for the default classic pipeline (workgroup 256, so
// Blelloch scans over 512 slots, 511 tree nodes): a scan reads 2 x 511 (up-sweep adds) + 256
// (every invocation reads the total) + 2 x 511 (down-sweep) slots and writes 511 + 1 (root) +
// 2 x 511 slots. teach_block runs two scans of 4-word slots per block and writes their 512 flags
// before each; each key reads its offset back once. teach_scan writes, scans and reads back one
// block of 512 counter sums.
TEST(WorkModel, RadixSharedTrafficIsBlellochsScansCountedByHand) {
  constexpr std::uint64_t scanReads = 2 * 511 + 256 + 2 * 511, scanWrites = 511 + 1 + 2 * 511;
  constexpr std::uint64_t blockReads = 2 * scanReads * 4, blockWrites = 2 * (scanWrites + 512) * 4;
  constexpr std::uint64_t counterReads = scanReads + 512, counterWrites = scanWrites + 512;
  const std::vector<WorkCounts> one = radixWorkModel(makeSequences(Pattern::Random, 1, 16, 3));
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(one[0][WorkField::SharedReads], blockReads + 16 * 4 + counterReads);
  EXPECT_EQ(one[0][WorkField::SharedWrites], blockWrites + counterWrites);
  // 48 rows, a block each; their 48 x 16 counters fit one scan block.
  const std::vector<WorkCounts> rows = radixWorkModel(makeSequences(Pattern::Random, 48, 64, 3));
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(rows[0][WorkField::SharedReads], 48 * blockReads + 48 * 64 * 4 + counterReads);
  EXPECT_EQ(rows[0][WorkField::SharedWrites], 48 * blockWrites + counterWrites);
  // The other teaching kernels keep keys in global memory.
  for (const auto& model : {oddEvenWorkModel, fragOddEvenWorkModel, bitonicWorkModel})
    for (const WorkCounts& pass : model(makeSequences(Pattern::Random, 1, 16, 3))) {
      EXPECT_EQ(pass[WorkField::SharedReads], 0u);
      EXPECT_EQ(pass[WorkField::SharedWrites], 0u);
    }
}

// The GLSL preprocessor's output (glslangValidator -E) of `path` under `defines`.
std::string preprocessed(std::string_view path, const gl::ShaderDefines& defines) {
  const auto file = std::filesystem::temp_directory_path() / "shadersort_work_count_preprocess.comp";
  std::ofstream(file) << gl::expandedSource(gl::ShaderSource(), path, defines);
  const testing::ValidatorRun run = testing::runGlslangValidator({"-E", "-S", "comp"}, file.string());
  std::filesystem::remove(file);
  return run.output;
}

// Without COUNT_WORK the Blelloch kernels hold no trace of counting once preprocessed (no
// counter buffer, atomics or tallies), so the uncounted teaching path pays nothing.
TEST(WorkCountingOff, BlellochKernelsHoldNoCountingWithoutCountWork) {
  gl::ShaderDefines defines;
  defines.set("WORKGROUP_SIZE", "256u").set("RADIX_BITS", "4").set("SCAN_BLOCK", "2048u");
  for (std::string_view path : {"shaders/sort/radix/teach_block.comp", "shaders/sort/radix/teach_scan.comp"}) {
    SCOPED_TRACE(std::string(path));
    const std::string plain = preprocessed(path, defines);
    ASSERT_NE(plain.find("blellochExclusiveScan"), std::string::npos) << plain;
    for (std::string_view trace : {"b_workCounts", "atomicAdd", "sharedReads", "sharedWrites"})
      EXPECT_EQ(plain.find(trace), std::string::npos) << trace;
    gl::ShaderDefines counting = defines;
    counting.setAll(workCountDefines());
    const std::string counted = preprocessed(path, counting);
    for (std::string_view trace : {"b_workCounts", "sharedReads", "sharedWrites"})
      EXPECT_NE(counted.find(trace), std::string::npos) << trace;
  }
}

TEST(TextbookWork, FiguresOfEachAlgorithm) {
  EXPECT_EQ(textbookWork("odd-even", 16, 1)->value, 120u);
  EXPECT_EQ(textbookWork("frag-odd-even", 4, 3)->value, 18u);
  EXPECT_EQ(textbookWork("odd-even", 1, 1)->value, 0u);
  // 16 log2(16) (log2(16) + 1) / 4 = 16 * 4 * 5 / 4.
  EXPECT_EQ(textbookWork("bitonic", 16, 1)->value, 80u);
  EXPECT_EQ(textbookWork("bitonic", 16, 1)->note, "");
  EXPECT_EQ(textbookWork("bitonic", 2, 1)->value, 1u);
  // 12 keys run the network of 16.
  EXPECT_EQ(textbookWork("bitonic", 12, 2)->value, 160u);
  EXPECT_NE(textbookWork("bitonic", 12, 1)->note.find("16"), std::string::npos);
  EXPECT_EQ(textbookWork("radix", 20, 1, 8)->value, 160u);
  EXPECT_EQ(textbookWork("radix", 20, 1, 8)->field, WorkField::HistogramIncrements);
  EXPECT_EQ(textbookWork("radix", 4, 16, 8)->formula, "d x n = 8 x 4 x 16 sequences = 512");
  EXPECT_FALSE(textbookWork("no-such-sort", 20, 1).has_value());
}

// Adding an algorithm is adding a registry row: every row carries what the teaching views and
// the advice read (no list of names elsewhere to extend), and the advice order is unambiguous.
TEST(Registry, EveryRowCarriesItsTeachingFactsAndAdviceRank) {
  std::vector<int> ranks;
  for (const AlgorithmInfo& algorithm : algorithms()) {
    SCOPED_TRACE(std::string(algorithm.name));
    EXPECT_NE(algorithm.create, nullptr);
    EXPECT_NE(algorithm.whyCannotSort, nullptr);
    ASSERT_NE(algorithm.workModel, nullptr);
    ASSERT_NE(algorithm.textbookWork, nullptr);
    EXPECT_EQ(workModel(algorithm.name, singleSequence({3, 1, 2})), algorithm.workModel(singleSequence({3, 1, 2})));
    EXPECT_GT(algorithm.textbookWork({8, 1, 2}).value, 0u);
    ASSERT_NE(algorithm.pseudocode.listing, nullptr);
    EXPECT_FALSE(algorithm.pseudocode.listing({.algorithm = algorithm.name, .teaching = true, .pass = 0, .description = ""}).lines.empty());
    EXPECT_FALSE(algorithm.pseudocode.listing({.algorithm = algorithm.name, .teaching = false, .pass = 0, .description = ""}).lines.empty());
    if (algorithm.adviceRank > 0) ranks.push_back(algorithm.adviceRank);
  }
  std::sort(ranks.begin(), ranks.end());
  EXPECT_EQ(std::adjacent_find(ranks.begin(), ranks.end()), ranks.end()) << "two rows share an advice rank";
  EXPECT_EQ(findAlgorithm("radix").adviceRank, 1) << "the fewest passes over a large input";
  EXPECT_EQ(workModel("no-such-sort", singleSequence({1})), std::nullopt);
}

}  // namespace
}  // namespace testing
}  // namespace shadersort
