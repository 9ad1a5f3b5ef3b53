// Regression (issue 26): a race's lane headers and its ranking gave different times for the same
// sort (odd-even 80.053 ms against 2.172 ms) without saying why: the header's is the live time
// (passes as played, one a frame, first-use compiles included), the ranking's a timed re-run.
// Both are labelled, in the panel and in --stats.

#include <gtest/gtest.h>

#include <regex>

#include "cli_support.h"

namespace shadersort::testing {
namespace {

TEST(RaceTimings, LiveTimesAndTheTimedReRunAreLabelledInStats) {
  const auto result = runShadersort("view --offscreen --frames 30 --stats --pattern random --size 16x16 --race radix,bitonic",
                                    "DISPLAY=");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  for (const std::string name : {"radix", "bitonic"}) {
    EXPECT_TRUE(std::regex_search(result.out, std::regex("(^|\n)" + name + R"(: pass \d+ of \d+ \(sorted\), live \d+\.\d{3} ms\n)")))
        << name << ": " << result.out;
    EXPECT_TRUE(std::regex_search(result.out, std::regex(R"((^|\n)rank [12]: )" + name + R"(, \d+ passes, timed re-run \d+\.\d{3} ms )")))
        << name << ": " << result.out;
  }
}

}  // namespace
}  // namespace shadersort::testing
