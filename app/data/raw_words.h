#pragma once
// Raw files of little-endian 32-bit words: the key and value files of `shadersort sort`.

#include <cstdint>
#include <string>
#include <vector>

namespace shadersort {

// Throws UserError when the file is missing or its length is not a multiple of 4.
std::vector<std::uint32_t> readWords(const std::string& path, const std::string& what);
std::vector<std::uint8_t> wordsToBytes(const std::vector<std::uint32_t>& words);

}  // namespace shadersort
