#include "data/png_integrity.h"

#include <array>
#include <cstdio>
#include <cstring>

namespace shadersort {
namespace {

constexpr std::uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

// CRC-32 as PNG defines it (ISO 3309, reflected polynomial 0xEDB88320), table-driven.
std::uint32_t crc32(std::span<const std::uint8_t> bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> entries{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int bit = 0; bit < 8; ++bit) c = (c & 1u) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      entries[n] = c;
    }
    return entries;
  }();
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::uint8_t byte : bytes) crc = table[(crc ^ byte) & 0xFFu] ^ (crc >> 8);
  return ~crc;
}

std::uint32_t bigEndian(const std::uint8_t* at) {
  return (std::uint32_t{at[0]} << 24) | (std::uint32_t{at[1]} << 16) | (std::uint32_t{at[2]} << 8) | at[3];
}

// A chunk type as text; types are four ASCII letters, anything else is shown in hex.
std::string typeName(const std::uint8_t* at) {
  std::string name;
  for (int i = 0; i < 4; ++i) {
    const bool letter = (at[i] >= 'A' && at[i] <= 'Z') || (at[i] >= 'a' && at[i] <= 'z');
    if (!letter) return "of type 0x" + [&] {
      char hex[9];
      std::snprintf(hex, sizeof hex, "%08x", bigEndian(at));
      return std::string(hex);
    }();
    name += static_cast<char>(at[i]);
  }
  return name;
}

}  // namespace

bool hasPngSignature(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= sizeof kSignature && std::memcmp(bytes.data(), kSignature, sizeof kSignature) == 0;
}

std::string pngDamage(std::span<const std::uint8_t> bytes) {
  std::size_t at = sizeof kSignature;
  bool first = true;
  for (;;) {
    if (at == bytes.size()) return "cut short (it ends before its IEND chunk)";
    if (bytes.size() - at < 8) return "cut short (it ends inside a chunk header)";
    const std::uint64_t length = bigEndian(&bytes[at]);
    const std::string type = typeName(&bytes[at + 4]);
    if (first && type != "IHDR") return "damaged (its first chunk is not IHDR)";
    first = false;
    // 64-bit sums: a declared length near 2^32 cannot wrap around.
    if (at + 12 + length > bytes.size()) return "cut short (it ends inside its " + type + " chunk)";
    const std::uint32_t stored = bigEndian(&bytes[at + 8 + length]);
    if (crc32(bytes.subspan(at + 4, 4 + length)) != stored) return "damaged (the CRC of its " + type + " chunk is wrong)";
    at += 12 + length;
    if (type == "IEND") return {};
  }
}

}  // namespace shadersort
