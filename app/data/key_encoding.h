#pragma once
// Every sorter orders unsigned 32-bit keys. These bijections map the raw key types onto that
// order: i32 by flipping the sign bit, f32 onto IEEE 754 totalOrder
// (-NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN), with every bit pattern preserved.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace shadersort {

enum class KeyType { U32, I32, F32 };

std::optional<KeyType> parseKeyType(std::string_view name);
std::string_view keyTypeName(KeyType type);

constexpr std::uint32_t encodeKey(KeyType type, std::uint32_t bits) {
  switch (type) {
    case KeyType::U32: return bits;
    case KeyType::I32: return bits ^ 0x80000000u;
    case KeyType::F32: return (bits & 0x80000000u) ? ~bits : bits ^ 0x80000000u;
  }
  return bits;
}

constexpr std::uint32_t decodeKey(KeyType type, std::uint32_t sortable) {
  switch (type) {
    case KeyType::U32: return sortable;
    case KeyType::I32: return sortable ^ 0x80000000u;
    case KeyType::F32: return (sortable & 0x80000000u) ? sortable ^ 0x80000000u : ~sortable;
  }
  return sortable;
}

void encodeKeys(KeyType type, std::span<std::uint32_t> keys);
void decodeKeys(KeyType type, std::span<std::uint32_t> keys);

}  // namespace shadersort
