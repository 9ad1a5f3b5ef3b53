#include <gtest/gtest.h>

namespace shadersort::testing {
void registerGlEnvironment();
}

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  shadersort::testing::registerGlEnvironment();
  return RUN_ALL_TESTS();
}
