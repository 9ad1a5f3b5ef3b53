#pragma once
// The key a pixel is sorted by. Integer arithmetic throughout, so a key is the same on every
// machine and the CPU reference and the GPU sort agree exactly.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace shadersort {

// Rgb: the colour as one number, R << 16 | G << 8 | B, the order ASDFPixelSort sorts by (Processing's
// colour ints, red first).
enum class PixelKey { Luminance, Hue, Saturation, Value, Red, Green, Blue, Lightness, Intensity, Minimum, Rgb };

std::optional<PixelKey> parsePixelKey(std::string_view name);
std::string_view pixelKeyName(PixelKey key);
const std::vector<std::string_view>& pixelKeyNames();

// `rgba` is packed R | G<<8 | B<<16 | A<<24; alpha never affects the key.
//  luminance:  2126 R + 7152 G + 722 B, i.e. exactly 10000 x (0.2126 R + 0.7152 G + 0.0722 B)
//              on the 8-bit values, no linearisation
//  hue:        HSV hue in units of 1/1000 degree, 0 for greys
//  saturation: HSV saturation (max - min) / max as a 16-bit fraction, 0 for black
//  value:      max(R, G, B);  red / green / blue: that channel
//  lightness:  HSL lightness times 2, max + min of R, G, B (0 to 510), so it stays an integer
//  intensity:  R + G + B;  minimum: min(R, G, B)
std::uint32_t pixelKey(PixelKey key, std::uint32_t rgba);

// The largest value `key` takes: thresholds are fractions of it (0 <= key / max <= 1).
std::uint32_t pixelKeyMax(PixelKey key);

// "luminance, hue, ..." for messages and help texts.
std::string pixelKeyList();

}  // namespace shadersort
