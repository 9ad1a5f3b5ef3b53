#include "data/default_image.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace shadersort {
namespace {

// Integer hash noise, the same on every machine.
float hashNoise(std::uint32_t x, std::uint32_t y) {
  std::uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u;
  h ^= h >> 13;
  h *= 0x85ebca6bu;
  h ^= h >> 16;
  return static_cast<float>(h & 0xFFFFu) / 65535.0f;
}

std::uint8_t toByte(float channel) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(channel, 0.0f, 1.0f) * 255.0f));
}

}  // namespace

Image makeDefaultImage(int width, int height) {
  Image image(width, height);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const float u = static_cast<float>(x) / static_cast<float>(width);
      const float v = static_cast<float>(y) / static_cast<float>(height);
      // Sunset bands bent by two waves, with grain so every column has something to sort.
      const float wave = 0.5f + 0.25f * std::sin(7.0f * u + 2.0f * v) + 0.25f * std::sin(13.0f * v - 5.0f * u);
      const float hue = std::fmod(0.62f + 0.45f * wave + 0.08f * hashNoise(x, y), 1.0f);
      const float saturation = 0.45f + 0.5f * (0.5f + 0.5f * std::sin(5.0f * v + 3.0f * u));
      const float value = 0.25f + 0.75f * (0.55f * wave + 0.45f * hashNoise(y + 7919u, x + 104729u));
      // HSV to RGB.
      const float h6 = hue * 6.0f;
      const float chroma = value * saturation;
      const float second = chroma * (1.0f - std::fabs(std::fmod(h6, 2.0f) - 1.0f));
      float r = 0, g = 0, b = 0;
      switch (static_cast<int>(h6) % 6) {
        case 0: r = chroma, g = second; break;
        case 1: r = second, g = chroma; break;
        case 2: g = chroma, b = second; break;
        case 3: g = second, b = chroma; break;
        case 4: r = second, b = chroma; break;
        default: r = chroma, b = second; break;
      }
      const float m = value - chroma;
      image.setPixel(x, y, toByte(r + m) | (toByte(g + m) << 8) | (toByte(b + m) << 16) | 0xFF000000u);
    }
  }
  return image;
}

}  // namespace shadersort
