#pragma once
// Synthetic key sequences: the inputs every sorter is tested and benchmarked on.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace shadersort {

enum class Pattern { Random, Sorted, Reversed, FewUnique, AllEqual, Sawtooth, NearlySorted };

std::optional<Pattern> parsePattern(std::string_view name);
std::string_view patternName(Pattern pattern);
const std::vector<Pattern>& allPatterns();

// `length` keys spread over the whole 32-bit range, deterministic for a given seed.
//  random: uniform; sorted / reversed: an even ramp; few-unique: 5 distinct values;
//  all-equal: one value; sawtooth: 8 ascending ramps; nearly-sorted: the ramp with 1% of the
//  keys moved up to 4 places.
std::vector<std::uint32_t> makePattern(Pattern pattern, std::size_t length, std::uint64_t seed);

}  // namespace shadersort
