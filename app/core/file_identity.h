#pragma once
// Whether two paths name one file, decided as coreutils decides it: by device and inode, not by
// spelling, so "x", "./x", "sub/../x" and a symbolic link to x are all the same file.

#include <string>
#include <string_view>
#include <vector>

namespace shadersort {

// True when both paths reach the same existing file (links followed), when both name the same
// entry of the same folder, or when they are one path once made absolute, with the links of
// their existing folders resolved and "." and ".." and repeated slashes taken out (the way to
// compare files that do not exist yet: "o.png", "$PWD//o.png", "nosuch/../o.png").
bool sameFile(const std::string& a, const std::string& b);

// An output a command writes, named by its option.
struct NamedOutput {
  std::string_view option;  // "--out"
  std::string path;         // empty: not asked for
};

// Throws UsageError "OPTION 'A' and OTHER 'B' are the same file" for the first two outputs that
// are one file however they are spelt: one would overwrite the other.
void requireDistinctOutputs(const std::vector<NamedOutput>& outputs);

}  // namespace shadersort
