#pragma once
// Running gnuplot on a script, as a program with an argument vector (no shell), in a folder of
// its own: the script names its files relative to that folder, so no path is ever script text.

#include <string>

namespace shadersort::bench {

// Runs `gnuplot SCRIPT` with `folder` as its working directory and waits for it; a terminating
// signal meanwhile ends gnuplot as well (core/temporary_files.h). Throws
// UserError saying what failed: gnuplot missing from PATH, or gnuplot's own first error line.
void runGnuplot(const std::string& folder, const std::string& scriptName);

}  // namespace shadersort::bench
