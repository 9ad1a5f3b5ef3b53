#include "data/picture_formats.h"

#include <stb_image_write.h>
#include <webp/encode.h>

#include <algorithm>
#include <cctype>

#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"

namespace shadersort {
namespace {

constexpr int kJpegQuality = 95;

bool endsWith(std::string_view path, std::string_view tail) {
  if (path.size() < tail.size()) return false;
  return std::equal(tail.begin(), tail.end(), path.end() - static_cast<std::ptrdiff_t>(tail.size()),
                    [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
}

std::string sizeWords(const Image& image) { return std::to_string(image.width) + "x" + std::to_string(image.height); }

}  // namespace

std::optional<PictureFormat> pictureFormatOf(std::string_view path) {
  if (endsWith(path, ".png")) return PictureFormat::Png;
  if (endsWith(path, ".jpg") || endsWith(path, ".jpeg")) return PictureFormat::Jpeg;
  if (endsWith(path, ".webp")) return PictureFormat::WebP;
  return std::nullopt;
}

std::string_view pictureFormatList() { return "PNG (.png), JPEG (.jpg, .jpeg, quality 95) or WebP (.webp, lossless)"; }

std::vector<std::uint8_t> encodePicture(const Image& image, PictureFormat format) {
  switch (format) {
    case PictureFormat::Png: return encodePng(image);
    case PictureFormat::Jpeg: {
      std::vector<std::uint8_t> bytes;
      auto append = [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        const auto* begin = static_cast<const std::uint8_t*>(data);
        out->insert(out->end(), begin, begin + size);
      };
      if (image.width <= 0 || image.height <= 0 ||
          !stbi_write_jpg_to_func(append, &bytes, image.width, image.height, 4, image.rgba.data(), kJpegQuality))
        throw UserError("cannot encode a " + sizeWords(image) + " JPEG");
      return bytes;
    }
    case PictureFormat::WebP: {
      // WebP's limit is 16383 pixels a side.
      if (image.width <= 0 || image.height <= 0 || image.width > WEBP_MAX_DIMENSION || image.height > WEBP_MAX_DIMENSION)
        throw UserError("cannot encode a " + sizeWords(image) + " WebP (at most " + std::to_string(WEBP_MAX_DIMENSION) +
                        " pixels a side)");
      std::uint8_t* encoded = nullptr;
      const std::size_t size =
          WebPEncodeLosslessRGBA(image.rgba.data(), image.width, image.height, image.width * 4, &encoded);
      if (size == 0 || encoded == nullptr) {
        WebPFree(encoded);
        throw UserError("cannot encode a " + sizeWords(image) + " WebP");
      }
      std::vector<std::uint8_t> bytes(encoded, encoded + size);
      WebPFree(encoded);
      return bytes;
    }
  }
  throw UserError("unknown picture format");
}

void savePicture(const Image& image, const std::string& path) {
  const auto format = pictureFormatOf(path);
  if (!format) throw UsageError("output " + quote(path) + " must be " + std::string(pictureFormatList()));
  writeFileAtomically(path, encodePicture(image, *format));
}

}  // namespace shadersort
