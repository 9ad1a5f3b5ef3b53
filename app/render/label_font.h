#pragma once
// A tiny bitmap font for labels drawn into pictures ("pass 12"): 5x7 glyphs for the digits and
// the few letters the labels use, drawn `pixelSize` times larger. No font files, no dependency.

#include <cstdint>
#include <string_view>
#include <vector>

#include "data/image.h"

namespace shadersort::render {

inline constexpr int kGlyphWidth = 5;
inline constexpr int kGlyphHeight = 7;
inline constexpr int kGlyphAdvance = kGlyphWidth + 1;  // one blank column between glyphs

// The characters the font has: printable ASCII (' ' to '~'): the labels' digits and letters,
// numbers in decimal, hexadecimal and as C++ writes floats ("-2.5e+07", "inf", "nan"), captions.
bool hasGlyph(char c);
// Width of `text` in pixels (without the blank column after the last glyph).
int textWidth(std::string_view text, int pixelSize);

// One filled rectangle of a text's ink, relative to the text's top-left corner.
struct InkRect {
  int x = 0, y = 0, width = 0, height = 0;
};
// The ink of `text` as rectangles (runs of a glyph row), so that a GPU drawing them and a CPU
// filling them give the same pixels.
std::vector<InkRect> textInk(std::string_view text, int pixelSize);
// Draws `text` with its top-left corner at (x, y) in `colour` (packed RGBA), clipped to the image.
// Characters the font does not have are left blank.
void drawText(Image& image, int x, int y, std::string_view text, std::uint32_t colour, int pixelSize);

}  // namespace shadersort::render
