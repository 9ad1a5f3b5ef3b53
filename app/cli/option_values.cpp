#include "cli/option_values.h"

#include <charconv>
#include <string>

#include "core/error.h"
#include "core/quoting.h"

namespace shadersort::cli {
namespace {

// std::from_chars takes no '+', no spaces and no exponent, and reports overflow: exactly the
// strictness wanted. Empty when `text` is not wholly one integer of type T.
template <typename T>
std::optional<T> wholeInteger(std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

[[noreturn]] void refuse(std::string_view option, const std::string& wanted, std::string_view text) {
  throw UsageError(std::string(option) + " wants " + wanted + ", got " + quote(text));
}

std::string range(std::uint64_t least, std::uint64_t most) {
  return std::to_string(least) + " to " + std::to_string(most) + (most == 0xFFFFFFFFu ? " (2^32 - 1)" : "");
}

}  // namespace

std::uint64_t parseUnsigned(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most) {
  const auto value = wholeInteger<std::uint64_t>(text);
  if (!value || *value < least || *value > most) refuse(option, "a whole number from " + range(least, most), text);
  return *value;
}

std::int64_t parseSigned(std::string_view text, std::string_view option, std::int64_t least, std::int64_t most) {
  const auto value = wholeInteger<std::int64_t>(text);
  if (!value || *value < least || *value > most)
    refuse(option, "a whole number from " + std::to_string(least) + " to " + std::to_string(most), text);
  return *value;
}

std::uint64_t parseCount(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most) {
  const std::string wanted = "a count from " + range(least, most) + " (such as 1000, 2^20, 16K or 1M)";
  std::optional<std::uint64_t> value;
  if (text.starts_with("2^")) {
    if (const auto exponent = wholeInteger<std::uint32_t>(text.substr(2)); exponent && *exponent < 64)
      value = std::uint64_t{1} << *exponent;
  } else {
    std::uint64_t scale = 1;
    std::string_view digits = text;
    if (!text.empty()) {
      const char suffix = text.back();
      scale = suffix == 'K' ? 1ull << 10 : suffix == 'M' ? 1ull << 20 : suffix == 'G' ? 1ull << 30 : 1;
      if (scale != 1) digits.remove_suffix(1);
    }
    // Overflow is refused, not wrapped: 17592186044416M is 2^64, not 0.
    if (const auto number = wholeInteger<std::uint64_t>(digits); number && *number <= UINT64_MAX / scale)
      value = *number * scale;
  }
  if (!value || *value < least || *value > most) refuse(option, wanted, text);
  return *value;
}

Dimensions parseDimensions(std::string_view text, std::string_view option, std::uint32_t most) {
  const std::string wanted = "WxH, each side from 1 to " + std::to_string(most);
  const auto cross = text.find('x');
  if (cross == std::string_view::npos) refuse(option, wanted, text);
  const auto width = wholeInteger<std::uint32_t>(text.substr(0, cross));
  const auto height = wholeInteger<std::uint32_t>(text.substr(cross + 1));
  if (!width || !height || *width < 1 || *height < 1 || *width > most || *height > most) refuse(option, wanted, text);
  return {*width, *height};
}

std::optional<std::uint32_t> parsePasses(std::string_view text) {
  if (text == "all") return std::nullopt;
  const auto value = wholeInteger<std::uint32_t>(text);
  if (!value) refuse("--passes", "'all' or a whole number from 0 to 4294967295 (2^32 - 1)", text);
  return *value;
}

}  // namespace shadersort::cli
