#include "data/raw_words.h"

#include <bit>
#include <cstring>

#include "core/error.h"
#include "core/quoting.h"

namespace shadersort {

static_assert(std::endian::native == std::endian::little, "raw files are read as little-endian words");

std::uint64_t wordCount(const InputFile& file, const std::string& what) {
  if (file.size() % 4 != 0)
    throw UserError(what + " file " + quote(file.path()) + " holds " + std::to_string(file.size()) +
                    " bytes, not a multiple of 4");
  return file.size() / 4;
}

std::vector<std::uint32_t> readWords(InputFile& file, const std::string& what) {
  const std::uint64_t count = wordCount(file, what);
  const std::vector<std::uint8_t> bytes = file.readAll(count * 4);
  if (bytes.size() != count * 4)
    throw UserError(what + " file " + quote(file.path()) + " changed while it was read");
  std::vector<std::uint32_t> words(static_cast<std::size_t>(count));
  if (!bytes.empty()) std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

std::vector<std::uint32_t> readWords(const std::string& path, const std::string& what) {
  InputFile file(path);
  return readWords(file, what);
}

std::vector<std::uint8_t> wordsToBytes(const std::vector<std::uint32_t>& words) {
  std::vector<std::uint8_t> bytes(words.size() * 4);
  if (!words.empty()) std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

}  // namespace shadersort
