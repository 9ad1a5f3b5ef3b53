#include "data/key_encoding.h"

namespace shadersort {

std::optional<KeyType> parseKeyType(std::string_view name) {
  if (name == "u32") return KeyType::U32;
  if (name == "i32") return KeyType::I32;
  if (name == "f32") return KeyType::F32;
  return std::nullopt;
}

std::string_view keyTypeName(KeyType type) {
  switch (type) {
    case KeyType::U32: return "u32";
    case KeyType::I32: return "i32";
    case KeyType::F32: return "f32";
  }
  return "?";
}

void encodeKeys(KeyType type, std::span<std::uint32_t> keys) {
  for (auto& key : keys) key = encodeKey(type, key);
}

void decodeKeys(KeyType type, std::span<std::uint32_t> keys) {
  for (auto& key : keys) key = decodeKey(type, key);
}

}  // namespace shadersort
