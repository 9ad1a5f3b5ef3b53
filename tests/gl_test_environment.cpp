#include "gl_test_environment.h"

#include <memory>

#include "platform/headless_context.h"

namespace shadersort::testing {
namespace {

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

}  // namespace

void registerGlEnvironment() { ::testing::AddGlobalTestEnvironment(new GlEnvironment); }

}  // namespace shadersort::testing
