#pragma once
// What the command line and `info` know of an algorithm's settings without a GPU: names, what
// each means, and the words --set accepts for numbers. Declared in the algorithm's SettingTable.

#include <optional>
#include <span>
#include <string_view>

namespace shadersort {

// A word --set accepts for a number of one setting: `--set scan=chained` for 2.
struct NamedValue {
  std::string_view word;
  int value = 0;
};

struct SettingFacts {
  std::string_view name;
  std::string_view meaning;  // one line
  std::span<const NamedValue> namedValues;  // static storage
};

// The number `word` names for `setting`, if it names one.
inline std::optional<int> valueOfWord(const SettingFacts& setting, std::string_view word) {
  for (const NamedValue& named : setting.namedValues)
    if (named.word == word) return named.value;
  return std::nullopt;
}

}  // namespace shadersort
