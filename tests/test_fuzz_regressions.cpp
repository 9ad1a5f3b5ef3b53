// Every input a fuzz target (fuzz/) crashed on or flagged, kept as a test of the same function in
// the normal build; the asan suite runs them under the sanitizers as well. Each test says which
// target found it and what went wrong.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "data/image.h"

namespace shadersort::testing {
namespace {

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

// fuzz_image_keys, on its own seed rgb16.ppm: stb_image 2.27 converts the channels of a 16-bit
// PNM as if its samples were 8-bit and then reads 16-bit samples past the end of that buffer (a
// heap-buffer-overflow in stbi__convert_16_to_8); the pixels came out partly from beyond it, and
// the samples it does read are byte-swapped. Such files are refused now, in one line.
TEST(FuzzRegressions, SixteenBitPnmIsRefusedNotReadPastItsBuffer) {
  const std::string rgb = std::string("P6\n2 1\n65535\n") + std::string("\xFF\xFF\x80\x00\x00\x01\x12\x34\xAB\xCD\x00\xFF", 12);
  const std::string grey = std::string("P5 3 1 65535\n") + std::string("\x00\x10\x7F\xFF\xFF\x00", 6);
  for (const std::string& file : {rgb, grey}) {
    try {
      decodeImage(bytesOf(file), "16-bit.pnm");
      ADD_FAILURE() << "a 16-bit PNM was decoded";
    } catch (const UserError& error) {
      EXPECT_NE(std::string(error.what()).find("16-bit PNM"), std::string::npos) << error.what();
    }
  }
  // 8-bit PNM still decodes.
  const Image eightBit = decodeImage(bytesOf(std::string("P6\n1 1\n255\n") + "\x01\x02\x03"), "8-bit.ppm");
  EXPECT_EQ(eightBit.rgba, (std::vector<std::uint8_t>{1, 2, 3, 255}));
}

}  // namespace
}  // namespace shadersort::testing
