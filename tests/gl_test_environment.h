#pragma once
// One headless debug GL context for the whole test binary, and a check on every test, whatever
// its fixture: a test during which the driver reported a GL error (KHR_debug callback or
// glGetError) fails. Errors are drained when each test starts and ends, so one test's error is
// neither missed nor blamed on the next.

#include <cstdint>

namespace shadersort::testing {

// Registers the context and the per-test check (main() calls it once).
void registerGlEnvironment();

// Errors a test causes on purpose (a shader that must fail to compile): those reported while one
// of these lives are excused, and the test checks them itself through count(). Errors before or
// after it still fail the test.
class ExpectedGlErrors {
 public:
  ExpectedGlErrors();
  ~ExpectedGlErrors();
  ExpectedGlErrors(const ExpectedGlErrors&) = delete;
  ExpectedGlErrors& operator=(const ExpectedGlErrors&) = delete;
  // Errors reported since this object was made.
  std::uint64_t count() const;

 private:
  std::uint64_t before_;
};

}  // namespace shadersort::testing
