#pragma once
// Still pictures written in the format their name says: PNG, JPEG or WebP. Art results are
// finished pictures; PNG stays the default and the only format the tests' goldens use.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/image.h"

namespace shadersort {

enum class PictureFormat { Png, Jpeg, WebP };

// By the name's extension, any case: .png, .jpg or .jpeg, .webp; nothing for others.
std::optional<PictureFormat> pictureFormatOf(std::string_view path);
// "PNG (.png), JPEG (.jpg, .jpeg, quality 95) or WebP (.webp, lossless)", for errors and help.
std::string_view pictureFormatList();

// PNG: exact, alpha kept. JPEG: quality 95, 4:2:0 as stb writes it, alpha dropped (JPEG has none).
// WebP: lossless, alpha kept (libwebp).
std::vector<std::uint8_t> encodePicture(const Image& image, PictureFormat format);
// Writes atomically in the format of the name; throws UsageError for a name of no known format
// and UserError when the path cannot be written.
void savePicture(const Image& image, const std::string& path);

}  // namespace shadersort
