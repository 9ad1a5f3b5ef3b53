// The pure CPU parts: pixel keys, key encodings, patterns, inputs, shader log naming.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "data/image_sequences.h"
#include "data/inputs.h"
#include "data/key_encoding.h"
#include "data/patterns.h"
#include "data/pixel_keys.h"
#include "gl/program.h"
#include "gl_test_environment.h"
#include "sort/verify.h"

namespace shadersort::testing {
namespace {

std::uint32_t rgb(std::uint32_t r, std::uint32_t g, std::uint32_t b, std::uint32_t a = 255) {
  return r | (g << 8) | (b << 16) | (a << 24);
}

TEST(PixelKeys, LuminanceIsExactlyTheRec709WeightsOnEightBitValues) {
  for (std::uint32_t r : {0u, 1u, 77u, 255u})
    for (std::uint32_t g : {0u, 3u, 128u, 255u})
      for (std::uint32_t b : {0u, 9u, 254u, 255u}) {
        const double exact = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        EXPECT_NEAR(pixelKey(PixelKey::Luminance, rgb(r, g, b)) / 10000.0, exact, 1e-9);
      }
  // Alpha never matters.
  EXPECT_EQ(pixelKey(PixelKey::Luminance, rgb(10, 20, 30, 0)), pixelKey(PixelKey::Luminance, rgb(10, 20, 30, 255)));
}

TEST(PixelKeys, HueSaturationValueAndChannels) {
  EXPECT_EQ(pixelKey(PixelKey::Hue, rgb(255, 0, 0)), 0u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, rgb(255, 255, 0)), 60000u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, rgb(0, 255, 0)), 120000u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, rgb(0, 0, 255)), 240000u);
  EXPECT_EQ(pixelKey(PixelKey::Hue, rgb(255, 0, 128)), 329882u);  // 360 - 60 * 128/255
  EXPECT_EQ(pixelKey(PixelKey::Hue, rgb(90, 90, 90)), 0u);
  EXPECT_EQ(pixelKey(PixelKey::Saturation, rgb(0, 0, 0)), 0u);
  EXPECT_EQ(pixelKey(PixelKey::Saturation, rgb(200, 200, 200)), 0u);
  EXPECT_EQ(pixelKey(PixelKey::Saturation, rgb(255, 0, 0)), 65535u);
  EXPECT_EQ(pixelKey(PixelKey::Saturation, rgb(200, 100, 100)), 32768u);
  EXPECT_EQ(pixelKey(PixelKey::Value, rgb(12, 200, 7)), 200u);
  EXPECT_EQ(pixelKey(PixelKey::Red, rgb(1, 2, 3)), 1u);
  EXPECT_EQ(pixelKey(PixelKey::Green, rgb(1, 2, 3)), 2u);
  EXPECT_EQ(pixelKey(PixelKey::Blue, rgb(1, 2, 3)), 3u);
  for (std::string_view name : pixelKeyNames()) EXPECT_EQ(pixelKeyName(*parsePixelKey(name)), name);
}

TEST(KeyEncoding, PreservesEveryBitPatternAndOrdersLikeTheType) {
  const std::uint32_t samples[] = {0u, 1u, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFFu, 0x3F800000u, 0xBF800000u,
                                   0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x00000001u, 0x80000001u};
  for (KeyType type : {KeyType::U32, KeyType::I32, KeyType::F32})
    for (std::uint32_t bits : samples) EXPECT_EQ(decodeKey(type, encodeKey(type, bits)), bits);
  EXPECT_LT(encodeKey(KeyType::I32, 0xFFFFFFFFu), encodeKey(KeyType::I32, 0u));  // -1 < 0
  float values[] = {-INFINITY, -1.5f, -0.0f, 0.0f, 1e-40f, 2.0f, INFINITY};
  for (std::size_t i = 1; i < std::size(values); ++i) {
    std::uint32_t a = 0, b = 0;
    std::memcpy(&a, &values[i - 1], 4);
    std::memcpy(&b, &values[i], 4);
    EXPECT_LT(encodeKey(KeyType::F32, a), encodeKey(KeyType::F32, b)) << values[i - 1] << " < " << values[i];
  }
  EXPECT_LT(encodeKey(KeyType::F32, 0xFFC00000u), encodeKey(KeyType::F32, 0xFF800000u));  // -NaN < -inf
  EXPECT_GT(encodeKey(KeyType::F32, 0x7FC00000u), encodeKey(KeyType::F32, 0x7F800000u));  // +NaN > +inf
}

TEST(Patterns, HaveTheirShape) {
  for (Pattern pattern : allPatterns()) {
    EXPECT_EQ(makePattern(pattern, 0, 1).size(), 0u);
    EXPECT_EQ(makePattern(pattern, 1000, 1).size(), 1000u);
    EXPECT_EQ(makePattern(pattern, 1000, 1), makePattern(pattern, 1000, 1)) << "deterministic";
    EXPECT_EQ(patternName(*parsePattern(patternName(pattern))), patternName(pattern));
  }
  const auto sorted = makePattern(Pattern::Sorted, 500, 1);
  EXPECT_TRUE(std::is_sorted(sorted.begin(), sorted.end()));
  const auto reversed = makePattern(Pattern::Reversed, 500, 1);
  EXPECT_TRUE(std::is_sorted(reversed.rbegin(), reversed.rend()));
  auto few = makePattern(Pattern::FewUnique, 500, 1);
  std::sort(few.begin(), few.end());
  EXPECT_LE(std::unique(few.begin(), few.end()) - few.begin(), 5);
  const auto equal = makePattern(Pattern::AllEqual, 100, 1);
  EXPECT_EQ(std::count(equal.begin(), equal.end(), equal[0]), 100);
  const auto nearly = makePattern(Pattern::NearlySorted, 1000, 1);
  EXPECT_FALSE(std::is_sorted(nearly.begin(), nearly.end()));
  auto nearlySorted = nearly;
  std::sort(nearlySorted.begin(), nearlySorted.end());
  int displaced = 0;
  for (std::size_t i = 0; i < nearly.size(); ++i) displaced += nearly[i] != nearlySorted[i];
  EXPECT_LE(displaced, 60) << "about 1% of the keys moved a few places";
}

TEST(Inputs, ImagesBecomeSequencesAndBack) {
  Image image(3, 2);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) image.setPixel(x, y, rgb(static_cast<std::uint32_t>(x * 10 + y), 0, 0));
  const SortData columns = imageToSortData(image, {PixelKey::Red, Axis::Columns, false});
  EXPECT_EQ(columns.sequenceCount, 3u);
  EXPECT_EQ(columns.sequenceLength, 2u);
  EXPECT_EQ(columns.keys, (std::vector<std::uint32_t>{0, 1, 10, 11, 20, 21}));
  const SortData rows = imageToSortData(image, {PixelKey::Red, Axis::Rows, true});
  EXPECT_EQ(rows.sequenceCount, 2u);
  EXPECT_EQ(rows.keys[1], ~10u) << "descending inverts the key";
  EXPECT_EQ(sortDataToImage(rows, Axis::Rows).rgba, image.rgba);
  EXPECT_EQ(sortDataToImage(columns, Axis::Columns).rgba, image.rgba);
}

TEST(ShaderLog, NamesFileAndLineForMesaAndNvidiaFormats) {
  const std::vector<std::string> names = {"shaders/a.comp", "shaders/common/grid.glsl"};
  EXPECT_EQ(gl::nameSourcesInLog("0:12(5): error: `x' undeclared", names), "shaders/a.comp:12(5): error: `x' undeclared");
  EXPECT_EQ(gl::nameSourcesInLog("1(7) : error C1008: undefined variable", names),
            "shaders/common/grid.glsl:7: error C1008: undefined variable");
  EXPECT_EQ(gl::nameSourcesInLog("plain text", names), "plain text");
}

// A real compile failure through this driver: its log, renamed, points at the file and line.
TEST(ShaderCompile, DriverLogPointsAtTheFileAndLine) {
  // The driver rightly reports the failed compile through KHR_debug as an error.
  const ExpectedGlErrors failedCompile;
  const char* source = "#version 430 core\n#line 1 0\nlayout(local_size_x = 1) in;\nvoid main() {\n  undefinedThing = 1;\n}\n";
  const GLuint shader = glCreateShader(GL_COMPUTE_SHADER);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = GL_TRUE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, GL_FALSE);
  char log[2048] = {};
  glGetShaderInfoLog(shader, sizeof log, nullptr, log);
  glDeleteShader(shader);
  EXPECT_NE(gl::nameSourcesInLog(log, {"shaders/broken.comp"}).find("shaders/broken.comp:3"), std::string::npos) << log;
}

TEST(Inputs, PatternInputsColourKeysOnARamp) {
  InputSpec spec;
  spec.pattern = Pattern::Sorted;
  spec.width = 4;
  spec.height = 50;
  const ResolvedInput input = resolveInput(spec);
  EXPECT_EQ(input.data.sequenceCount, 4u);
  EXPECT_EQ(input.image.width, 4);
  EXPECT_NE(patternKeyColour(0), patternKeyColour(0xFFFFFFFFu));
}

}  // namespace
}  // namespace shadersort::testing

namespace shadersort::testing {
namespace {

// The check every full sort passes before its result is written must catch each kind of fault.
TEST(QuickCheck, CatchesDisorderLossDuplicationAndAlteredValues) {
  SortData input;
  input.sequenceCount = 2;
  input.sequenceLength = 5;
  input.keys = {5, 1, 4, 1, 3, 9, 8, 7, 7, 6};
  input.values = {50, 10, 40, 11, 30, 90, 80, 70, 71, 60};
  const SortData good = referenceStableSort(input);
  EXPECT_EQ(quickCheckSorted(input, good), "");
  SortData disordered = good;
  std::swap(disordered.keys[5], disordered.keys[6]);
  std::swap(disordered.values[5], disordered.values[6]);
  EXPECT_NE(quickCheckSorted(input, disordered), "");
  SortData duplicated = good;  // a pair written twice, another lost, order intact
  duplicated.keys[1] = duplicated.keys[0];
  duplicated.values[1] = duplicated.values[0];
  EXPECT_NE(quickCheckSorted(input, duplicated), "");
  SortData altered = good;
  altered.values[3] += 1;
  EXPECT_NE(quickCheckSorted(input, altered), "");
  SortData crossed = good;  // a pair moved into the other sequence
  std::swap(crossed.keys[4], crossed.keys[5]);
  std::swap(crossed.values[4], crossed.values[5]);
  EXPECT_NE(quickCheckSorted(input, crossed), "");
}

}  // namespace
}  // namespace shadersort::testing
