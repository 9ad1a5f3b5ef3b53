#pragma once
// RGBA8 images: decoding any stb_image format and writing PNG whole-or-not-at-all.

#include <cstdint>
#include <string>
#include <vector>

namespace shadersort {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgba;  // row-major from the top row, 4 bytes per pixel

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgba(static_cast<std::size_t>(w) * h * 4, 0) {}
  std::size_t pixelCount() const { return static_cast<std::size_t>(width) * height; }
  std::uint32_t pixel(int x, int y) const;  // packed R | G<<8 | B<<16 | A<<24
  void setPixel(int x, int y, std::uint32_t packed);
};

// The largest image file read (stb_image takes an int length; no picture any GPU can sort
// needs a file this large).
constexpr std::uint64_t kMaxImageFileBytes = 1ull << 30;

// The size an image file declares in its header, read without decoding its pixels. Throws
// UserError naming the file when it is empty, not an image stb_image reads, or (PNG) damaged or
// cut short: PNG's chunk CRCs and IEND are checked here.
struct ImageSize {
  int width = 0, height = 0;
};
ImageSize readImageSize(const std::vector<std::uint8_t>& bytes, const std::string& nameForErrors);

// Throws UserError naming the file when its bytes cannot carry the declared size, or decoding
// would leave pixels unwritten (data/image_bounds.h says how each format is judged). Cheap: no
// pixel is decoded.
void requireImageCarries(const std::vector<std::uint8_t>& bytes, ImageSize declared, const std::string& nameForErrors);
// The most memory decodeImage() takes for this file, for the memory budget.
std::uint64_t imageDecodeMemory(const std::vector<std::uint8_t>& bytes, ImageSize declared);

// Grey, grey+alpha, RGB and RGBA (8 or 16 bit) all become RGBA8; PNM samples are scaled from
// their maxval. Throws UserError for missing, empty, truncated, damaged or undecodable files,
// naming the file and why, and UsageError when decoding needs more than the memory budget
// (core/memory_budget.h). Callers check the declared size against their own limits first.
Image decodeImage(const std::vector<std::uint8_t>& bytes, const std::string& nameForErrors);
// Reads (at most kMaxImageFileBytes) and decodes.
Image loadImage(const std::string& path);

std::vector<std::uint8_t> encodePng(const Image& image);
// Writes a PNG atomically; throws UserError when the path cannot be written.
void savePng(const Image& image, const std::string& path);

}  // namespace shadersort
