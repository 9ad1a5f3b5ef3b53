#include "gl_test_environment.h"

#include <gtest/gtest.h>

#include <memory>

#include "gl/debug_output.h"
#include "platform/headless_context.h"

namespace shadersort::testing {
namespace {

// Errors excused by ExpectedGlErrors in the running test.
std::uint64_t excusedErrors = 0;

class GlEnvironment : public ::testing::Environment {
 public:
  void SetUp() override {
    // No skip when the context cannot be made: a suite that runs nothing would pass silently.
    context_ = std::make_unique<platform::HeadlessContext>(platform::ContextOptions{.debug = true});
  }
  void TearDown() override { context_.reset(); }

 private:
  std::unique_ptr<platform::HeadlessContext> context_;
};

// A listener rather than a fixture, so that plain TEST()s are checked too. Its OnTestEnd runs
// before the result printer's (gtest calls end events in reverse order), so the failure it adds
// belongs to this test and shows in its verdict.
class GlErrorCheck : public ::testing::EmptyTestEventListener {
 public:
  void OnTestStart(const ::testing::TestInfo&) override {
    excusedErrors = 0;
    errorsBefore_ = gl::drainGlErrors();
  }
  void OnTestEnd(const ::testing::TestInfo&) override {
    const std::uint64_t reported = gl::drainGlErrors() - errorsBefore_;
    if (reported > excusedErrors)
      ADD_FAILURE() << "the GL driver reported " << reported - excusedErrors
                    << " error(s) during this test (the messages are above, as \"GL error\" lines)";
  }

 private:
  std::uint64_t errorsBefore_ = 0;
};

}  // namespace

void registerGlEnvironment() {
  ::testing::AddGlobalTestEnvironment(new GlEnvironment);
  // Appended after the default printer, which must see every failure (gtest's rule for listeners
  // that add failures).
  ::testing::UnitTest::GetInstance()->listeners().Append(new GlErrorCheck);
}

ExpectedGlErrors::ExpectedGlErrors() : before_(gl::drainGlErrors()) {}

ExpectedGlErrors::~ExpectedGlErrors() { excusedErrors += count(); }

std::uint64_t ExpectedGlErrors::count() const { return gl::drainGlErrors() - before_; }

}  // namespace shadersort::testing
