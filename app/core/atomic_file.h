#pragma once
// Outputs are written whole or not at all: bytes go to a temporary file beside the target, which
// is renamed over it only once complete. An input named as the output is therefore safe.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace shadersort {

// Throws UserError naming the path when the file cannot be written.
void writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes);

// Fails early (UserError) when `path` could not be written: its folder is missing or read-only,
// or it names a folder. Saves sorting a large input only to fail at the end.
void requireWritableOutput(const std::string& path);

// Throws UserError when the file is missing or unreadable.
std::vector<std::uint8_t> readWholeFile(const std::string& path);

}  // namespace shadersort
