#include "golden_support.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace shadersort::testing {

std::string goldenPath(const std::string& name) {
  const char* override = std::getenv("SHADERSORT_GOLDEN_DIR");
  return std::string(override && *override ? override : SHADERSORT_GOLDEN_DIR) + "/" + name;
}

std::string differenceFromGolden(const Image& picture, const std::string& name) {
  const Image golden = loadImage(goldenPath(name));
  if (golden.width != picture.width || golden.height != picture.height)
    return name + " is " + std::to_string(golden.width) + "x" + std::to_string(golden.height) + ", the picture " +
           std::to_string(picture.width) + "x" + std::to_string(picture.height);
  std::size_t differing = 0, first = 0;
  for (std::size_t i = 0; i < golden.rgba.size(); i += 4)
    if (std::memcmp(&golden.rgba[i], &picture.rgba[i], 4) != 0 && differing++ == 0) first = i / 4;
  if (differing == 0) return "";
  return std::to_string(differing) + " pixels differ from " + name + ", the first at (" +
         std::to_string(first % static_cast<std::size_t>(golden.width)) + ", " +
         std::to_string(first / static_cast<std::size_t>(golden.width)) + ")";
}

void expectMatchesGolden(const Image& picture, const std::string& name) {
  if (const char* update = std::getenv("SHADERSORT_UPDATE_GOLDEN"); update && std::strcmp(update, "1") == 0)
    savePng(picture, goldenPath(name));
  EXPECT_EQ(differenceFromGolden(picture, name), "");
}

bool onTexelEdge(const EnlargedAxis& axis, int p) {
  if (p <= axis.first || p >= axis.first + axis.pixels - 1 || axis.texels <= 0) return false;
  // The centre p + 0.5 sits at texel coordinate (p - first + 0.5) * texels / pixels: an edge when
  // that is a whole number, decided in integers.
  const long long twice = (2LL * (p - axis.first) + 1) * axis.texels;
  return twice % (2LL * axis.pixels) == 0;
}

namespace {

bool within(std::uint32_t a, std::uint32_t b, int channel) {
  for (int shift = 0; shift < 32; shift += 8) {
    const int difference = static_cast<int>((a >> shift) & 0xFFu) - static_cast<int>((b >> shift) & 0xFFu);
    if (difference > channel || difference < -channel) return false;
  }
  return true;
}

bool onAnyEdge(const std::vector<EnlargedAxis>& axes, int p) {
  for (const EnlargedAxis& axis : axes)
    if (onTexelEdge(axis, p)) return true;
  return false;
}

}  // namespace

bool sameWithinDriverRounding(std::uint32_t a, std::uint32_t b) { return within(a, b, 1); }

std::string differenceWithinLeeway(const Image& picture, const Image& golden, const DriverLeeway& leeway) {
  if (golden.width != picture.width || golden.height != picture.height)
    return "the golden is " + std::to_string(golden.width) + "x" + std::to_string(golden.height) + ", the picture " +
           std::to_string(picture.width) + "x" + std::to_string(picture.height);
  constexpr int kChannel = 1;
  std::size_t differing = 0;
  int firstX = 0, firstY = 0;
  for (int y = 0; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x) {
      const std::uint32_t shown = picture.pixel(x, y);
      if (within(shown, golden.pixel(x, y), kChannel)) continue;
      if (onAnyEdge(leeway.columns, x) &&
          (within(shown, golden.pixel(x - 1, y), kChannel) || within(shown, golden.pixel(x + 1, y), kChannel)))
        continue;
      if (onAnyEdge(leeway.rows, y) &&
          (within(shown, golden.pixel(x, y - 1), kChannel) || within(shown, golden.pixel(x, y + 1), kChannel)))
        continue;
      if (differing++ == 0) firstX = x, firstY = y;
    }
  if (differing == 0) return "";
  return std::to_string(differing) + " pixels differ beyond what drivers may, the first at (" + std::to_string(firstX) +
         ", " + std::to_string(firstY) + ")";
}

std::string differenceFromDrawnGolden(const Image& picture, const std::string& name, const DriverLeeway& leeway) {
  const std::string difference = differenceWithinLeeway(picture, loadImage(goldenPath(name)), leeway);
  return difference.empty() ? "" : name + ": " + difference;
}

void expectMatchesDrawnGolden(const Image& picture, const std::string& name, const DriverLeeway& leeway) {
  if (const char* update = std::getenv("SHADERSORT_UPDATE_GOLDEN"); update && std::strcmp(update, "1") == 0)
    savePng(picture, goldenPath(name));
  EXPECT_EQ(differenceFromDrawnGolden(picture, name, leeway), "");
}

}  // namespace shadersort::testing
