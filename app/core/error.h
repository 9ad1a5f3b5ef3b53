#pragma once
// Errors that reach the user as one line on stderr and a non-zero exit.

#include <stdexcept>
#include <string>

namespace shadersort {

// Something the user can fix: bad input, a file that cannot be read or written, a size beyond
// the GPU's limits. Exit 1.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The command line itself is wrong: an unknown name, a malformed or out-of-range number,
// options that contradict each other. Exit 2, like the parser's own errors.
class UsageError : public UserError {
 public:
  using UserError::UserError;
};

// The machine cannot do what was asked: no OpenGL 4.3, context creation failed, a GL failure.
class GpuError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace shadersort
