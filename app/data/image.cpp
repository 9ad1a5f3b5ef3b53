#include "data/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <climits>
#include <cstring>
#include <memory>
#include <new>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/input_file.h"
#include "core/memory_budget.h"
#include "core/quoting.h"
#include "data/image_bounds.h"
#include "data/png_integrity.h"

namespace shadersort {
namespace {

UserError cannotDecode(const std::string& name, const std::string& why) {
  return UserError("cannot decode image " + quote(name) + ": " + why);
}

struct StbPixels {
  void operator()(stbi_uc* pixels) const { stbi_image_free(pixels); }
};
using DecodedPixels = std::unique_ptr<stbi_uc, StbPixels>;

// stb_image's result for `bytes` followed by `padding` bytes of `fill`, as RGBA8; null when it
// fails.
DecodedPixels decodePadded(const std::vector<std::uint8_t>& bytes, std::size_t padding, std::uint8_t fill, int& width,
                           int& height) {
  std::vector<std::uint8_t> padded(bytes.size() + padding, fill);
  std::copy(bytes.begin(), bytes.end(), padded.begin());
  int channels = 0;
  return DecodedPixels(stbi_load_from_memory(padded.data(), static_cast<int>(padded.size()), &width, &height, &channels, 4));
}

bool hasMagic(const std::vector<std::uint8_t>& bytes, std::string_view magic) {
  return bytes.size() >= magic.size() && std::memcmp(bytes.data(), magic.data(), magic.size()) == 0;
}

// stb_image 2.27 builds each JPEG Huffman table into a 257-entry array without checking that the
// table's 16 code counts add up to at most 256: a crafted DHT segment writes past it (a heap
// overflow fuzz_image_keys found). Every DHT segment is checked here before stb_image sees the
// file: the markers are walked, and after a scan's start its entropy-coded data is skipped to the
// next marker. Empty when no table is too large.
// stb_image 2.27 reads a PNM header's numbers into an int without an overflow check (signed
// overflow, undefined behaviour, found by fuzz_image_keys). Each of the header's three numbers
// (width, height, maxval) is read here first; more than 9 digits is refused. `maxval` is set to
// the third: stb_image ignores it below 256, so decodeImage scales the samples.
std::string pnmHeaderDamage(const std::vector<std::uint8_t>& bytes, std::uint64_t& maxval) {
  std::size_t at = 2;
  for (int number = 0; number < 3; ++number) {
    while (at < bytes.size() && (std::isspace(bytes[at]) || bytes[at] == '#')) {
      if (bytes[at] == '#')
        while (at < bytes.size() && bytes[at] != '\n' && bytes[at] != '\r') ++at;
      else
        ++at;
    }
    std::size_t digits = 0;
    std::uint64_t value = 0;
    while (at < bytes.size() && std::isdigit(bytes[at])) value = value * 10 + (bytes[at++] - '0'), ++digits;
    if (digits > 9) return "damaged (a PNM header number has more than 9 digits)";
    // stb_image 2.27 misreads 16-bit PNM: the samples come out byte-swapped, and converting their
    // channels reads past the end of a buffer (a heap overflow fuzz_image_keys found). The maxval
    // is read here rather than asked of stb_image: for a header that ends with the file, its
    // check reads nothing and says 8-bit, and decoding then reads 16-bit samples from the
    // padding (found again by fuzz_image_keys).
    if (number == 2 && value > 255) return "16-bit PNM (maxval above 255), which is not supported";
    if (number == 2 && value == 0) return "damaged (its PNM maxval is 0)";
    if (number == 2) maxval = value;
  }
  return {};
}

// stb_image 2.27 un-premultiplies a PSD's colours by its alpha when the file has 4 or more
// channels, converting (colour / alpha) back to a byte without a bound: a colour above its alpha
// gives a float far outside 0..255 (undefined behaviour, found by fuzz_image_keys). Such files are
// refused before stb_image reads them; grey and RGB PSDs (1 to 3 channels) still decode.
std::string psdAlphaRefusal(const std::vector<std::uint8_t>& bytes) {
  if (bytes.size() < 14) return {};
  const int channels = bytes[12] << 8 | bytes[13];
  if (channels >= 4) return "a PSD with " + std::to_string(channels) + " channels (alpha in PSD files is not supported)";
  return {};
}

// Where a JPEG's SOI marker (FF D8) starts, if the file is one: stb_image skips 0xFF fill bytes
// before it, so a file may begin FF FF ... FF D8.
std::optional<std::size_t> jpegStart(const std::vector<std::uint8_t>& bytes) {
  std::size_t at = 0;
  while (at < bytes.size() && bytes[at] == 0xFF) ++at;
  if (at == 0 || at >= bytes.size() || bytes[at] != 0xD8) return std::nullopt;
  return at - 1;
}

std::uint32_t bigEndian32(const std::vector<std::uint8_t>& bytes, std::size_t at) {
  if (at + 4 > bytes.size()) return 0;
  return std::uint32_t{bytes[at]} << 24 | std::uint32_t{bytes[at + 1]} << 16 | std::uint32_t{bytes[at + 2]} << 8 | bytes[at + 3];
}

// stb_image returns a PNM's samples as they are stored: with a maxval below 255 they are
// scaled here to 0..255, and a sample above the maxval is damage.
void scaleToMaxval(Image& image, const std::vector<std::uint8_t>& bytes, const std::string& nameForErrors) {
  std::uint64_t maxval = 255;
  pnmHeaderDamage(bytes, maxval);
  if (maxval == 255) return;
  for (std::size_t i = 0; i < image.rgba.size(); ++i) {
    if (i % 4 == 3) continue;  // alpha, which stb_image adds at 255
    if (image.rgba[i] > maxval)
      throw cannotDecode(nameForErrors, "it is damaged (a PNM sample of " + std::to_string(image.rgba[i]) +
                                            " is above its maxval of " + std::to_string(maxval) + ")");
    image.rgba[i] = static_cast<std::uint8_t>((image.rgba[i] * 255u + maxval / 2) / maxval);
  }
}

// stb_image's reason for a failure, which some of its paths leave unset.
std::string stbReason() {
  const char* reason = stbi_failure_reason();
  return reason ? reason : "no reason given";
}

std::string jpegHuffmanDamage(const std::vector<std::uint8_t>& bytes, std::size_t start) {
  std::size_t at = start + 2;  // after SOI
  while (at + 1 < bytes.size()) {
    if (bytes[at] != 0xFF) {
      ++at;  // entropy-coded data of a scan
      continue;
    }
    const std::uint8_t marker = bytes[at + 1];
    if (marker == 0xFF || marker == 0x00 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) {
      at += marker == 0xFF ? 1 : 2;  // fill byte, stuffed zero, restart marker, TEM: no length
      continue;
    }
    if (marker == 0xD9) break;  // EOI
    // A Huffman table's length in the padding would be read from it too.
    if (marker == 0xC4 && at + 3 >= bytes.size()) return "damaged (cut short inside a JPEG Huffman table)";
    if (at + 3 >= bytes.size()) break;
    const std::size_t length = static_cast<std::size_t>(bytes[at + 2]) << 8 | bytes[at + 3];
    if (marker == 0xC4) {
      // As stb_image reads them: tables while the segment's length lasts, even past its end or
      // the file's (decodeImage pads the file, so a table cut short would take its code counts
      // from the padding: found by fuzz_image_keys).
      std::size_t table = at + 4;
      for (long left = static_cast<long>(length) - 2; left > 0;) {
        if (table + 17 > bytes.size()) return "damaged (cut short inside a JPEG Huffman table)";
        std::size_t codes = 0;
        for (std::size_t i = 1; i <= 16; ++i) codes += bytes[table + i];
        if (codes > 256) return "damaged (a JPEG Huffman table declares " + std::to_string(codes) + " codes, at most 256 exist)";
        table += 17 + codes;
        left -= static_cast<long>(17 + codes);
      }
    }
    at += 2 + length;
  }
  return {};
}

}  // namespace

std::uint32_t Image::pixel(int x, int y) const {
  const std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
  return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

void Image::setPixel(int x, int y, std::uint32_t packed) {
  std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
  for (int c = 0; c < 4; ++c) p[c] = static_cast<std::uint8_t>(packed >> (8 * c));
}

ImageSize readImageSize(const std::vector<std::uint8_t>& bytes, const std::string& nameForErrors) {
  if (bytes.empty()) throw cannotDecode(nameForErrors, "the file is empty");
  if (bytes.size() > kMaxImageFileBytes) throw cannotDecode(nameForErrors, "the file is larger than " + byteCount(kMaxImageFileBytes));
  // PNG first: stb_image would name a header cut short after 20 bytes "1/2/4/8/16-bit only".
  if (hasPngSignature(bytes))
    if (const std::string damage = pngDamage(bytes); !damage.empty()) throw cannotDecode(nameForErrors, "it is " + damage);
  std::uint64_t maxval = 255;
  if (hasMagic(bytes, "P5") || hasMagic(bytes, "P6"))
    if (const std::string damage = pnmHeaderDamage(bytes, maxval); !damage.empty()) throw cannotDecode(nameForErrors, "it is " + damage);
  if (const auto start = jpegStart(bytes))
    if (const std::string damage = jpegHuffmanDamage(bytes, *start); !damage.empty()) throw cannotDecode(nameForErrors, "it is " + damage);
  if (hasMagic(bytes, "8BPS"))
    if (const std::string refusal = psdAlphaRefusal(bytes); !refusal.empty()) throw cannotDecode(nameForErrors, "it is " + refusal);
  ImageSize size;
  if (hasPngSignature(bytes)) {
    // Read here: stb_image's info refuses PNGs of more than 2^30 samples, and its reason is lost
    // among the other formats' ("unknown image type").
    const std::uint32_t width = bigEndian32(bytes, 16), height = bigEndian32(bytes, 20);
    if (width > INT_MAX || height > INT_MAX)
      throw cannotDecode(nameForErrors, "it is damaged (its PNG header declares " + std::to_string(width) + "x" +
                                            std::to_string(height) + " pixels)");
    size = {static_cast<int>(width), static_cast<int>(height)};
  } else {
    int channels = 0;
    if (!stbi_info_from_memory(bytes.data(), static_cast<int>(bytes.size()), &size.width, &size.height, &channels))
      throw cannotDecode(nameForErrors, "not an image this program reads (stb_image: " + stbReason() + ")");
    // A BMP stored top-down declares a negative height; stb_image's info passes it on as it is.
    if (imageFormatOf(bytes) == ImageFormat::Bmp && size.height < 0 && size.height != INT_MIN) size.height = -size.height;
  }
  if (size.width <= 0 || size.height <= 0) throw cannotDecode(nameForErrors, "its header declares no pixels");
  return size;
}

void requireImageCarries(const std::vector<std::uint8_t>& bytes, ImageSize declared, const std::string& nameForErrors) {
  if (const std::string damage = imageCarryDamage(bytes, declared.width, declared.height); !damage.empty())
    throw cannotDecode(nameForErrors, damage);
}

std::uint64_t imageDecodeMemory(const std::vector<std::uint8_t>& bytes, ImageSize declared) {
  return imageDecodeBytes(bytes, declared.width, declared.height);
}

Image decodeImage(const std::vector<std::uint8_t>& bytes, const std::string& nameForErrors) {
  // readImageSize refuses 16-bit PNM (see pnmHeaderDamage).
  const ImageSize declared = readImageSize(bytes, nameForErrors);
  requireImageCarries(bytes, declared, nameForErrors);
  requireMemory(imageDecodeMemory(bytes, declared), "decoding image " + quote(nameForErrors) + " (" +
                                                        std::to_string(declared.width) + "x" +
                                                        std::to_string(declared.height) + ")");
  const bool png = hasPngSignature(bytes);
  if (png)
    if (const std::string damage = pngStreamDamage(bytes); !damage.empty()) throw cannotDecode(nameForErrors, damage);
  // stb_image reads past the end of a file as zeros, and where it reads a block at once (a
  // TGA row, a PNM's pixels) leaves the block uninitialised: a cut-short BMP, GIF, TGA or JPEG
  // "decodes". So a file other than PNG (whose chunks were checked whole) is decoded twice,
  // followed each time by padding a cut-short file would read: zeros, then 0xA5 bytes (not a
  // JPEG marker byte, not zero). A whole file never reaches the padding and decodes the same
  // both times; a cut-short one gives two different results, or fails. The padding is longer
  // than any block stb_image 2.27 reads at once, so such a read lands in it rather than failing.
  // (PNM's pixels are raw, and requireImageCarries has seen them all in the file.)
  const std::size_t width = static_cast<std::size_t>(declared.width), height = static_cast<std::size_t>(declared.height);
  const std::size_t padding = png ? 0 : width * 4 + (1u << 18) + (1u << 16);
  int width0 = 0, height0 = 0;
  const DecodedPixels pixels = decodePadded(bytes, padding, 0x00, width0, height0);
  // Memory the budget allowed but the machine did not give is not damage.
  if (!pixels && stbReason() == "outofmem") throw std::bad_alloc();
  if (!pixels) throw cannotDecode(nameForErrors, "it is damaged (stb_image: " + stbReason() + ")");
  if (width0 != declared.width || height0 != declared.height)
    throw cannotDecode(nameForErrors, "it is damaged (it decodes to another size than its header declares)");
  const std::size_t byteCount = width * height * 4;
  if (!png) {
    int width1 = 0, height1 = 0;
    const DecodedPixels again = decodePadded(bytes, padding, 0xA5, width1, height1);
    if (!again && stbReason() == "outofmem") throw std::bad_alloc();
    if (!again || width1 != width0 || height1 != height0 || std::memcmp(pixels.get(), again.get(), byteCount) != 0)
      throw cannotDecode(nameForErrors, "it is cut short (its pixels go on past the end of the file)");
  }
  Image image(declared.width, declared.height);
  std::copy(pixels.get(), pixels.get() + byteCount, image.rgba.begin());
  if (hasMagic(bytes, "P5") || hasMagic(bytes, "P6")) scaleToMaxval(image, bytes, nameForErrors);
  return image;
}

Image loadImage(const std::string& path) { return decodeImage(readWholeFile(path, kMaxImageFileBytes), path); }

std::vector<std::uint8_t> encodePng(const Image& image) {
  std::vector<std::uint8_t> bytes;
  auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<std::uint8_t>*>(context);
    const auto* begin = static_cast<const std::uint8_t*>(data);
    out->insert(out->end(), begin, begin + size);
  };
  if (!stbi_write_png_to_func(append, &bytes, image.width, image.height, 4, image.rgba.data(), image.width * 4))
    throw UserError("cannot encode a " + std::to_string(image.width) + "x" + std::to_string(image.height) + " PNG");
  return bytes;
}

void savePng(const Image& image, const std::string& path) { writeFileAtomically(path, encodePng(image)); }

}  // namespace shadersort
