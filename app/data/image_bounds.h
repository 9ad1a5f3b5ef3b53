#pragma once
// What an image file's bytes can hold, judged before stb_image decodes it. stb_image allocates
// whatever a header declares and reads past the end of the data as zeros, so a 17-byte JPEG can
// ask for 16384x16384 pixels; and it leaves pixels unwritten where a JPEG has no scan for a
// component. These checks follow stb_image 2.27's loaders (read from its source): each is a
// lower bound on the bytes a whole file of that format needs, so no valid file is refused.

#include <cstdint>
#include <span>
#include <string>

namespace shadersort {

enum class ImageFormat { Png, Jpeg, Bmp, Gif, Psd, Pic, Pnm, Hdr, Tga };

// The format stb_image will decode `bytes` as (its own tests, in its order); Tga when no other
// format's signature matches.
ImageFormat imageFormatOf(std::span<const std::uint8_t> bytes);

// Empty when `bytes` can carry `width` x `height` pixels as its format codes them, and decoding
// writes every pixel; otherwise why not, as "damaged (...)" or "cut short (...)":
// - raw formats (BMP, PNM, uncompressed TGA and PSD): width x height x bytes per pixel > file;
// - run-length formats (TGA, PSD, HDR, PIC): more than their longest run per packet allows;
// - PNG: more raw bytes than deflate's 1032:1 can make of its IDAT data; a colour type or bit
//   depth PNG does not have; more than stb_image takes (2^30 bytes of samples);
// - JPEG: a frame with no scan, a component no scan holds (stb_image would leave it
//   uninitialised), or scans with fewer bits than blocks (each block's DC code is >= 1 bit);
// - GIF: no image, a first image that does not fill the screen, or LZW data for fewer pixels.
std::string imageCarryDamage(std::span<const std::uint8_t> bytes, int width, int height);

// The most memory decodeImage() takes for this file at its peak: stb_image's buffers (per format,
// from its loaders) plus decodeImage's own copies.
std::uint64_t imageDecodeBytes(std::span<const std::uint8_t> bytes, int width, int height);

// PNG only: empty when the zlib stream of the IDAT chunks inflates to exactly the bytes
// width x height need and its Adler-32 is right (stb_image checks neither the checksum nor
// extra data). Inflates into one buffer of that size: check imageDecodeBytes() first.
std::string pngStreamDamage(std::span<const std::uint8_t> bytes);

}  // namespace shadersort
