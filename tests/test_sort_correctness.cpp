// Every schedule of every registered algorithm against std::stable_sort: many sizes, every
// pattern, u32 / i32 / f32 keys, with and without values. Stable algorithms must match the
// stable sort exactly; unstable ones must give the same keys and a permutation of the pairs.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "data/patterns.h"
#include "sort/verify.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

struct RawSortCase {
  KeyType type;
  std::vector<std::uint32_t> keys, values;
};

// Sorts raw keys on the GPU exactly as `shadersort sort` does: encode, sort, decode.
void expectMatchesStableSort(const Schedule& schedule, const RawSortCase& raw) {
  std::vector<std::uint32_t> encoded = raw.keys;
  encodeKeys(raw.type, encoded);
  SortData result = sortOnGpu(schedule, singleSequence(encoded, raw.values));
  decodeKeys(raw.type, result.keys);

  const SortData expected = referenceRawSort(raw.type, raw.keys, raw.values);
  const std::vector<std::uint32_t>& expectedKeys = expected.keys;
  const std::vector<std::uint32_t>& expectedValues = expected.values;

  ASSERT_EQ(result.keys, expectedKeys);
  if (raw.values.empty()) return;
  if (schedule.algorithm->stable) {
    EXPECT_EQ(result.values, expectedValues);
  } else {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> got, want;
    for (std::size_t i = 0; i < result.size(); ++i) {
      got.emplace_back(result.keys[i], result.values[i]);
      want.emplace_back(expectedKeys[i], expectedValues[i]);
    }
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    EXPECT_EQ(got, want) << "key-value pairs are not a permutation of the input's";
  }
}

class SortCorrectness : public ::testing::TestWithParam<std::tuple<Schedule, std::size_t>> {};

TEST_P(SortCorrectness, MatchesStableSortForEveryPatternTypeAndValues) {
  const auto& [schedule, size] = GetParam();
  for (Pattern pattern : allPatterns()) {
    for (KeyType type : {KeyType::U32, KeyType::I32, KeyType::F32}) {
      for (bool withValues : {false, true}) {
        SCOPED_TRACE(std::string(patternName(pattern)) + " " + std::string(keyTypeName(type)) +
                     (withValues ? " with values" : " keys only"));
        RawSortCase raw{type, makeRawKeys(type, makePattern(pattern, size, 42 + size)), {}};
        if (withValues) {
          raw.values.resize(size);
          std::iota(raw.values.begin(), raw.values.end(), 0x1000u);  // distinct, so order shows
        }
        expectMatchesStableSort(schedule, raw);
        if (HasFatalFailure()) return;
      }
    }
  }
}

std::string caseName(const ::testing::TestParamInfo<std::tuple<Schedule, std::size_t>>& info) {
  return scheduleName({std::get<0>(info.param), info.index}) + "_n" + std::to_string(std::get<1>(info.param));
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, SortCorrectness,
                         ::testing::Combine(::testing::ValuesIn(allSchedules()),
                                            ::testing::Values(0, 1, 2, 3, 17, 256, 257, 1000)),
                         caseName);

class SortSpecials : public ::testing::TestWithParam<Schedule> {};

TEST_P(SortSpecials, FloatKeysFollowTotalOrder) {
  // +NaN, -inf, 1, -0, +0, -NaN, +inf, -1, a subnormal and its negative
  const std::vector<std::uint32_t> keys = {0x7FC00000u, 0xFF800000u, 0x3F800000u, 0x80000000u, 0x00000000u,
                                           0xFFC00000u, 0x7F800000u, 0xBF800000u, 0x00000001u, 0x80000001u};
  std::vector<std::uint32_t> encoded = keys;
  encodeKeys(KeyType::F32, encoded);
  SortData result = sortOnGpu(GetParam(), singleSequence(encoded));
  decodeKeys(KeyType::F32, result.keys);
  const std::vector<std::uint32_t> expected = {0xFFC00000u, 0xFF800000u, 0xBF800000u, 0x80000001u, 0x80000000u,
                                               0x00000000u, 0x00000001u, 0x3F800000u, 0x7F800000u, 0x7FC00000u};
  EXPECT_EQ(result.keys, expected);
}

TEST_P(SortSpecials, ManySequencesSortIndependently) {
  SortData input;
  input.sequenceCount = 37;
  input.sequenceLength = 29;
  for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
    for (std::uint32_t key : makePattern(Pattern::FewUnique, input.sequenceLength, s)) {
      input.keys.push_back(key);
      input.values.push_back(static_cast<std::uint32_t>(input.values.size()));
    }
  }
  const SortData result = sortOnGpu(GetParam(), input);
  EXPECT_EQ(verifySorted(input, result), "");
  if (GetParam().algorithm->stable) {
    EXPECT_EQ(result.values, referenceStableSort(input).values);
  }
}

TEST_P(SortSpecials, RestartRewindsToTheInput) {
  const SortData input = singleSequence(makePattern(Pattern::Reversed, 40, 3));
  auto sorter = GetParam().algorithm->create(testSortContext(), optionsFor(GetParam()));
  sorter->load(input);
  sorter->runAll();
  sorter->restart();
  EXPECT_EQ(sorter->passesRun(), 0u);
  EXPECT_EQ(sorter->read().keys, input.keys);
  sorter->seek(sorter->passCount());
  EXPECT_EQ(verifySorted(input, sorter->read()), "");
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, SortSpecials, ::testing::ValuesIn(allSchedules()), scheduleName);

}  // namespace
}  // namespace shadersort::testing
