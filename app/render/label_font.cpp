#include "render/label_font.h"

#include <array>

namespace shadersort::render {
namespace {

struct Glyph {
  char character;
  std::array<const char*, kGlyphHeight> rows;  // '#' is ink
};

// Drawn by hand on a 5x7 grid; lower-case letters sit on the digits' baseline.
constexpr std::array<Glyph, 20> kGlyphs = {{
    {'0', {".###.", "#...#", "#..##", "#.#.#", "##..#", "#...#", ".###."}},
    {'1', {"..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."}},
    {'2', {".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"}},
    {'3', {"#####", "...#.", "..#..", "...#.", "....#", "#...#", ".###."}},
    {'4', {"...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."}},
    {'5', {"#####", "#....", "####.", "....#", "....#", "#...#", ".###."}},
    {'6', {"..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."}},
    {'7', {"#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."}},
    {'8', {".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."}},
    {'9', {".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."}},
    {' ', {".....", ".....", ".....", ".....", ".....", ".....", "....."}},
    {'a', {".....", ".....", ".###.", "....#", ".####", "#...#", ".####"}},
    {'d', {"....#", "....#", ".##.#", "#..##", "#...#", "#...#", ".####"}},
    {'e', {".....", ".....", ".###.", "#...#", "#####", "#....", ".###."}},
    {'f', {"..##.", ".#..#", ".#...", "###..", ".#...", ".#...", ".#..."}},
    {'o', {".....", ".....", ".###.", "#...#", "#...#", "#...#", ".###."}},
    {'p', {".....", ".....", "####.", "#...#", "####.", "#....", "#...."}},
    {'r', {".....", ".....", "#.##.", "##..#", "#....", "#....", "#...."}},
    {'s', {".....", ".....", ".####", "#....", ".###.", "....#", "####."}},
    {'t', {".#...", ".#...", "####.", ".#...", ".#...", ".#..#", "..##."}},
}};

const Glyph* findGlyph(char c) {
  for (const Glyph& glyph : kGlyphs)
    if (glyph.character == c) return &glyph;
  return nullptr;
}

}  // namespace

bool hasGlyph(char c) { return findGlyph(c) != nullptr; }

int textWidth(std::string_view text, int pixelSize) {
  if (text.empty()) return 0;
  return (static_cast<int>(text.size()) * kGlyphAdvance - 1) * pixelSize;
}

void drawText(Image& image, int x, int y, std::string_view text, std::uint32_t colour, int pixelSize) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const Glyph* glyph = findGlyph(text[i]);
    if (!glyph) continue;
    const int left = x + static_cast<int>(i) * kGlyphAdvance * pixelSize;
    for (int row = 0; row < kGlyphHeight; ++row)
      for (int column = 0; column < kGlyphWidth; ++column) {
        if (glyph->rows[row][column] != '#') continue;
        for (int dy = 0; dy < pixelSize; ++dy)
          for (int dx = 0; dx < pixelSize; ++dx) {
            const int px = left + column * pixelSize + dx, py = y + row * pixelSize + dy;
            if (px >= 0 && py >= 0 && px < image.width && py < image.height) image.setPixel(px, py, colour);
          }
      }
  }
}

}  // namespace shadersort::render
