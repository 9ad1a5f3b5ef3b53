#pragma once
// Shared by the sort tests: every schedule of every registered algorithm, running a sort on the
// GPU, and reference orders written independently of the sorters' key encoding.

#include <cstdint>
#include <string>
#include <vector>

#include "data/image.h"
#include "data/key_encoding.h"
#include "data/patterns.h"
#include "sort/registry.h"
#include "sort/sort_context.h"

namespace shadersort::testing {

struct Schedule {
  const AlgorithmInfo* algorithm;
  bool teaching;
  std::string name;  // "bitonic" or "bitonic/teaching"
};

// Every algorithm in the registry, once per schedule it has.
std::vector<Schedule> allSchedules();
std::string scheduleName(const ::testing::TestParamInfo<Schedule>& info);

SorterOptions optionsFor(const Schedule& schedule);

// The sort context of the test binary's one GL context (queried on first use), and its limits.
SortContext& testSortContext();
const gl::Limits& testLimits();

// Loads, runs every pass, reads back; fails the test on a limit the registry refuses.
SortData sortOnGpu(const Schedule& schedule, const SortData& input);

// `sorter` loaded with `input` (values numbering the elements), every pass run: empty when each
// sequence then holds std::stable_sort's keys, and its values too when `stable` (else the same
// pairs in some order of equal keys); otherwise the first difference.
std::string sortsLikeStableSort(Sorter& sorter, const SortData& input, bool stable);

// Order of raw key bits of each type, written without encodeKey so the check is independent:
// u32 and i32 by value, f32 by IEEE 754 totalOrder.
bool rawKeyLess(KeyType type, std::uint32_t a, std::uint32_t b);

// The reference for sorting raw keys of `type`: `keys` (with `values`, which may be empty) in
// std::stable_sort's order under rawKeyLess, as one sequence.
SortData referenceRawSort(KeyType type, const std::vector<std::uint32_t>& keys, const std::vector<std::uint32_t>& values);

// One round of odd-even transposition on the CPU, each sequence on its own: pairs (0,1), (2,3)...
// in even rounds, (1,2), (3,4)... in odd ones, swapped (values with keys) only when strictly out
// of order. Returns the swaps it made.
std::uint64_t oddEvenRoundOnCpu(SortData& data, std::uint32_t round);

// Keys of `type` shaped by a pattern; for f32 the random pattern also holds NaN of both signs,
// +-0 and +-infinity.
std::vector<std::uint32_t> makeRawKeys(KeyType type, const std::vector<std::uint32_t>& pattern);

// `sequenceCount` sequences of `pattern`, each with its own seed; values number the elements.
SortData makeSequences(Pattern pattern, std::uint32_t sequenceCount, std::uint32_t sequenceLength, std::uint64_t seed = 7);

// glslangValidator run on `file` with `options` before it, without a shell: the path reaches the
// program as one argument whatever characters it holds. Its exit code (-1 when it could not run)
// and its standard output and error together.
struct ValidatorRun {
  int exitCode = -1;
  std::string output;
};
ValidatorRun runGlslangValidator(const std::vector<std::string>& options, const std::string& file);

// Random pixels, alpha included, so every byte of a packed pixel must travel.
Image randomImage(int width, int height, std::uint32_t seed);

}  // namespace shadersort::testing
