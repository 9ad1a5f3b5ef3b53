// Property test: every schedule of every registry row sorts random cases the same as the CPU.
// Each case draws a seed, a length, a sequence count, a distribution, a key type and whether
// values travel, and its result is checked against std::stable_sort by the raw key order (stable
// rows: keys and values exactly) or std::sort (other rows: the keys exactly, the key-value pairs
// as a multiset). One sorter per schedule takes every case, so loading a new input over an old
// one is tested as well.
//
// CI runs 40 cases per schedule, lengths up to 2048 (llvmpipe sorts them in a few seconds). Longer
// runs: SHADERSORT_PROPERTY_CASES (cases per schedule), SHADERSORT_PROPERTY_MAX_LENGTH and
// SHADERSORT_PROPERTY_SEED (another master seed; a failure prints the one to reproduce it with).

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <random>

#include "bench/benchmark.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

std::uint64_t environmentNumber(const char* name, std::uint64_t fallback) {
  const char* text = std::getenv(name);
  return text && *text ? std::strtoull(text, nullptr, 0) : fallback;
}

struct PropertyCase {
  std::uint64_t seed = 0;
  std::uint32_t sequenceCount = 1, sequenceLength = 0;
  std::string distribution;
  KeyType type = KeyType::U32;
  bool withValues = false;
  std::vector<std::vector<std::uint32_t>> raw;  // per sequence, raw bits of `type`

  std::string describe() const {
    return "seed " + std::to_string(seed) + ": " + std::to_string(sequenceCount) + " x " +
           std::to_string(sequenceLength) + " " + distribution + " " + std::string(keyTypeName(type)) +
           (withValues ? " with values" : " keys only");
  }
};

// Bit patterns every type must order right: zeros, extremes, NaNs and infinities of both signs,
// subnormals, and the neighbours of the sign bit.
const std::vector<std::uint32_t> specialBits = {0x00000000u, 0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0x00000001u,
                                                0x80000001u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u,
                                                0x7F800001u, 0xFF800001u, 0x3F800000u, 0xBF800000u, 0x007FFFFFu};

PropertyCase drawCase(std::uint64_t seed, std::uint32_t maxLength) {
  std::mt19937_64 random(seed);
  PropertyCase c;
  c.seed = seed;
  // Lengths log-uniform, so short sequences and edge sizes (0, 1, powers of two and their
  // neighbours) come up often and long ones still do.
  const double logLength = std::uniform_real_distribution<double>(0.0, std::log2(maxLength + 1.0))(random);
  c.sequenceLength = static_cast<std::uint32_t>(std::exp2(logLength)) - 1;
  if (random() % 4 == 0) {
    const std::uint32_t power = 1u << (random() % 11);
    c.sequenceLength = std::min(maxLength, power - 1 + static_cast<std::uint32_t>(random() % 3));
  }
  // Now and then several sequences at once (never several empty ones: an image has no 0-pixel column).
  c.sequenceCount = c.sequenceLength > 0 && random() % 3 == 0 ? 2 + static_cast<std::uint32_t>(random() % 7) : 1;
  std::vector<std::string> distributions = bench::distributionNames();
  distributions.emplace_back("specials");
  c.distribution = distributions[random() % distributions.size()];
  c.type = std::array{KeyType::U32, KeyType::I32, KeyType::F32}[random() % 3];
  c.withValues = random() % 2 == 0;
  for (std::uint32_t s = 0; s < c.sequenceCount; ++s) {
    std::vector<std::uint32_t> keys;
    if (c.distribution == "specials") {
      for (std::uint32_t i = 0; i < c.sequenceLength; ++i) keys.push_back(specialBits[random() % specialBits.size()]);
    } else {
      keys = bench::makeBenchKeys(c.distribution, c.sequenceLength, c.type, random());
    }
    c.raw.push_back(std::move(keys));
  }
  return c;
}

// The CPU's answer for one sequence: (key, value) pairs in std::stable_sort order by raw key.
std::vector<std::pair<std::uint32_t, std::uint32_t>> expectedPairs(KeyType type, const std::vector<std::uint32_t>& keys,
                                                                   const std::vector<std::uint32_t>& values) {
  const SortData sorted = referenceRawSort(type, keys, values);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::size_t i = 0; i < sorted.keys.size(); ++i) pairs.emplace_back(sorted.keys[i], values.empty() ? 0u : sorted.values[i]);
  return pairs;
}

void expectSortedLikeTheCpu(Sorter& sorter, const AlgorithmInfo& algorithm, const PropertyCase& c) {
  SortData input;
  input.sequenceCount = c.sequenceCount;
  input.sequenceLength = c.sequenceLength;
  for (const auto& keys : c.raw) input.keys.insert(input.keys.end(), keys.begin(), keys.end());
  encodeKeys(c.type, input.keys);
  if (c.withValues) {
    // Distinct values, so a stable sort's order is visible; a seed-dependent start so they vary.
    input.values.resize(input.keys.size());
    std::iota(input.values.begin(), input.values.end(), static_cast<std::uint32_t>(c.seed));
  }
  const std::string why = algorithm.whyCannotSort(input.shape(), testLimits());
  ASSERT_TRUE(why.empty()) << why;
  sorter.load(input);
  sorter.runAll();
  ASSERT_TRUE(sorter.finished());
  SortData output = sorter.read();
  ASSERT_EQ(output.keys.size(), input.keys.size());
  ASSERT_EQ(output.values.size(), input.values.size());
  decodeKeys(c.type, output.keys);

  for (std::uint32_t s = 0; s < c.sequenceCount; ++s) {
    const std::size_t begin = static_cast<std::size_t>(s) * c.sequenceLength, end = begin + c.sequenceLength;
    const std::vector<std::uint32_t> values(input.values.begin() + (c.withValues ? static_cast<std::ptrdiff_t>(begin) : 0),
                                            input.values.begin() + (c.withValues ? static_cast<std::ptrdiff_t>(end) : 0));
    auto want = expectedPairs(c.type, c.raw[s], values);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> got;
    for (std::size_t i = begin; i < end; ++i) got.emplace_back(output.keys[i], c.withValues ? output.values[i] : 0u);
    // Equal under the raw order means equal bits, so the keys must match exactly in any case.
    std::vector<std::uint32_t> wantKeys, gotKeys;
    for (const auto& pair : want) wantKeys.push_back(pair.first);
    for (const auto& pair : got) gotKeys.push_back(pair.first);
    ASSERT_EQ(gotKeys, wantKeys) << "sequence " << s << ": keys differ from std::stable_sort's";
    if (!algorithm.stable) {
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
    }
    ASSERT_EQ(got, want) << "sequence " << s << ": "
                         << (algorithm.stable ? "values differ from std::stable_sort's"
                                              : "key-value pairs are not those of the input");
  }
}

class PropertyTest : public ::testing::TestWithParam<Schedule> {};

TEST_P(PropertyTest, RandomCasesSortLikeTheCpu) {
  const std::uint64_t masterSeed = environmentNumber("SHADERSORT_PROPERTY_SEED", 20261123);
  const std::uint64_t cases = environmentNumber("SHADERSORT_PROPERTY_CASES", 40);
  const auto maxLength = static_cast<std::uint32_t>(environmentNumber("SHADERSORT_PROPERTY_MAX_LENGTH", 2048));
  const Schedule& schedule = GetParam();
  auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
  // Each schedule its own stream of cases, the same on every run with the same master seed.
  std::uint64_t streamSeed = masterSeed;
  for (char c : schedule.name) streamSeed = (streamSeed ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
  std::mt19937_64 seeds(streamSeed);
  for (std::uint64_t i = 0; i < cases; ++i) {
    const PropertyCase c = drawCase(seeds(), maxLength);
    SCOPED_TRACE("case " + std::to_string(i) + " of master seed " + std::to_string(masterSeed) + " (" + c.describe() + ")");
    expectSortedLikeTheCpu(*sorter, *schedule.algorithm, c);
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryRegistryRow, PropertyTest, ::testing::ValuesIn(allSchedules()), scheduleName);

}  // namespace
}  // namespace shadersort::testing
