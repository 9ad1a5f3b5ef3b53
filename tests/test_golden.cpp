// Screenshots from headless runs against golden images: the state of a small fixed picture
// after passes 0, 1, 2, a middle pass and the last.
//
// Tolerance: none (every channel of every pixel must match). The picture is the sort state
// itself, made of integer operations only (integer keys, texelFetch of integer textures, no
// filtering, blending or colour conversion), so any GPU that sorts correctly produces the same
// bytes. A tolerance would hide exactly the faults worth catching here: two pixels with equal
// keys but slightly different colours swapped by a tie broken the wrong way.
//
// To regenerate after a deliberate change: SHADERSORT_UPDATE_GOLDEN=1 shadersort_app_tests
// --gtest_filter='Golden*', then look at the new images before committing them.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "cli_support.h"
#include "data/image.h"
#include "data/image_sequences.h"

namespace shadersort::testing {
namespace {

struct ImageDifference {
  int maxChannel = 0;
  double meanChannel = 0.0;
  bool sameSize = true;
};

ImageDifference compareImages(const Image& a, const Image& b) {
  ImageDifference difference;
  if (a.width != b.width || a.height != b.height) {
    difference.sameSize = false;
    return difference;
  }
  double sum = 0;
  for (std::size_t i = 0; i < a.rgba.size(); ++i) {
    const int channel = std::abs(static_cast<int>(a.rgba[i]) - static_cast<int>(b.rgba[i]));
    difference.maxChannel = std::max(difference.maxChannel, channel);
    sum += channel;
  }
  difference.meanChannel = a.rgba.empty() ? 0.0 : sum / static_cast<double>(a.rgba.size());
  return difference;
}

constexpr int kMaxChannelDifference = 0;

std::string goldenPath(const std::string& name) {
  const char* override = std::getenv("SHADERSORT_GOLDEN_DIR");
  return std::string(override && *override ? override : SHADERSORT_GOLDEN_DIR) + "/" + name;
}

Image headlessState(const ScratchFolder& folder, const std::string& algorithm, int pass) {
  const std::string out = folder.path("pass" + std::to_string(pass) + ".png");
  const auto result = runShadersort("run --algo " + algorithm + " --image " + goldenPath("input_16x12.png") +
                                    " --passes " + std::to_string(pass) + " --out " + out);
  EXPECT_EQ(result.exitCode, 0) << result.err;
  return loadImage(out);
}

TEST(Golden, FragOddEvenStatesMatchAfterChosenPasses) {
  ScratchFolder folder;
  const bool update = std::getenv("SHADERSORT_UPDATE_GOLDEN") != nullptr;
  // 12 rows: passes 0, 1, 2, the middle (6) and the last (12).
  for (int pass : {0, 1, 2, 6, 12}) {
    SCOPED_TRACE("pass " + std::to_string(pass));
    const Image state = headlessState(folder, "frag-odd-even", pass);
    const std::string golden = goldenPath("frag-odd-even_pass" + std::to_string(pass) + ".png");
    if (update) savePng(state, golden);
    const ImageDifference difference = compareImages(state, loadImage(golden));
    ASSERT_TRUE(difference.sameSize);
    EXPECT_LE(difference.maxChannel, kMaxChannelDifference) << "mean difference " << difference.meanChannel;
  }
}

// The comparison must be able to fail: neighbouring passes differ, and so must their goldens.
TEST(Golden, ComparisonSeesTheDifferenceBetweenPasses) {
  const ImageDifference difference =
      compareImages(loadImage(goldenPath("frag-odd-even_pass1.png")), loadImage(goldenPath("frag-odd-even_pass2.png")));
  ASSERT_TRUE(difference.sameSize);
  EXPECT_GT(difference.maxChannel, kMaxChannelDifference);
  const ImageDifference unsortedVsSorted =
      compareImages(loadImage(goldenPath("frag-odd-even_pass0.png")), loadImage(goldenPath("frag-odd-even_pass12.png")));
  EXPECT_GT(unsortedVsSorted.maxChannel, kMaxChannelDifference);
}

// The goldens themselves are right: an independent CPU odd-even transposition (columns by
// luminance, strict comparison) reaches the same pictures after the same passes.
TEST(Golden, GoldensMatchACpuSimulationOfTheSamePasses) {
  const Image input = loadImage(goldenPath("input_16x12.png"));
  const SortOrder order{PixelKey::Luminance, Axis::Columns, false};
  SortData state = imageToSortData(input, order);
  const std::uint32_t length = state.sequenceLength;
  for (int pass = 0; pass <= 12; ++pass) {
    if (pass == 0 || pass == 1 || pass == 2 || pass == 6 || pass == 12) {
      SCOPED_TRACE("pass " + std::to_string(pass));
      const Image golden = loadImage(goldenPath("frag-odd-even_pass" + std::to_string(pass) + ".png"));
      EXPECT_EQ(compareImages(sortDataToImage(state, Axis::Columns), golden).maxChannel, 0);
    }
    for (std::uint32_t s = 0; s < state.sequenceCount; ++s) {
      for (std::uint32_t i = static_cast<std::uint32_t>(pass % 2); i + 1 < length; i += 2) {
        const std::size_t a = static_cast<std::size_t>(s) * length + i;
        if (state.keys[a] > state.keys[a + 1]) {
          std::swap(state.keys[a], state.keys[a + 1]);
          std::swap(state.values[a], state.values[a + 1]);
        }
      }
    }
  }
}

}  // namespace
}  // namespace shadersort::testing
