#include "render/gif_palette.h"

#include <gif_lib.h>

#include <algorithm>
#include <limits>
#include <string>

#include "core/error.h"

namespace shadersort::render {

Rgb opaqueRgb(const std::uint8_t* rgba) {
  const unsigned alpha = rgba[3];
  if (alpha == 255) return {rgba[0], rgba[1], rgba[2]};
  Rgb colour{};
  for (int c = 0; c < 3; ++c) colour[c] = static_cast<std::uint8_t>((rgba[c] * alpha + 127) / 255);
  return colour;
}

GifPalette GifPalette::fromPicture(const Image& picture, std::span<const Rgb> reserved) {
  if (reserved.size() > kMaxReserved) throw UserError("GIF palette: more than " + std::to_string(kMaxReserved) + " reserved colours");
  const std::size_t count = picture.pixelCount();
  GifPalette palette;

  // Few colours (patterns, drawings, flat art): keep them exactly, in a stable order.
  std::unordered_map<std::uint32_t, std::uint8_t> distinct;
  for (const Rgb& colour : reserved) distinct.emplace(packed(colour), 0);
  for (std::size_t i = 0; i < count && distinct.size() <= static_cast<std::size_t>(kMaxColours); ++i)
    distinct.emplace(packed(opaqueRgb(&picture.rgba[i * 4])), 0);
  if (distinct.size() <= static_cast<std::size_t>(kMaxColours)) {
    std::vector<std::uint32_t> colours;
    for (const auto& [colour, index] : distinct) colours.push_back(colour);
    std::sort(colours.begin(), colours.end());
    for (const std::uint32_t colour : colours) {
      palette.exactIndex_[colour] = static_cast<std::uint8_t>(palette.colours_.size());
      palette.colours_.push_back(unpacked(colour));
    }
    palette.exact_ = true;
    return palette;
  }

  // Many colours: giflib's median cut over the whole picture chooses the starting palette.
  // (GifQuantizeBuffer keeps its sort axis in a static: one palette at a time per process.)
  std::vector<GifByteType> red(count), green(count), blue(count), indices(count);
  for (std::size_t i = 0; i < count; ++i) {
    const Rgb colour = opaqueRgb(&picture.rgba[i * 4]);
    red[i] = colour[0];
    green[i] = colour[1];
    blue[i] = colour[2];
  }
  // The reserved colours take the last entries; the picture's colours share the rest.
  int colourCount = kMaxColours - static_cast<int>(reserved.size());
  std::array<GifColorType, 256> quantized{};
  if (GifQuantizeBuffer(static_cast<unsigned>(picture.width), static_cast<unsigned>(picture.height), &colourCount,
                        red.data(), green.data(), blue.data(), indices.data(), quantized.data()) != GIF_OK)
    throw UserError("cannot choose the GIF's colours: giflib's quantizer failed (out of memory?)");
  for (int i = 0; i < colourCount; ++i) palette.colours_.push_back({quantized[i].Red, quantized[i].Green, quantized[i].Blue});

  // giflib cuts its boxes on a 5-bit histogram and its colours are means of truncated values: on
  // the built-in picture a mean error of 13 levels per channel, 64 at most. Lloyd's k-means
  // rounds from there (each colour to its nearest palette colour, each palette colour to the
  // mean of its pixels) bring that to 7 (51 at most) in three rounds; later rounds gain less.
  // The rounds work on 6-bit bins (each the mean of its pixels, weighted by their count), which
  // bounds their cost whatever the picture's size: 1.4 s here for 1024x1024 noise, which fills
  // all 2^18 bins; the built-in picture, 0.2 s.
  struct Bin {
    std::array<std::uint64_t, 3> sum{};
    std::uint64_t pixels = 0;
  };
  std::vector<Bin> bins(kBinCount);
  for (std::size_t i = 0; i < count; ++i) {
    const Rgb colour = opaqueRgb(&picture.rgba[i * 4]);
    Bin& bin = bins[binOf(colour)];
    for (int c = 0; c < 3; ++c) bin.sum[c] += colour[c];
    ++bin.pixels;
  }
  std::vector<std::uint32_t> occupied;
  std::vector<Rgb> binMean;
  for (std::uint32_t b = 0; b < kBinCount; ++b) {
    if (bins[b].pixels == 0) continue;
    occupied.push_back(b);
    Rgb mean{};
    for (int c = 0; c < 3; ++c) mean[c] = static_cast<std::uint8_t>((bins[b].sum[c] + bins[b].pixels / 2) / bins[b].pixels);
    binMean.push_back(mean);
  }
  constexpr int kRefinementRounds = 3;
  std::vector<std::uint8_t> nearestIndex(occupied.size());
  const auto assign = [&] {
    for (std::size_t o = 0; o < occupied.size(); ++o) nearestIndex[o] = palette.nearest(binMean[o]);
  };
  for (int round = 0; round < kRefinementRounds; ++round) {
    assign();
    std::vector<Bin> sums(palette.colours_.size());
    for (std::size_t o = 0; o < occupied.size(); ++o) {
      const Bin& bin = bins[occupied[o]];
      Bin& sum = sums[nearestIndex[o]];
      for (int c = 0; c < 3; ++c) sum.sum[c] += bin.sum[c];
      sum.pixels += bin.pixels;
    }
    for (std::size_t i = 0; i < sums.size(); ++i)
      if (sums[i].pixels > 0)  // a colour no pixel is nearest to keeps its place
        for (int c = 0; c < 3; ++c)
          palette.colours_[i][c] = static_cast<std::uint8_t>((sums[i].sum[c] + sums[i].pixels / 2) / sums[i].pixels);
  }
  // Reserved colours join after the refinement, which would otherwise move them; the first
  // picture's own pixels of those colours may then show as them.
  palette.colours_.insert(palette.colours_.end(), reserved.begin(), reserved.end());
  assign();
  palette.binIndex_.assign(kBinCount, kUnknown);
  for (std::size_t o = 0; o < occupied.size(); ++o) palette.binIndex_[occupied[o]] = nearestIndex[o];
  return palette;
}

std::uint8_t GifPalette::nearest(const Rgb& colour) const {
  std::uint8_t best = 0;
  int bestDistance = std::numeric_limits<int>::max();
  for (std::size_t i = 0; i < colours_.size(); ++i) {
    int distance = 0;
    for (int c = 0; c < 3; ++c) {
      const int d = static_cast<int>(colour[c]) - colours_[i][c];
      distance += d * d;
    }
    if (distance < bestDistance) {
      bestDistance = distance;
      best = static_cast<std::uint8_t>(i);
    }
  }
  return best;
}

std::uint8_t GifPalette::indexOf(const Rgb& colour) {
  if (exact_) {
    const auto [where, added] = exactIndex_.try_emplace(packed(colour), 0);
    if (added) where->second = nearest(colour);
    return where->second;
  }
  std::int16_t& index = binIndex_[binOf(colour)];
  if (index == kUnknown) {
    // A bin the first picture left empty: its centre's nearest colour.
    Rgb centre{};
    for (int c = 0; c < 3; ++c) centre[c] = static_cast<std::uint8_t>((colour[c] & 0xFC) | 2);
    index = nearest(centre);
  }
  return static_cast<std::uint8_t>(index);
}

void GifPalette::indexPicture(const Image& picture, std::vector<std::uint8_t>& indices) {
  indices.resize(picture.pixelCount());
  // Neighbouring pixels of a sorted picture are often equal: skip the lookup for repeats.
  std::uint32_t lastColour = std::numeric_limits<std::uint32_t>::max();
  std::uint8_t lastIndex = 0;
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const Rgb colour = opaqueRgb(&picture.rgba[i * 4]);
    if (packed(colour) != lastColour) {
      lastColour = packed(colour);
      lastIndex = indexOf(colour);
    }
    indices[i] = lastIndex;
  }
}

}  // namespace shadersort::render
