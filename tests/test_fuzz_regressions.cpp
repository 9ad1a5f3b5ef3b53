// Every input a fuzz target (fuzz/) crashed on or flagged, kept as a test of the same function in
// the normal build; the asan suite runs them under the sanitizers as well. Each test says which
// target found it and what went wrong.

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "core/error.h"
#include "data/image.h"

namespace shadersort::testing {
namespace {

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

std::string readBinary(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// fuzz_image_keys, on its own seed rgb16.ppm: stb_image 2.27 converts the channels of a 16-bit
// PNM as if its samples were 8-bit and then reads 16-bit samples past the end of that buffer (a
// heap-buffer-overflow in stbi__convert_16_to_8); the pixels came out partly from beyond it, and
// the samples it does read are byte-swapped. Such files are refused now, in one line.
TEST(FuzzRegressions, SixteenBitPnmIsRefusedNotReadPastItsBuffer) {
  const std::string rgb = std::string("P6\n2 1\n65535\n") + std::string("\xFF\xFF\x80\x00\x00\x01\x12\x34\xAB\xCD\x00\xFF", 12);
  const std::string grey = std::string("P5 3 1 65535\n") + std::string("\x00\x10\x7F\xFF\xFF\x00", 6);
  // fuzz_image_keys (seed 2): the header ends with the file, so stb_image's own 16-bit check
  // read no maxval, and decoding read 16-bit samples from the padding.
  const std::string headerOnly = "P6\n2\n2 0558";
  for (const std::string& file : {rgb, grey, headerOnly}) {
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

// fuzz_image_keys: a JPEG whose Huffman table (DHT) declares 274 codes; stb_image 2.27 writes each
// code's size into a 257-entry array without a bound (stbi__build_huffman: index 257 out of
// bounds, a heap overflow in a normal build). Such files are refused before stb_image reads them.
// fuzz_image_keys: a PNM header number of 29 digits; stb_image 2.27 accumulates it in an int
// (signed overflow in stbi__pnm_getinteger). Refused before stb_image reads it.
TEST(FuzzRegressions, PnmHeaderNumberTooLongIsRefused) {
  const std::string file = std::string("P5   ") + std::string(29, '3') + "5\n\x0b\x00\xff";
  try {
    decodeImage(bytesOf(file), "long.pgm");
    ADD_FAILURE() << "the PNM was decoded";
  } catch (const UserError& error) {
    EXPECT_NE(std::string(error.what()).find("PNM header"), std::string::npos) << error.what();
  }
  EXPECT_EQ(decodeImage(bytesOf(std::string("P5 # two\n2 1 255\n") + "\x05\x06"), "ok.pgm").width, 2);
}

// fuzz_image_keys (seeds 2 and 3): a JPEG cut short inside a Huffman table segment. decodeImage
// pads the file (so that a cut-short file is found), and stb_image read the rest of the table's
// code counts from the padding: 16 x 0xA5 codes, the same heap overflow. Refused as cut short.
TEST(FuzzRegressions, JpegCutShortInsideAHuffmanTableIsRefused) {
  const std::string file = readBinary(std::string(SHADERSORT_SOURCE_DIR) + "/tests/data/jpeg_huffman_cut_short.jpg");
  ASSERT_FALSE(file.empty());
  // Also cut just after a Huffman table's marker, before its length.
  const std::size_t marker = file.find("\xFF\xC4");
  ASSERT_NE(marker, std::string::npos);
  for (const std::string& cut : {file, file.substr(0, marker + 2), file.substr(0, marker + 3)}) {
    try {
      decodeImage(bytesOf(cut), "cut.jpg");
      ADD_FAILURE() << "the JPEG was decoded, " << cut.size() << " bytes";
    } catch (const UserError& error) {
      EXPECT_NE(std::string(error.what()).find("cut short inside a JPEG Huffman table"), std::string::npos) << error.what();
    }
  }
}

TEST(FuzzRegressions, JpegHuffmanTableOfMoreThan256CodesIsRefused) {
  const std::string file = readBinary(std::string(SHADERSORT_SOURCE_DIR) + "/tests/data/jpeg_huffman_overflow.jpg");
  ASSERT_FALSE(file.empty());
  // stb_image skips 0xFF fill bytes before the start-of-image marker: the check must too.
  for (const std::string& variant : {file, std::string("\xFF\xFF\xFF") + file}) {
    try {
      decodeImage(bytesOf(variant), "overflow.jpg");
      ADD_FAILURE() << "the JPEG was decoded";
    } catch (const UserError& error) {
      EXPECT_NE(std::string(error.what()).find("Huffman table"), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace shadersort::testing

namespace shadersort::testing {
namespace {

// fuzz_image_keys: a PSD of 11 channels whose colour bytes exceed its alpha; stb_image 2.27
// un-premultiplies colour by alpha for 4 or more channels and converts -139.1 to a byte
// (undefined behaviour in stbi__psd_load). PSDs with alpha are refused before stb_image reads them.
TEST(FuzzRegressions, PsdWithAlphaIsRefusedNotUnpremultipliedOutOfRange) {
  const std::string header = std::string("8BPS\x00\x01", 6) + std::string(6, '\0');
  // 2 x 2 pixels, 8 bits, RGB mode, no colour data, resources or layers, raw (uncompressed) data.
  const std::string rest = std::string("\x00\x00\x00\x02\x00\x00\x00\x02\x00\x08\x00\x03", 12) + std::string(12, '\0') +
                           std::string("\x00\x00", 2);
  const std::string crash = std::string("8BPS\x00\x01\x00\x00\x00\x00\x00\x00\x00\x0b\x00\x00\x00\x02\x00\x00\x00\x02"
                                        "\x00\x08\x00\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xff"
                                        "\x00\x00\xff\x00\xff\x00\xff\x00\x00\xff\xff",
                                        52);
  for (const std::string& file : {crash, header.substr(0, 12) + std::string("\x00\x04", 2) + rest + std::string(16, '\x40')}) {
    try {
      decodeImage(bytesOf(file), "alpha.psd");
      ADD_FAILURE() << "a PSD with alpha was decoded";
    } catch (const UserError& error) {
      EXPECT_NE(std::string(error.what()).find("alpha in PSD files is not supported"), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
    }
  }
  // The same picture with 3 channels (RGB) still decodes: 2 x 2 pixels of 0x40 grey.
  const Image rgb = decodeImage(bytesOf(header.substr(0, 12) + std::string("\x00\x03", 2) + rest + std::string(12, '\x40')), "rgb.psd");
  EXPECT_EQ(rgb.width, 2);
  EXPECT_EQ(rgb.rgba, (std::vector<std::uint8_t>{0x40, 0x40, 0x40, 255, 0x40, 0x40, 0x40, 255, 0x40, 0x40, 0x40, 255, 0x40, 0x40, 0x40, 255}));
}

}  // namespace
}  // namespace shadersort::testing
