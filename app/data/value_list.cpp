#include "data/value_list.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/quoting.h"

namespace shadersort {
namespace {

std::string_view trimmed(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

std::string typeRange(KeyType type) {
  switch (type) {
    case KeyType::U32: return "u32 keys are whole numbers from 0 to 4294967295";
    case KeyType::I32: return "i32 keys are whole numbers from -2147483648 to 2147483647";
    case KeyType::F32: return "f32 keys are decimal numbers such as -2.5, 1e3, inf";
  }
  return "";
}

// One key of `type` from a whole word; `what` names it in the error ("--values: key 3").
std::uint32_t parseKey(std::string_view word, KeyType type, const std::string& what) {
  const char* begin = word.data();
  const char* end = word.data() + word.size();
  const auto refuse = [&](const std::string& why) -> std::uint32_t {
    throw UsageError(what + " " + quote(std::string(word)) + " " + why + " (" + typeRange(type) + ")");
  };
  if (word.empty()) refuse("is empty");
  if (type == KeyType::F32) {
    float value = 0.0f;
    const auto [at, error] = std::from_chars(begin, end, value);
    if (error == std::errc::result_out_of_range) refuse("is out of the range of f32");
    if (error != std::errc() || at != end) refuse("is not a number");
    return std::bit_cast<std::uint32_t>(value);
  }
  // '+' is not written by from_chars' integer form; a leading one is refused like any other word.
  std::int64_t value = 0;
  const auto [at, error] = std::from_chars(begin, end, value);
  if (error == std::errc::result_out_of_range) refuse("is out of range");
  if (error != std::errc() || at != end) refuse("is not a whole number");
  const bool fits = type == KeyType::U32 ? value >= 0 && value <= std::numeric_limits<std::uint32_t>::max()
                                         : value >= std::numeric_limits<std::int32_t>::min() &&
                                               value <= std::numeric_limits<std::int32_t>::max();
  if (!fits) refuse("is out of range");
  return static_cast<std::uint32_t>(value);
}

}  // namespace

std::vector<std::uint32_t> parseValueList(std::string_view text, KeyType type) {
  if (trimmed(text).empty()) throw UsageError("--values: the list is empty; give keys separated by commas, e.g. 3,7,4,8,1");
  std::vector<std::uint32_t> keys;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    const std::string_view word = trimmed(text.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (keys.size() == kMaxValueCount)
      throw UsageError("--values: more than " + std::to_string(kMaxValueCount) + " keys (the longest sequence every GPU can show)");
    keys.push_back(parseKey(word, type, "--values: key " + std::to_string(keys.size() + 1)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return keys;
}

KeyRange parseKeyRange(std::string_view text, KeyType type) {
  if (type == KeyType::F32) throw UsageError("--range takes u32 or i32 keys, not f32 (give the f32 keys with --values)");
  const std::size_t dots = text.find("..");
  if (dots == std::string_view::npos)
    throw UsageError("--range wants LO..HI, e.g. 0..99, got " + quote(std::string(text)));
  const std::uint32_t low = encodeKey(type, parseKey(text.substr(0, dots), type, "--range: LO"));
  const std::uint32_t high = encodeKey(type, parseKey(text.substr(dots + 2), type, "--range: HI"));
  if (low > high) throw UsageError("--range " + std::string(text) + ": LO is greater than HI");
  return {low, high};
}

std::string keyText(KeyType type, std::uint32_t bits) {
  switch (type) {
    case KeyType::U32: return std::to_string(bits);
    case KeyType::I32: return std::to_string(static_cast<std::int32_t>(bits));
    case KeyType::F32: {
      char text[32];
      const auto [end, error] = std::to_chars(text, text + sizeof text, std::bit_cast<float>(bits));
      return error == std::errc() ? std::string(text, end) : "?";
    }
  }
  return "?";
}

}  // namespace shadersort
