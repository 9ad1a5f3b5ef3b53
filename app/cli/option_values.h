#pragma once
// Strict parsers for the values of command-line options. The whole text must be the value: no
// sign where none is allowed, no spaces, no trailing text, no exponent, and within its range,
// computed in 64 bits. Anything else is a UsageError (exit 2) naming the option, the accepted
// values and the text given.

#include <cstdint>
#include <optional>
#include <string_view>

namespace shadersort::cli {

std::uint64_t parseUnsigned(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most);
std::int64_t parseSigned(std::string_view text, std::string_view option, std::int64_t least, std::int64_t most);

// A count: decimal ("1000"), a power of two ("2^20") or binary multiples ("16K", "1M", "1G").
std::uint64_t parseCount(std::string_view text, std::string_view option, std::uint64_t least, std::uint64_t most);

// "WxH", each side least..most.
struct Dimensions {
  std::uint32_t width = 0, height = 0;
};
Dimensions parseDimensions(std::string_view text, std::string_view option, std::uint32_t most);

// "all" (empty) or a number of passes, 0 to 2^32 - 1.
std::optional<std::uint32_t> parsePasses(std::string_view text);

}  // namespace shadersort::cli
