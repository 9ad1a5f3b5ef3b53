#pragma once
// The colours of an animated GIF of a sort, chosen once from its first frame.
//
// Sorting moves pixels and never changes them, so every frame of a recording holds the first
// frame's pixels in another order: the first frame's palette is the best palette for all of them.
// One global palette also costs 768 bytes once instead of per frame, keeps a pixel the same colour
// as it moves (no flicker), and lets unchanged pixels be skipped (see GifRecorder).
//
// Pictures of at most kMaxColours distinct colours keep them exactly. Larger ones start from
// giflib's median cut (GifQuantizeBuffer, Heckbert 1982, over a 5-bit-per-channel histogram),
// refined by a few k-means rounds over 6-bit-per-channel bins; every colour then shows as the
// palette colour nearest its bin's mean.
//
// Colours drawn over the sort later (a race's check marks) are not in the first frame: the caller
// names such fixed colours and they get entries of their own, so they never show as a neighbour.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "data/image.h"

namespace shadersort::render {

using Rgb = std::array<std::uint8_t, 3>;

// A pixel as the GIF shows it: alpha is composited over black (GIF pixels are opaque or absent).
Rgb opaqueRgb(const std::uint8_t* rgba);

class GifPalette {
 public:
  // Index kMaxColours stays free for the recorder's "unchanged" (transparent) pixels.
  static constexpr int kMaxColours = 255;

  // `reserved` colours (at most kMaxReserved) are in the palette exactly, whatever the picture.
  // Throws UserError when giflib's quantizer fails (out of memory).
  static constexpr std::size_t kMaxReserved = 16;
  static GifPalette fromPicture(const Image& picture, std::span<const Rgb> reserved = {});

  const std::vector<Rgb>& colours() const { return colours_; }
  // True when every colour of the first picture (and every reserved one) is in the palette exactly.
  bool exact() const { return exact_; }

  // The index `colour` shows as: its own (exact palettes), else the one nearest its bin's mean
  // (by squared distance). A colour the first picture did not have (a drawn overlay) gets the
  // nearest to it (exact) or to its bin's centre.
  std::uint8_t indexOf(const Rgb& colour);
  // indexOf() of every pixel, row by row.
  void indexPicture(const Image& picture, std::vector<std::uint8_t>& indices);

 private:
  static constexpr std::uint32_t kBinCount = 1u << 18;  // 6 bits per channel
  static constexpr std::int16_t kUnknown = -1;
  static std::uint32_t packed(const Rgb& colour) { return colour[0] | (colour[1] << 8) | (colour[2] << 16); }
  static Rgb unpacked(std::uint32_t colour) {
    return {static_cast<std::uint8_t>(colour), static_cast<std::uint8_t>(colour >> 8), static_cast<std::uint8_t>(colour >> 16)};
  }
  static std::uint32_t binOf(const Rgb& colour) {
    return (static_cast<std::uint32_t>(colour[0] >> 2) << 12) | (static_cast<std::uint32_t>(colour[1] >> 2) << 6) |
           static_cast<std::uint32_t>(colour[2] >> 2);
  }
  std::uint8_t nearest(const Rgb& colour) const;

  std::vector<Rgb> colours_;
  bool exact_ = false;
  std::unordered_map<std::uint32_t, std::uint8_t> exactIndex_;  // exact palettes: colour -> index
  std::vector<std::int16_t> binIndex_;                          // otherwise: bin -> index, or kUnknown
};

}  // namespace shadersort::render
