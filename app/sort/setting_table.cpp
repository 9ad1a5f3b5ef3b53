#include "sort/setting_table.h"

#include <bit>

#include "core/error.h"

namespace shadersort {
namespace {

std::string namedValuesText(std::span<const NamedValue> named) {
  std::string text;
  for (std::size_t i = 0; i < named.size(); ++i) {
    if (i > 0) text += i + 1 == named.size() ? " or " : ", ";
    text += std::string(named[i].word) + " (" + std::to_string(named[i].value) + ")";
  }
  return text;
}

}  // namespace

bool AllowedValues::allows(int value) const {
  for (const NamedValue& named : namedValues)
    if (named.value == value) return true;
  if (!most || value < least || value > *most) return false;
  switch (kind) {
    case NumberKind::Any: return true;
    case NumberKind::Even: return value % 2 == 0;
    case NumberKind::PowerOfTwo: return value > 0 && std::has_single_bit(static_cast<unsigned>(value));
  }
  return false;
}

std::string AllowedValues::describe() const {
  std::string numbers;
  if (most) {
    const std::string range = "from " + std::to_string(least) + " to " + std::to_string(*most);
    switch (kind) {
      case NumberKind::Any: numbers = range; break;
      case NumberKind::Even: numbers = "an even number " + range; break;
      case NumberKind::PowerOfTwo:
        numbers = least <= 1 ? "a power of two up to " + std::to_string(*most) : "a power of two " + range;
        break;
    }
    if (!mostReason.empty()) numbers += " (" + std::string(mostReason) + ")";
  }
  if (namedValues.empty()) return numbers;
  return numbers.empty() ? namedValuesText(namedValues) : numbers + ", or " + namedValuesText(namedValues);
}

void throwUnknownSetting(std::string_view algorithm, std::string_view name, const std::vector<SettingFacts>& known) {
  std::string names;
  for (const SettingFacts& setting : known) names += (names.empty() ? "" : ", ") + std::string(setting.name);
  throw UserError(std::string(algorithm) + " has no setting '" + std::string(name) + "' (known: " + names + ")");
}

void throwDisallowedSetting(std::string_view algorithm, std::string_view name, int value, const AllowedValues& allowed) {
  throw UserError(std::string(algorithm) + ": " + std::string(name) + " " + std::to_string(value) + " must be " +
                  allowed.describe());
}

}  // namespace shadersort
