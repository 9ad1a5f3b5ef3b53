#pragma once
// Errors that reach the user as one line on stderr and a non-zero exit.

#include <stdexcept>
#include <string>

namespace shadersort {

// Something the user can fix: bad input, unknown option, a size beyond the GPU's limits.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The machine cannot do what was asked: no OpenGL 4.3, context creation failed, a GL failure.
class GpuError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace shadersort
