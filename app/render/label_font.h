#pragma once
// A tiny bitmap font for labels drawn into pictures ("pass 12"): 5x7 glyphs for the digits and
// the few letters the labels use, drawn `pixelSize` times larger. No font files, no dependency.

#include <cstdint>
#include <string_view>

#include "data/image.h"

namespace shadersort::render {

inline constexpr int kGlyphWidth = 5;
inline constexpr int kGlyphHeight = 7;
inline constexpr int kGlyphAdvance = kGlyphWidth + 1;  // one blank column between glyphs

// The characters the font has: digits, space and "adefoprst" for the labels, and the rest of
// printable ASCII (' ' to '~') for captions.
bool hasGlyph(char c);
// Width of `text` in pixels (without the blank column after the last glyph).
int textWidth(std::string_view text, int pixelSize);
// Draws `text` with its top-left corner at (x, y) in `colour` (packed RGBA), clipped to the image.
// Characters the font does not have are left blank.
void drawText(Image& image, int x, int y, std::string_view text, std::uint32_t colour, int pixelSize);

}  // namespace shadersort::render
