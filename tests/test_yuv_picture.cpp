// The art pipeline's YUV 4:2:0 input (ArtPipeline::setPictureYuv420, shaders/art/yuv420_to_rgba.comp)
// against the conversion written out here in doubles: BT.601 and BT.709, limited and full range,
// chroma interpolated bilinearly from samples beside even columns and between pairs of rows.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "art/art_pipeline.h"
#include "core/error.h"
#include "data/yuv_picture.h"
#include "sort_test_support.h"

namespace shadersort::testing {
namespace {

using art::ArtPipeline;

Yuv420Picture randomYuv(int width, int height, YuvMatrix matrix, bool fullRange, unsigned seed) {
  Yuv420Picture picture{.width = width, .height = height, .matrix = matrix, .fullRange = fullRange, .planes = {}};
  picture.planes.resize(picture.byteCount());
  std::mt19937 random(seed);
  for (std::uint8_t& byte : picture.planes) byte = static_cast<std::uint8_t>(random());
  return picture;
}

std::array<int, 3> referenceRgb(const Yuv420Picture& picture, int x, int y) {
  const int chromaWidth = picture.chromaWidth(), chromaHeight = picture.chromaHeight();
  const auto chroma = [&](std::size_t first, double cx, double cy) {
    cx = std::clamp(cx, 0.0, chromaWidth - 1.0);
    cy = std::clamp(cy, 0.0, chromaHeight - 1.0);
    const int x0 = static_cast<int>(cx), y0 = static_cast<int>(cy);
    const int x1 = std::min(x0 + 1, chromaWidth - 1), y1 = std::min(y0 + 1, chromaHeight - 1);
    const auto at = [&](int sx, int sy) { return static_cast<double>(picture.planes[first + sy * chromaWidth + sx]); };
    const double fx = cx - x0, fy = cy - y0;
    const double top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx, bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
    return top * (1 - fy) + bottom * fy;
  };
  const std::size_t uFirst = picture.lumaBytes(), vFirst = uFirst + picture.chromaBytes();
  const double cx = x * 0.5, cy = (y - 0.5) * 0.5;
  double luma = picture.planes[static_cast<std::size_t>(y) * picture.width + x];
  double cb = chroma(uFirst, cx, cy) - 128, cr = chroma(vFirst, cx, cy) - 128;
  if (picture.fullRange) {
    luma /= 255, cb /= 255, cr /= 255;
  } else {
    luma = (luma - 16) / 219, cb /= 224, cr /= 224;
  }
  const bool bt709 = picture.matrix == YuvMatrix::Bt709;
  const double kr = bt709 ? 0.2126 : 0.299, kb = bt709 ? 0.0722 : 0.114, kg = 1 - kr - kb;
  const double r = luma + 2 * (1 - kr) * cr, b = luma + 2 * (1 - kb) * cb, g = (luma - kr * r - kb * b) / kg;
  const auto byte = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 1.0) * 255)); };
  return {byte(r), byte(g), byte(b)};
}

Image convertedOnTheGpu(const Yuv420Picture& picture) {
  ArtPipeline pipeline(testSortContext());
  const Image blank(picture.width, picture.height);
  pipeline.setImages({&blank});
  pipeline.setPictureYuv420(picture);
  pipeline.paintInput();
  return pipeline.readResult();
}

TEST(ArtYuv, TheGpusConversionIsTheFormulasWithinOneStep) {
  for (const auto& [width, height] : {std::pair{64, 48}, std::pair{7, 5}, std::pair{1, 1}, std::pair{33, 2}})
    for (const YuvMatrix matrix : {YuvMatrix::Bt601, YuvMatrix::Bt709})
      for (const bool fullRange : {false, true}) {
        SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + (matrix == YuvMatrix::Bt709 ? " BT.709" : " BT.601") +
                     (fullRange ? " full" : " limited"));
        const Yuv420Picture picture = randomYuv(width, height, matrix, fullRange, static_cast<unsigned>(width * 31 + height));
        const Image gpu = convertedOnTheGpu(picture);
        ASSERT_EQ(gpu.width, width);
        int rounding = 0;  // float against double: a value on a rounding edge may go either way
        for (int y = 0; y < height; ++y)
          for (int x = 0; x < width; ++x) {
            const std::array<int, 3> expected = referenceRgb(picture, x, y);
            const std::size_t at = 4 * (static_cast<std::size_t>(y) * width + x);
            for (int channel = 0; channel < 3; ++channel) {
              const int difference = std::abs(gpu.rgba[at + channel] - expected[channel]);
              ASSERT_LE(difference, 1) << "pixel " << x << "," << y << " channel " << channel;
              rounding += difference;
            }
            ASSERT_EQ(gpu.rgba[at + 3], 255);
          }
        EXPECT_LE(rounding, width * height * 3 / 50 + 1) << "more than 2% of the values off by one";
      }
}

TEST(ArtYuv, GreysAndTheRangesEndsAreExact) {
  for (const bool fullRange : {false, true}) {
    Yuv420Picture picture{.width = 4, .height = 2, .matrix = YuvMatrix::Bt709, .fullRange = fullRange, .planes = {}};
    picture.planes.assign(picture.byteCount(), 128);
    const std::uint8_t black = fullRange ? 0 : 16, white = fullRange ? 255 : 235;
    const std::uint8_t luma[8] = {black, white, 100, 200, 0, 255, 64, 128};
    std::copy(std::begin(luma), std::end(luma), picture.planes.begin());
    const Image gpu = convertedOnTheGpu(picture);
    EXPECT_EQ(gpu.rgba[0], 0);
    EXPECT_EQ(gpu.rgba[4], 255);
    for (int pixel = 0; pixel < 8; ++pixel) {
      const double expected = fullRange ? luma[pixel] : (luma[pixel] - 16.0) / 219.0 * 255.0;
      const int grey = static_cast<int>(std::lround(std::clamp(expected, 0.0, 255.0)));
      for (int channel = 0; channel < 3; ++channel) EXPECT_EQ(gpu.rgba[4 * pixel + channel], grey) << "pixel " << pixel;
    }
  }
}

TEST(ArtYuv, AnotherSizeIsRefused) {
  ArtPipeline pipeline(testSortContext());
  const Image blank(8, 6);
  pipeline.setImages({&blank});
  EXPECT_THROW(pipeline.setPictureYuv420(randomYuv(8, 4, YuvMatrix::Bt601, false, 1)), UsageError);
  Yuv420Picture torn = randomYuv(8, 6, YuvMatrix::Bt601, false, 1);
  torn.planes.pop_back();
  EXPECT_THROW(pipeline.setPictureYuv420(torn), std::logic_error);
}

// The result read back as planes (ArtPipeline::startReadResultYuv420, shaders/art/rgba_to_yuv420.comp)
// against BT.601 limited range written out here in doubles, chroma from columns 2i-1, 2i, 2i+1
// (1/4, 1/2, 1/4) on rows 2j and 2j+1, edges clamped.
std::vector<std::uint8_t> referencePlanes(const Image& picture) {
  Yuv420Picture shape{.width = picture.width, .height = picture.height, .matrix = YuvMatrix::Bt601, .fullRange = false, .planes = {}};
  std::vector<std::uint8_t> planes(shape.byteCount());
  const auto rgb = [&](int x, int y) {
    x = std::clamp(x, 0, picture.width - 1);
    y = std::clamp(y, 0, picture.height - 1);
    const std::uint32_t p = picture.pixel(x, y);
    return std::array<double, 3>{(p & 0xFF) / 255.0, ((p >> 8) & 0xFF) / 255.0, ((p >> 16) & 0xFF) / 255.0};
  };
  const auto luma = [](const std::array<double, 3>& c) { return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]; };
  const auto byte = [](double v) { return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0, 255.0))); };
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x)
      planes[static_cast<std::size_t>(y) * picture.width + x] = byte(16 + 219 * luma(rgb(x, y)));
  for (int j = 0; j < shape.chromaHeight(); ++j)
    for (int i = 0; i < shape.chromaWidth(); ++i) {
      std::array<double, 3> sum{};
      for (int row = 0; row < 2; ++row)
        for (const auto& [dx, weight] : {std::pair{-1, 0.25}, std::pair{0, 0.5}, std::pair{1, 0.25}}) {
          const auto c = rgb(2 * i + dx, 2 * j + row);
          for (int k = 0; k < 3; ++k) sum[k] += weight * c[k] / 2;
        }
      const double y = luma(sum);
      const std::size_t at = static_cast<std::size_t>(j) * shape.chromaWidth() + i;
      planes[shape.lumaBytes() + at] = byte(128 + 224 * (sum[2] - y) / 1.772);
      planes[shape.lumaBytes() + shape.chromaBytes() + at] = byte(128 + 224 * (sum[0] - y) / 1.402);
    }
  return planes;
}

Image randomPicture(int width, int height, unsigned seed) {
  Image picture(width, height);
  std::mt19937 random(seed);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) picture.setPixel(x, y, static_cast<std::uint32_t>(random()) | 0xFF000000u);
  return picture;
}

TEST(ArtYuv, TheResultAsPlanesIsTheFormulasWithinOneStep) {
  for (const auto& [width, height] : {std::pair{64, 48}, std::pair{7, 5}, std::pair{1, 1}, std::pair{33, 2}}) {
    SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height));
    const Image picture = randomPicture(width, height, static_cast<unsigned>(width * 7 + height));
    ArtPipeline pipeline(testSortContext());
    pipeline.setImages({&picture});
    pipeline.paintInput();
    // Both kinds of read-back in flight at once, in two slots.
    pipeline.startReadResultYuv420(0);
    pipeline.startReadResult(1);
    Image rgba;
    pipeline.finishReadResult(1, rgba);
    EXPECT_EQ(rgba.rgba, picture.rgba);
    Yuv420Picture planes;
    pipeline.finishReadResultYuv420(0, planes);
    ASSERT_EQ(planes.width, width);
    ASSERT_EQ(planes.height, height);
    EXPECT_EQ(planes.matrix, YuvMatrix::Bt601);
    EXPECT_FALSE(planes.fullRange);
    const std::vector<std::uint8_t> expected = referencePlanes(picture);
    ASSERT_EQ(planes.planes.size(), expected.size());
    int rounding = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      const int difference = std::abs(planes.planes[i] - expected[i]);
      ASSERT_LE(difference, 1) << "byte " << i << " of " << expected.size();
      rounding += difference;
    }
    EXPECT_LE(rounding, static_cast<int>(expected.size()) / 50 + 1) << "more than 2% of the bytes off by one";
  }
}

// Out as planes and back in through setPictureYuv420: a flat colour comes back within the 8-bit
// rounding of the two conversions.
TEST(ArtYuv, AFlatPictureGoesOutAsPlanesAndComesBackTheSame) {
  for (const std::uint32_t colour : {0xFF000000u, 0xFFFFFFFFu, 0xFF2080E0u, 0xFF10C040u}) {
    Image picture(9, 7);
    for (int y = 0; y < 7; ++y)
      for (int x = 0; x < 9; ++x) picture.setPixel(x, y, colour);
    ArtPipeline pipeline(testSortContext());
    pipeline.setImages({&picture});
    pipeline.paintInput();
    pipeline.startReadResultYuv420(2);
    Yuv420Picture planes;
    pipeline.finishReadResultYuv420(2, planes);
    const Image back = convertedOnTheGpu(planes);
    for (std::size_t i = 0; i < back.rgba.size(); ++i)
      EXPECT_LE(std::abs(back.rgba[i] - picture.rgba[i]), 2) << "colour " << std::hex << colour << " byte " << std::dec << i;
  }
}

}  // namespace
}  // namespace shadersort::testing
