#include "sort/verify.h"

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

namespace shadersort {
namespace {

using Pair = std::pair<std::uint32_t, std::uint32_t>;

std::vector<Pair> sequencePairs(const SortData& data, std::uint32_t sequence) {
  std::vector<Pair> pairs(data.sequenceLength);
  const std::size_t begin = static_cast<std::size_t>(sequence) * data.sequenceLength;
  for (std::uint32_t i = 0; i < data.sequenceLength; ++i)
    pairs[i] = {data.keys[begin + i], data.hasValues() ? data.values[begin + i] : 0u};
  return pairs;
}

std::string shapeMismatch(const SortData& input, const SortData& output) {
  if (input.sequenceCount != output.sequenceCount || input.sequenceLength != output.sequenceLength ||
      input.size() != output.size() || input.hasValues() != output.hasValues())
    return "the output's shape differs from the input's";
  return {};
}

}  // namespace

std::uint64_t pairFingerprint(std::uint32_t key, std::uint32_t value) {
  std::uint64_t x = (static_cast<std::uint64_t>(key) << 32 | value) + 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

std::string quickCheckSorted(const SortData& input, const SortData& output) {
  if (auto mismatch = shapeMismatch(input, output); !mismatch.empty()) return mismatch;
  for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
    const std::size_t begin = static_cast<std::size_t>(s) * input.sequenceLength;
    std::uint64_t before = 0, after = 0;
    for (std::uint32_t i = 0; i < input.sequenceLength; ++i) {
      const std::size_t at = begin + i;
      if (i > 0 && output.keys[at - 1] > output.keys[at])
        return "sequence " + std::to_string(s) + " is out of order at index " + std::to_string(i);
      before += pairFingerprint(input.keys[at], input.hasValues() ? input.values[at] : 0u);
      after += pairFingerprint(output.keys[at], output.hasValues() ? output.values[at] : 0u);
    }
    if (before != after) return "sequence " + std::to_string(s) + " does not hold the input's elements";
  }
  return {};
}

SortData referenceStableSort(const SortData& input) {
  SortData output = input;
  std::vector<std::uint32_t> order(input.sequenceLength);
  for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
    const std::size_t begin = static_cast<std::size_t>(s) * input.sequenceLength;
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return input.keys[begin + a] < input.keys[begin + b]; });
    for (std::uint32_t i = 0; i < input.sequenceLength; ++i) {
      output.keys[begin + i] = input.keys[begin + order[i]];
      if (input.hasValues()) output.values[begin + i] = input.values[begin + order[i]];
    }
  }
  return output;
}

std::string verifyConserved(const SortData& input, const SortData& output) {
  if (auto mismatch = shapeMismatch(input, output); !mismatch.empty()) return mismatch;
  for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
    auto before = sequencePairs(input, s);
    auto after = sequencePairs(output, s);
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    if (before != after) return "sequence " + std::to_string(s) + " does not hold the input's elements";
  }
  return {};
}

std::string verifySorted(const SortData& input, const SortData& output) {
  if (auto mismatch = shapeMismatch(input, output); !mismatch.empty()) return mismatch;
  for (std::uint32_t s = 0; s < output.sequenceCount; ++s) {
    const std::size_t begin = static_cast<std::size_t>(s) * output.sequenceLength;
    for (std::uint32_t i = 1; i < output.sequenceLength; ++i)
      if (output.keys[begin + i - 1] > output.keys[begin + i])
        return "sequence " + std::to_string(s) + " is out of order at index " + std::to_string(i);
  }
  return verifyConserved(input, output);
}

}  // namespace shadersort
