#include "golden_support.h"

#include <gtest/gtest.h>

#include <cstddef>
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

}  // namespace shadersort::testing
