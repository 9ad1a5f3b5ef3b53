// What --gl-debug prints: faults and the driver's serious warnings, not its medium performance
// hints (NVIDIA sends one for every read-back buffer it keeps in host memory, which shadersort
// asks for on purpose; printed, they broke every test that expects a quiet stderr on that GPU).

#include <gtest/gtest.h>

#include <glad/gl.h>

#include <string>

namespace shadersort::testing {
namespace {

std::string printedFor(GLenum type, GLenum severity, const std::string& text) {
  ::testing::internal::CaptureStderr();
  glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, type, 1, severity, static_cast<GLsizei>(text.size()), text.c_str());
  return ::testing::internal::GetCapturedStderr();
}

TEST(GlDebugOutput, MediumPerformanceHintsAreQuietAndOtherWarningsPrinted) {
  EXPECT_EQ(printedFor(GL_DEBUG_TYPE_PERFORMANCE, GL_DEBUG_SEVERITY_MEDIUM, "buffer moved to host memory"), "");
  EXPECT_EQ(printedFor(GL_DEBUG_TYPE_PERFORMANCE, GL_DEBUG_SEVERITY_HIGH, "stalled"), "GL performance: stalled\n");
  EXPECT_EQ(printedFor(GL_DEBUG_TYPE_PORTABILITY, GL_DEBUG_SEVERITY_MEDIUM, "not portable"),
            "GL portability: not portable\n");
  EXPECT_EQ(printedFor(GL_DEBUG_TYPE_OTHER, GL_DEBUG_SEVERITY_LOW, "low"), "");
}

}  // namespace
}  // namespace shadersort::testing
