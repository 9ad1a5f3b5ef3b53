#pragma once
// KHR_debug output: GL errors are counted (tests fail on any) and, when asked, printed.

#include <cstdint>

namespace shadersort::gl {

struct DebugOutputOptions {
  bool printMessages = false;  // print errors and warnings to stderr as they happen
};

// Installs the callback on the current context; needs a context created with the debug bit to
// see every message. Synchronous output, so a message arrives inside the call that caused it.
void enableDebugOutput(const DebugOutputOptions& options);

// Errors reported since the program started (GL_DEBUG_TYPE_ERROR and glGetError both count).
std::uint64_t glErrorCount();
// Calls glGetError until clear, counts what it found, and returns glErrorCount().
std::uint64_t drainGlErrors();

}  // namespace shadersort::gl
