#pragma once
// The one parser for every number on the command line. The whole text must be the value, written
// in decimal: no '+', no spaces, no leading zeros (CLI11 and strtol read "010" as octal 8), no
// "0x", no exponent, and '-' only where the range goes below zero. Anything else is a UsageError
// (exit 2) naming the option: "OPTION wants ... from A to B, got X" for a number out of range,
// "...; 'X' is not a number" for anything that is not one.

#include <cstdint>
#include <optional>
#include <string_view>

namespace shadersort {

std::uint64_t parseUnsigned(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most);
std::int64_t parseSigned(std::string_view text, std::string_view option, std::int64_t least, std::int64_t most);

// A number with an optional decimal fraction ("0.5", "10", "2.25"); the same rules, no exponent.
double parseDecimal(std::string_view text, std::string_view option, double least, double most);

// A count: decimal ("1000"), a power of two ("2^20") or binary multiples ("16K", "1M", "1G").
std::uint64_t parseCount(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most);

// "WxH", each side within least's and most's.
struct Dimensions {
  std::uint32_t width = 0, height = 0;
};
Dimensions parseDimensions(std::string_view text, std::string_view option, Dimensions least, Dimensions most);

// "all" (empty) or a number of passes, 0 to 2^32 - 1.
std::optional<std::uint32_t> parsePasses(std::string_view text);

}  // namespace shadersort
