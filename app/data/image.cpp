#include "data/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <climits>

#include "core/atomic_file.h"
#include "core/error.h"

namespace shadersort {

std::uint32_t Image::pixel(int x, int y) const {
  const std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
  return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

void Image::setPixel(int x, int y, std::uint32_t packed) {
  std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
  for (int c = 0; c < 4; ++c) p[c] = static_cast<std::uint8_t>(packed >> (8 * c));
}

Image decodeImage(const std::vector<std::uint8_t>& bytes, const std::string& nameForErrors) {
  if (bytes.empty()) throw UserError("cannot decode image '" + nameForErrors + "': the file is empty");
  if (bytes.size() > static_cast<std::size_t>(INT_MAX))
    throw UserError("cannot decode image '" + nameForErrors + "': the file is too large");
  // stb_image 2.27 misreads 16-bit PNM: the samples come out byte-swapped, and converting their
  // channels reads past the end of a buffer (a heap overflow fuzz_image_keys found). Refused
  // rather than decoded wrong.
  const bool pnm = bytes.size() >= 2 && bytes[0] == 'P' && (bytes[1] == '5' || bytes[1] == '6');
  if (pnm && stbi_is_16_bit_from_memory(bytes.data(), static_cast<int>(bytes.size())))
    throw UserError("cannot decode image '" + nameForErrors + "': 16-bit PNM (maxval above 255) is not supported");
  int width = 0, height = 0, channels = 0;
  stbi_uc* pixels = stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &width, &height, &channels, 4);
  if (!pixels)
    throw UserError("cannot decode image '" + nameForErrors + "': " + stbi_failure_reason());
  Image image(width, height);
  std::copy(pixels, pixels + image.rgba.size(), image.rgba.begin());
  stbi_image_free(pixels);
  return image;
}

Image loadImage(const std::string& path) { return decodeImage(readWholeFile(path), path); }

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
