#include <gtest/gtest.h>

#include "gl_test_environment.h"

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  shadersort::testing::registerGlEnvironment();
  return RUN_ALL_TESTS();
}
