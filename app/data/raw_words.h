#pragma once
// Raw files of little-endian 32-bit words: the key and value files of `shadersort sort`.

#include <cstdint>
#include <string>
#include <vector>

#include "core/input_file.h"

namespace shadersort {

// The words `file` holds by its size, checked before reading: throws UserError naming the file
// when its length is not a multiple of 4.
std::uint64_t wordCount(const InputFile& file, const std::string& what);
// Reads the words; throws UserError when the file no longer holds wordCount() words.
std::vector<std::uint32_t> readWords(InputFile& file, const std::string& what);
// Both, for a path.
std::vector<std::uint32_t> readWords(const std::string& path, const std::string& what);

std::vector<std::uint8_t> wordsToBytes(const std::vector<std::uint32_t>& words);

}  // namespace shadersort
