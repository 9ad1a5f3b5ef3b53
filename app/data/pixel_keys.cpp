#include "data/pixel_keys.h"

#include <algorithm>

namespace shadersort {
namespace {

struct KeyName {
  PixelKey key;
  std::string_view name;
};

constexpr KeyName kKeyNames[] = {
    {PixelKey::Luminance, "luminance"}, {PixelKey::Hue, "hue"},     {PixelKey::Saturation, "saturation"},
    {PixelKey::Value, "value"},         {PixelKey::Red, "red"},     {PixelKey::Green, "green"},
    {PixelKey::Blue, "blue"},           {PixelKey::Lightness, "lightness"}, {PixelKey::Intensity, "intensity"},
    {PixelKey::Minimum, "minimum"},     {PixelKey::Rgb, "rgb"},
};

std::uint32_t hueMilliDegrees(std::int64_t r, std::int64_t g, std::int64_t b) {
  const std::int64_t max = std::max({r, g, b});
  const std::int64_t min = std::min({r, g, b});
  const std::int64_t chroma = max - min;
  if (chroma == 0) return 0;
  // Sector base (0, 120 or 240 degrees) plus 60 degrees times the position inside the sector;
  // rounded to the nearest 1/1000 degree with integers only.
  std::int64_t numerator = 0;
  std::int64_t base = 0;
  if (max == r) {
    numerator = g - b;
    base = 0;
  } else if (max == g) {
    numerator = b - r;
    base = 120000;
  } else {
    numerator = r - g;
    base = 240000;
  }
  const std::int64_t scaled = numerator * 60000;
  const std::int64_t offset = scaled >= 0 ? (scaled + chroma / 2) / chroma : -((-scaled + chroma / 2) / chroma);
  std::int64_t hue = base + offset;
  if (hue < 0) hue += 360000;
  if (hue >= 360000) hue -= 360000;
  return static_cast<std::uint32_t>(hue);
}

}  // namespace

std::optional<PixelKey> parsePixelKey(std::string_view name) {
  for (const auto& entry : kKeyNames)
    if (entry.name == name) return entry.key;
  return std::nullopt;
}

std::string_view pixelKeyName(PixelKey key) {
  for (const auto& entry : kKeyNames)
    if (entry.key == key) return entry.name;
  return "?";
}

const std::vector<std::string_view>& pixelKeyNames() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> all;
    for (const auto& entry : kKeyNames) all.push_back(entry.name);
    return all;
  }();
  return names;
}

std::uint32_t pixelKey(PixelKey key, std::uint32_t rgba) {
  const std::uint32_t r = rgba & 0xFFu, g = (rgba >> 8) & 0xFFu, b = (rgba >> 16) & 0xFFu;
  switch (key) {
    case PixelKey::Luminance: return 2126u * r + 7152u * g + 722u * b;
    case PixelKey::Hue: return hueMilliDegrees(r, g, b);
    case PixelKey::Saturation: {
      const std::uint32_t max = std::max({r, g, b}), min = std::min({r, g, b});
      return max == 0 ? 0u : ((max - min) * 65535u + max / 2) / max;
    }
    case PixelKey::Value: return std::max({r, g, b});
    case PixelKey::Red: return r;
    case PixelKey::Green: return g;
    case PixelKey::Blue: return b;
    case PixelKey::Lightness: return std::max({r, g, b}) + std::min({r, g, b});
    case PixelKey::Intensity: return r + g + b;
    case PixelKey::Minimum: return std::min({r, g, b});
    case PixelKey::Rgb: return r << 16 | g << 8 | b;
  }
  return 0;
}

std::uint32_t pixelKeyMax(PixelKey key) {
  switch (key) {
    case PixelKey::Luminance: return 2550000u;
    case PixelKey::Hue: return 359999u;
    case PixelKey::Saturation: return 65535u;
    case PixelKey::Lightness: return 510u;
    case PixelKey::Intensity: return 765u;
    case PixelKey::Value:
    case PixelKey::Red:
    case PixelKey::Green:
    case PixelKey::Blue:
    case PixelKey::Minimum: return 255u;
    case PixelKey::Rgb: return 0xFFFFFFu;
  }
  return 0;
}

std::string pixelKeyList() {
  std::string list;
  for (const auto& entry : kKeyNames) list += (list.empty() ? "" : ", ") + std::string(entry.name);
  return list;
}

}  // namespace shadersort
