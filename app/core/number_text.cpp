#include "core/number_text.h"

#include <array>
#include <charconv>
#include <string>

#include "core/error.h"
#include "core/quoting.h"

namespace shadersort {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// The digits of a decimal integer written the one accepted way: an optional '-', then digits
// with no leading zero ("0" itself, not "-0"). Empty when `text` is anything else.
std::optional<std::string_view> integerDigits(std::string_view text, bool& negative) {
  negative = text.starts_with('-');
  if (negative) text.remove_prefix(1);
  if (text.empty() || (text.size() > 1 && text.front() == '0') || (negative && text == "0")) return std::nullopt;
  for (char c : text)
    if (!isDigit(c)) return std::nullopt;
  return text;
}

// Why a text that looks almost like a number is refused, for the forms users (and strtol) expect.
std::string hintFor(std::string_view text) {
  for (char c : text)
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') return " (no spaces)";
  if (text.starts_with('+')) return " (no '+')";
  if (text.starts_with('-')) text.remove_prefix(1);
  if (text.starts_with("0x") || text.starts_with("0X")) return " (decimal only, no 0x)";
  if (text.size() > 1 && text.front() == '0' && isDigit(text[1])) return " (no leading zeros)";
  return "";
}

[[noreturn]] void outOfRange(std::string_view option, const std::string& wanted, std::string_view text) {
  // `text` was read as a number, so it holds only digits, '-', '.', 'x', '^' and K, M, G.
  throw UsageError(std::string(option) + " wants " + wanted + ", got " + std::string(text));
}

[[noreturn]] void notANumber(std::string_view option, const std::string& wanted, std::string_view text,
                             std::string_view part = {}) {
  const std::string what = part.empty() || part == text ? quote(text) : quote(part) + " in " + quote(text);
  throw UsageError(std::string(option) + " wants " + wanted + "; " + what + " is not a number" +
                   hintFor(part.empty() ? text : part));
}

// The value of decimal digits, or empty past 2^64 - 1.
std::optional<std::uint64_t> digitsValue(std::string_view digits) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

std::uint64_t unsignedWithin(std::string_view text, std::string_view option, const std::string& wanted,
                             std::uint64_t least, std::uint64_t most) {
  bool negative = false;
  const auto digits = integerDigits(text, negative);
  if (!digits) notANumber(option, wanted, text);
  const auto value = digitsValue(*digits);
  if (negative || !value || *value < least || *value > most) outOfRange(option, wanted, text);
  return *value;
}

std::string range(std::uint64_t least, std::uint64_t most) {
  return "from " + std::to_string(least) + " to " + std::to_string(most);
}

// The shortest text that reads back as `value` ("0.1", "3600").
std::string shortest(double value) {
  std::array<char, 32> buffer{};
  const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), result.ptr);
}

}  // namespace

std::uint64_t parseUnsigned(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most) {
  return unsignedWithin(text, option, "a whole number " + range(least, most), least, most);
}

std::int64_t parseSigned(std::string_view text, std::string_view option, std::int64_t least, std::int64_t most) {
  const std::string wanted = "a whole number from " + std::to_string(least) + " to " + std::to_string(most);
  bool negative = false;
  const auto digits = integerDigits(text, negative);
  if (!digits) notANumber(option, wanted, text);
  const auto magnitude = digitsValue(*digits);
  constexpr std::uint64_t kLargest = INT64_MAX;
  if (!magnitude || *magnitude > kLargest + (negative ? 1 : 0)) outOfRange(option, wanted, text);
  // -2^63 has no positive counterpart: negate in unsigned arithmetic.
  const auto value = negative ? static_cast<std::int64_t>(0 - *magnitude) : static_cast<std::int64_t>(*magnitude);
  if (value < least || value > most) outOfRange(option, wanted, text);
  return value;
}

double parseDecimal(std::string_view text, std::string_view option, double least, double most) {
  const std::string wanted = "a number from " + shortest(least) + " to " + shortest(most);
  const auto point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  bool negative = false;
  // "-0" is refused as an integer but is the whole part of -0.5.
  bool wellFormed = integerDigits(whole, negative).has_value() || (whole == "-0" && point != std::string_view::npos);
  if (point != std::string_view::npos) {
    const std::string_view fraction = text.substr(point + 1);
    wellFormed = wellFormed && !fraction.empty();
    for (char c : fraction) wellFormed = wellFormed && isDigit(c);
  }
  if (!wellFormed) notANumber(option, wanted, text);
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || !(value >= least && value <= most))
    outOfRange(option, wanted, text);
  return value;
}

std::uint64_t parseCount(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most) {
  const std::string wanted = "a count (such as 1000, 2^20, 16K or 1M) " + range(least, most);
  std::optional<std::uint64_t> value;
  bool negative = false;
  if (text.starts_with("2^")) {
    const auto exponent = integerDigits(text.substr(2), negative);
    if (!exponent) notANumber(option, wanted, text);
    if (const auto power = digitsValue(*exponent); !negative && power && *power < 64) value = std::uint64_t{1} << *power;
  } else {
    std::string_view number = text;
    std::uint64_t scale = 1;
    if (!text.empty()) {
      const char suffix = text.back();
      scale = suffix == 'K' ? 1ull << 10 : suffix == 'M' ? 1ull << 20 : suffix == 'G' ? 1ull << 30 : 1;
      if (scale != 1) number.remove_suffix(1);
    }
    const auto digits = integerDigits(number, negative);
    if (!digits) notANumber(option, wanted, text, number);
    // Overflow is refused, not wrapped: 17592186044416M is 2^64, not 0.
    if (const auto count = digitsValue(*digits); !negative && count && *count <= UINT64_MAX / scale)
      value = *count * scale;
  }
  if (!value || *value < least || *value > most) outOfRange(option, wanted, text);
  return *value;
}

Dimensions parseDimensions(std::string_view text, std::string_view option, Dimensions least, Dimensions most) {
  const std::string wanted = "WxH from " + std::to_string(least.width) + "x" + std::to_string(least.height) + " to " +
                             std::to_string(most.width) + "x" + std::to_string(most.height);
  const auto cross = text.find('x');
  if (cross == std::string_view::npos) throw UsageError(std::string(option) + " wants " + wanted + "; " + quote(text) + " is not WxH");
  const std::string_view sides[] = {text.substr(0, cross), text.substr(cross + 1)};
  std::uint64_t values[2] = {};
  bool inRange = true;
  for (int i = 0; i < 2; ++i) {
    bool negative = false;
    const auto digits = integerDigits(sides[i], negative);
    if (!digits) notANumber(option, wanted, text, sides[i]);
    const auto value = digitsValue(*digits);
    values[i] = value.value_or(0);
    inRange = inRange && !negative && value.has_value();
  }
  if (!inRange || values[0] < least.width || values[1] < least.height || values[0] > most.width || values[1] > most.height)
    outOfRange(option, wanted, text);
  return {static_cast<std::uint32_t>(values[0]), static_cast<std::uint32_t>(values[1])};
}

std::optional<std::uint32_t> parsePasses(std::string_view text) {
  if (text == "all") return std::nullopt;
  return static_cast<std::uint32_t>(
      unsignedWithin(text, "--passes", "'all' or a whole number " + range(0, UINT32_MAX), 0, UINT32_MAX));
}

}  // namespace shadersort
