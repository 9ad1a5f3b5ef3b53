#pragma once
// Running the shadersort binary with an exact argument vector (no shell: any byte may be in an
// argument), a time and memory bound, and a hook that runs once the child's pid is known.

#include <sys/types.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace shadersort::testing {

struct ProcessOptions {
  std::vector<std::string> environment;  // NAME=VALUE, added to (or replacing in) this process's
  double timeoutSeconds = 60;            // then SIGKILL: a hang fails the test instead of the suite
  std::uint64_t addressSpaceBytes = 0;   // RLIMIT_AS when non-zero: a runaway allocation fails fast
  // Runs in the parent after fork and before the child execs (the child waits for it).
  std::function<void(pid_t)> beforeExec;
};

struct ProcessResult {
  int exitCode = -1;  // 128 + signal when killed
  bool timedOut = false;
  double seconds = 0;  // wall time from fork to exit
  std::uint64_t peakResidentBytes = 0;  // the child's largest resident set (getrusage)
  std::string out, err;
};

// The binary under test (defined in cli_support.cpp).
std::string shadersortBinary();

// Runs the shadersort binary with `arguments`.
ProcessResult runShadersortArgs(const std::vector<std::string>& arguments, const ProcessOptions& options = {});

// True when `text` holds a byte below 0x20 other than the final newline, or DEL.
bool hasRawControlBytes(const std::string& text);

}  // namespace shadersort::testing
