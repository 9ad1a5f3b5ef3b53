// The per-test GL error check (gl_test_environment.h) must fail a test that leaves a GL error
// behind, whatever its fixture, and that test alone. The tests that misbehave are DISABLED_: they
// run only in a child process of this binary, whose verdicts the checks below read.

#include <gtest/gtest.h>

#include <glad/gl.h>

#include <filesystem>

#include "cli_support.h"
#include "gl_test_environment.h"

namespace shadersort::testing {
namespace {

constexpr GLenum kNoSuchCapability = 0xFFFF;  // glEnable of it: GL_INVALID_ENUM

TEST(GlErrorCheckChild, DISABLED_LeavesAnInvalidEnumBehind) { glEnable(kNoSuchCapability); }

TEST(GlErrorCheckChild, DISABLED_RunsCleanAfterIt) {}

TEST(GlErrorCheckChild, DISABLED_CausesAnExpectedError) {
  const ExpectedGlErrors expected;
  glEnable(kNoSuchCapability);
  EXPECT_GT(expected.count(), 0u);
}

TEST(GlErrorCheckChild, DISABLED_CausesAnErrorAfterAnExpectedOne) {
  {
    const ExpectedGlErrors expected;
    glEnable(kNoSuchCapability);
  }
  glEnable(kNoSuchCapability);
}

// Runs this test binary on `tests` (a --gtest_filter) in a child process.
CommandResult runThisBinary(const std::string& tests) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  return runScript("'" + self + "' --gtest_also_run_disabled_tests --gtest_filter='" + tests + "'");
}

TEST(GlErrorCheck, APlainTestThatLeavesAGlErrorFailsByItself) {
  const auto child =
      runThisBinary("GlErrorCheckChild.DISABLED_LeavesAnInvalidEnumBehind:GlErrorCheckChild.DISABLED_RunsCleanAfterIt");
  EXPECT_NE(child.exitCode, 0) << child.out;
  EXPECT_NE(child.out.find("[  FAILED  ] GlErrorCheckChild.DISABLED_LeavesAnInvalidEnumBehind"), std::string::npos)
      << child.out;
  EXPECT_NE(child.out.find("error(s) during this test"), std::string::npos) << child.out;
  // The next test is not blamed for it.
  EXPECT_NE(child.out.find("[       OK ] GlErrorCheckChild.DISABLED_RunsCleanAfterIt"), std::string::npos) << child.out;
  EXPECT_NE(child.out.find(" 1 FAILED TEST"), std::string::npos) << child.out;
}

TEST(GlErrorCheck, ExpectedErrorsAreExcusedOnlyWhileExpected) {
  const auto excused = runThisBinary("GlErrorCheckChild.DISABLED_CausesAnExpectedError");
  EXPECT_EQ(excused.exitCode, 0) << excused.out;
  const auto after = runThisBinary("GlErrorCheckChild.DISABLED_CausesAnErrorAfterAnExpectedOne");
  EXPECT_NE(after.exitCode, 0) << after.out;
  EXPECT_NE(after.out.find("error(s) during this test"), std::string::npos) << after.out;
}

}  // namespace
}  // namespace shadersort::testing
