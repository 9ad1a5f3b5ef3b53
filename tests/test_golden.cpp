// Screenshots from headless runs against golden images: the state of a small fixed picture
// after passes 0, 1, 2, a middle pass and the last.
//
// Compared exactly (the viewer's drawn pictures within a stated leeway), and rewritten with SHADERSORT_UPDATE_GOLDEN=1 (tests/golden_support.h):
// after a deliberate change, run shadersort_app_tests --gtest_filter='Golden*' with it, then look
// at the new images before committing them.

#include <gtest/gtest.h>

#include <filesystem>

#include "cli_support.h"
#include "data/image.h"
#include "data/image_sequences.h"
#include "golden_support.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

Image headlessState(const ScratchFolder& folder, const std::string& algorithm, int pass) {
  const std::string out = folder.path("pass" + std::to_string(pass) + ".png");
  const auto result = runShadersort("run --algo " + algorithm + " --image " + goldenPath("input_16x12.png") +
                                    " --passes " + std::to_string(pass) + " --out " + out);
  EXPECT_EQ(result.exitCode, 0) << result.err;
  return loadImage(out);
}

TEST(Golden, FragOddEvenStatesMatchAfterChosenPasses) {
  ScratchFolder folder;
  // 12 rows: passes 0, 1, 2, the middle (6) and the last (12).
  for (int pass : {0, 1, 2, 6, 12}) {
    SCOPED_TRACE("pass " + std::to_string(pass));
    expectMatchesGolden(headlessState(folder, "frag-odd-even", pass), "frag-odd-even_pass" + std::to_string(pass) + ".png");
  }
}

// The comparison must be able to fail: neighbouring passes differ, and so must their goldens.
TEST(Golden, ComparisonSeesTheDifferenceBetweenPasses) {
  EXPECT_NE(loadImage(goldenPath("frag-odd-even_pass1.png")).rgba, loadImage(goldenPath("frag-odd-even_pass2.png")).rgba);
  EXPECT_NE(loadImage(goldenPath("frag-odd-even_pass0.png")).rgba, loadImage(goldenPath("frag-odd-even_pass12.png")).rgba);
  EXPECT_NE(differenceFromGolden(loadImage(goldenPath("frag-odd-even_pass1.png")), "frag-odd-even_pass2.png"), "");
}

// The goldens themselves are right: an independent CPU odd-even transposition (columns by
// luminance, strict comparison) reaches the same pictures after the same passes.
TEST(Golden, GoldensMatchACpuSimulationOfTheSamePasses) {
  const Image input = loadImage(goldenPath("input_16x12.png"));
  const SortOrder order{PixelKey::Luminance, Axis::Columns, false};
  SortData state = imageToSortData(input, order);
  for (std::uint32_t pass = 0; pass <= 12; ++pass) {
    if (pass == 0 || pass == 1 || pass == 2 || pass == 6 || pass == 12) {
      SCOPED_TRACE("pass " + std::to_string(pass));
      const Image golden = loadImage(goldenPath("frag-odd-even_pass" + std::to_string(pass) + ".png"));
      EXPECT_EQ(sortDataToImage(state, Axis::Columns).rgba, golden.rgba);
    }
    oddEvenRoundOnCpu(state, pass);
  }
}

// The drawn-golden leeway allows a channel off by 1 and a texel-edge pixel showing its other
// texel, and nothing else: a channel off by 2, or a swapped pixel off the edge, still fails.
TEST(DrawnGolden, AllowsWhatDriversMayDoAndNothingMore) {
  constexpr std::uint32_t red = 0xFF0000F0u, blue = 0xFFF00000u;  // room for +2 in the red channel
  // Two texels over five pixels: pixel 2's centre (2.5) is the edge between them.
  const EnlargedAxis axis{0, 5, 2};
  EXPECT_FALSE(onTexelEdge(axis, 1));
  EXPECT_TRUE(onTexelEdge(axis, 2));
  const auto row = [](std::vector<std::uint32_t> colours) {
    Image image(static_cast<int>(colours.size()), 1);
    for (int x = 0; x < image.width; ++x) image.setPixel(x, 0, colours[static_cast<std::size_t>(x)]);
    return image;
  };
  const Image golden = row({red, red, blue, blue, blue});
  const DriverLeeway edges{.columns = {axis}, .rows = {}};
  EXPECT_EQ(differenceWithinLeeway(row({red, red, red, blue, blue}), golden, edges), "");
  EXPECT_NE(differenceWithinLeeway(row({red, red, red, blue, blue}), golden, {}), "");
  EXPECT_NE(differenceWithinLeeway(row({red, blue, blue, blue, blue}), golden, edges), "");
  EXPECT_EQ(differenceWithinLeeway(row({red + 1, red, blue, blue, blue}), golden, {}), "");
  EXPECT_NE(differenceWithinLeeway(row({red + 2, red, blue, blue, blue}), golden, {}), "");
}

}  // namespace
}  // namespace shadersort::testing
