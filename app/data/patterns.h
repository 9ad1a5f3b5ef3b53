#pragma once
// Synthetic key sequences: the inputs every sorter is tested and benchmarked on.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace shadersort {

enum class Pattern { Random, Sorted, Reversed, FewUnique, AllEqual, Sawtooth, NearlySorted };

// Keys from `low` to `high`, both inclusive, as sortable u32 keys (data/key_encoding.h).
struct KeyRange {
  std::uint32_t low = 0, high = 0xFFFFFFFFu;
  bool operator==(const KeyRange&) const = default;
};

std::optional<Pattern> parsePattern(std::string_view name);
std::string_view patternName(Pattern pattern);
const std::vector<Pattern>& allPatterns();

// `length` keys spread over the whole 32-bit range, deterministic for a given seed.
//  random: uniform; sorted / reversed: an even ramp; few-unique: 5 distinct values;
//  all-equal: one value; sawtooth: 8 ascending ramps; nearly-sorted: the ramp with 1% of the
//  keys moved up to 4 places.
std::vector<std::uint32_t> makePattern(Pattern pattern, std::size_t length, std::uint64_t seed);
// The same pattern squeezed into `range`: each key k becomes low + k * (high - low + 1) / 2^32,
// which keeps its order and ties (sorted stays sorted, few-unique keeps at most 5 values) and is
// the pattern above for the whole range.
std::vector<std::uint32_t> makePattern(Pattern pattern, std::size_t length, std::uint64_t seed, KeyRange range);
// One key of the whole 32-bit range squeezed into `range`, as makePattern does.
std::uint32_t keyInRange(std::uint32_t key, KeyRange range);

}  // namespace shadersort
