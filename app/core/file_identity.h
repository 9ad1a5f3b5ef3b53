#pragma once
// Whether two paths name one file, decided as coreutils decides it: by device and inode, not by
// spelling, so "x", "./x", "sub/../x" and a symbolic link to x are all the same file.

#include <string>

namespace shadersort {

// True when both paths reach the same existing file (links followed), or when both name the
// same entry of the same folder (the way to compare files that do not exist yet).
bool sameFile(const std::string& a, const std::string& b);

}  // namespace shadersort
