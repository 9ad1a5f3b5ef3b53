#include "data/patterns.h"

#include <algorithm>
#include <random>

namespace shadersort {
namespace {

struct PatternName {
  Pattern pattern;
  std::string_view name;
};

constexpr PatternName kPatternNames[] = {
    {Pattern::Random, "random"},       {Pattern::Sorted, "sorted"},       {Pattern::Reversed, "reversed"},
    {Pattern::FewUnique, "few-unique"}, {Pattern::AllEqual, "all-equal"}, {Pattern::Sawtooth, "sawtooth"},
    {Pattern::NearlySorted, "nearly-sorted"},
};

std::uint32_t ramp(std::size_t index, std::size_t length) {
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(index) << 32) / std::max<std::size_t>(length, 1));
}

}  // namespace

std::optional<Pattern> parsePattern(std::string_view name) {
  for (const auto& entry : kPatternNames)
    if (entry.name == name) return entry.pattern;
  return std::nullopt;
}

std::string_view patternName(Pattern pattern) {
  for (const auto& entry : kPatternNames)
    if (entry.pattern == pattern) return entry.name;
  return "?";
}

const std::vector<Pattern>& allPatterns() {
  static const std::vector<Pattern> all = [] {
    std::vector<Pattern> patterns;
    for (const auto& entry : kPatternNames) patterns.push_back(entry.pattern);
    return patterns;
  }();
  return all;
}

std::vector<std::uint32_t> makePattern(Pattern pattern, std::size_t length, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<std::uint32_t> keys(length);
  switch (pattern) {
    case Pattern::Random:
      for (auto& key : keys) key = static_cast<std::uint32_t>(random());
      break;
    case Pattern::Sorted:
      for (std::size_t i = 0; i < length; ++i) keys[i] = ramp(i, length);
      break;
    case Pattern::Reversed:
      for (std::size_t i = 0; i < length; ++i) keys[i] = ramp(length - 1 - i, length);
      break;
    case Pattern::FewUnique:
      for (auto& key : keys) key = ramp(random() % 5, 5);
      break;
    case Pattern::AllEqual:
      std::fill(keys.begin(), keys.end(), 0x80000000u);
      break;
    case Pattern::Sawtooth: {
      const std::size_t period = std::max<std::size_t>(2, (length + 7) / 8);
      for (std::size_t i = 0; i < length; ++i) keys[i] = ramp(i % period, period);
      break;
    }
    case Pattern::NearlySorted: {
      for (std::size_t i = 0; i < length; ++i) keys[i] = ramp(i, length);
      const std::size_t moves = std::max<std::size_t>(length / 100, length > 1 ? 1 : 0);
      for (std::size_t m = 0; m < moves; ++m) {
        const std::size_t from = random() % length;
        const std::size_t distance = 1 + random() % 4;
        const std::size_t to = std::min(length - 1, from + distance);
        std::rotate(keys.begin() + static_cast<std::ptrdiff_t>(from), keys.begin() + static_cast<std::ptrdiff_t>(from) + 1,
                    keys.begin() + static_cast<std::ptrdiff_t>(to) + 1);
      }
      break;
    }
  }
  return keys;
}

std::uint32_t keyInRange(std::uint32_t key, KeyRange range) {
  const std::uint64_t width = std::uint64_t{range.high} - range.low + 1;  // 1 to 2^32
  return range.low + static_cast<std::uint32_t>((std::uint64_t{key} * width) >> 32);
}

std::vector<std::uint32_t> makePattern(Pattern pattern, std::size_t length, std::uint64_t seed, KeyRange range) {
  std::vector<std::uint32_t> keys = makePattern(pattern, length, seed);
  for (auto& key : keys) key = keyInRange(key, range);
  return keys;
}

}  // namespace shadersort
