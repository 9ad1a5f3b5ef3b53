#include "data/raw_words.h"

#include <bit>
#include <cstring>

#include "core/atomic_file.h"
#include "core/error.h"

namespace shadersort {

static_assert(std::endian::native == std::endian::little, "raw files are read as little-endian words");

std::vector<std::uint32_t> readWords(const std::string& path, const std::string& what) {
  const std::vector<std::uint8_t> bytes = readWholeFile(path);
  if (bytes.size() % 4 != 0)
    throw UserError(what + " file '" + path + "' holds " + std::to_string(bytes.size()) +
                    " bytes, not a multiple of 4");
  std::vector<std::uint32_t> words(bytes.size() / 4);
  if (!bytes.empty()) std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

std::vector<std::uint8_t> wordsToBytes(const std::vector<std::uint32_t>& words) {
  std::vector<std::uint8_t> bytes(words.size() * 4);
  if (!words.empty()) std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

}  // namespace shadersort
