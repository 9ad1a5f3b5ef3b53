#include "core/quoting.h"

#include <cstdint>
#include <cstdio>

namespace shadersort {
namespace {

// Length of the valid UTF-8 sequence at `at` that is not a control character, else 0.
std::size_t printableSequenceLength(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  if (lead >= 0x20 && lead < 0x7F) return 1;
  std::size_t length = 0;
  std::uint32_t point = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    point = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    point = lead & 0x0Fu;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    point = lead & 0x07u;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0u) != 0x80u) return 0;
    point = (point << 6) | (byte(at + i) & 0x3Fu);
  }
  // Overlong forms, surrogates, beyond Unicode, and the C1 controls (U+0080..U+009F, which some
  // terminals obey like ESC sequences) are escaped byte by byte.
  const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (point < smallest[length] || (point >= 0xD800 && point <= 0xDFFF) || point > 0x10FFFF) return 0;
  if (point >= 0x80 && point <= 0x9F) return 0;
  return length;
}

std::string escape(std::string_view text, bool escapeQuotes) {
  static const char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + 2);
  for (std::size_t at = 0; at < text.size();) {
    const char c = text[at];
    if (escapeQuotes && (c == '\\' || c == '\'')) {
      out += '\\';
      out += c;
      ++at;
      continue;
    }
    if (const std::size_t length = printableSequenceLength(text, at); length > 0) {
      out.append(text.substr(at, length));
      at += length;
      continue;
    }
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xFu];
    }
    ++at;
  }
  return out;
}

}  // namespace

std::string quote(std::string_view text) { return "'" + escape(text, true) + "'"; }

std::string printable(std::string_view text) { return escape(text, false); }

void warn(std::string_view message) {
  const std::string line = "shadersort: warning: " + printable(message) + "\n";
  std::fputs(line.c_str(), stderr);
}

}  // namespace shadersort
