#pragma once
// One headless debug GL context for the whole test binary, and a fixture that fails any test
// during which the driver reported a GL error (KHR_debug callback or glGetError).

#include <gtest/gtest.h>

#include <cstdint>

#include "gl/debug_output.h"

namespace shadersort::testing {

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override { errorsBefore_ = gl::drainGlErrors(); }
  void TearDown() override {
    EXPECT_EQ(gl::drainGlErrors(), errorsBefore_) << "the GL driver reported an error during this test";
  }

 private:
  std::uint64_t errorsBefore_ = 0;
};

template <typename Param>
class GlTestWithParam : public GlTest, public ::testing::WithParamInterface<Param> {};

}  // namespace shadersort::testing
