// data::pixelKey (app/data/pixel_keys.cpp) on the GPU, integer for integer. A pixel is packed
// R | G << 8 | B << 16 | A << 24. Injected: the KEY_* numbers of the PixelKey enum.

uint hueMilliDegrees(int r, int g, int b) {
  const int maxChannel = max(r, max(g, b)), minChannel = min(r, min(g, b));
  const int chroma = maxChannel - minChannel;
  if (chroma == 0) return 0u;
  int numerator, base;
  if (maxChannel == r) {
    numerator = g - b;
    base = 0;
  } else if (maxChannel == g) {
    numerator = b - r;
    base = 120000;
  } else {
    numerator = r - g;
    base = 240000;
  }
  const int scaled = numerator * 60000;
  const int offset = scaled >= 0 ? (scaled + chroma / 2) / chroma : -((-scaled + chroma / 2) / chroma);
  int hue = base + offset;
  if (hue < 0) hue += 360000;
  if (hue >= 360000) hue -= 360000;
  return uint(hue);
}

uint pixelKey(uint key, uint rgba) {
  const uint r = rgba & 0xFFu, g = (rgba >> 8) & 0xFFu, b = (rgba >> 16) & 0xFFu;
  const uint maxChannel = max(r, max(g, b)), minChannel = min(r, min(g, b));
  if (key == KEY_LUMINANCE) return 2126u * r + 7152u * g + 722u * b;
  if (key == KEY_HUE) return hueMilliDegrees(int(r), int(g), int(b));
  if (key == KEY_SATURATION) return maxChannel == 0u ? 0u : ((maxChannel - minChannel) * 65535u + maxChannel / 2u) / maxChannel;
  if (key == KEY_VALUE) return maxChannel;
  if (key == KEY_RED) return r;
  if (key == KEY_GREEN) return g;
  if (key == KEY_BLUE) return b;
  if (key == KEY_LIGHTNESS) return maxChannel + minChannel;
  if (key == KEY_INTENSITY) return r + g + b;
  if (key == KEY_RGB) return r << 16 | g << 8 | b;
  return minChannel;  // KEY_MINIMUM
}
