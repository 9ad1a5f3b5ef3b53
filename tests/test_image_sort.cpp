// Images through every schedule of every algorithm: each column (or row) must come out ordered by
// the key recomputed from its pixels, and hold exactly the pixels it held before.

#include <gtest/gtest.h>

#include <random>

#include "data/image_sequences.h"
#include "sort/verify.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

// Few distinct keys but many distinct colours: every red level comes with random green, blue
// and alpha, so a sort by red has long runs of ties between different pixels.
Image manyTiesImage(int width, int height, std::uint32_t seed) {
  Image image = randomImage(width, height, seed);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) image.setPixel(x, y, (image.pixel(x, y) & 0xFFFFFF00u) | ((x * 7 + y * 3) % 4) * 60);
  return image;
}

Image sortImage(const Schedule& schedule, const Image& image, const SortOrder& order) {
  const SortData input = imageToSortData(image, order);
  const SortData output = sortOnGpu(schedule, input);
  if (schedule.algorithm->stable) {
    EXPECT_EQ(output.values, referenceStableSort(input).values) << "a stable sort must equal std::stable_sort";
  }
  return sortDataToImage(output, order.axis);
}

class ImageSort : public ::testing::TestWithParam<Schedule> {};

TEST_P(ImageSort, EveryKeyAxisAndDirectionOrdersAndConservesPixels) {
  const Image image = randomImage(13, 11, 7);
  for (std::string_view keyName : pixelKeyNames()) {
    for (Axis axis : {Axis::Columns, Axis::Rows}) {
      for (bool descending : {false, true}) {
        const SortOrder order{*parsePixelKey(keyName), axis, descending};
        SCOPED_TRACE(std::string(keyName) + (axis == Axis::Columns ? " columns" : " rows") +
                     (descending ? " descending" : " ascending"));
        EXPECT_EQ(verifySortedImage(image, sortImage(GetParam(), image, order), order), "");
      }
    }
  }
}

TEST_P(ImageSort, OddAndDegenerateSizes) {
  const std::pair<int, int> sizes[] = {{1, 1}, {1, 17}, {17, 1}, {31, 29}, {2, 65}, {65, 3}};
  for (const auto& [width, height] : sizes) {
    for (Axis axis : {Axis::Columns, Axis::Rows}) {
      SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + (axis == Axis::Columns ? " columns" : " rows"));
      const Image image = randomImage(width, height, static_cast<std::uint32_t>(width * 100 + height));
      const SortOrder order{PixelKey::Luminance, axis, false};
      EXPECT_EQ(verifySortedImage(image, sortImage(GetParam(), image, order), order), "");
    }
  }
}

TEST_P(ImageSort, TiesBetweenDifferentColoursNeverDuplicateOrDropPixels) {
  const Image image = manyTiesImage(23, 37, 11);
  for (bool descending : {false, true}) {
    const SortOrder order{PixelKey::Red, Axis::Columns, descending};
    EXPECT_EQ(verifySortedImage(image, sortImage(GetParam(), image, order), order), "");
  }
}

// The checker itself must catch a wrong answer, or every test above could pass vacuously.
TEST(ImageVerifier, CatchesDisorderAndLostPixels) {
  const Image image = randomImage(4, 5, 3);
  const SortOrder order{PixelKey::Luminance, Axis::Columns, false};
  EXPECT_NE(verifySortedImage(image, image, order), "") << "an unsorted image passed";
  const SortData sorted = referenceStableSort(imageToSortData(image, order));
  Image good = sortDataToImage(sorted, Axis::Columns);
  EXPECT_EQ(verifySortedImage(image, good, order), "");
  Image duplicated = good;
  duplicated.setPixel(0, 1, duplicated.pixel(0, 0));
  EXPECT_NE(verifySortedImage(image, duplicated, order), "") << "a duplicated pixel passed";
}

INSTANTIATE_TEST_SUITE_P(AllAlgorithms, ImageSort, ::testing::ValuesIn(allSchedules()), scheduleName);

}  // namespace
}  // namespace shadersort::testing
