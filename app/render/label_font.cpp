#include "render/label_font.h"

#include <algorithm>
#include <array>

namespace shadersort::render {
namespace {

struct Glyph {
  char character;
  std::array<const char*, kGlyphHeight> rows;  // '#' is ink
};

// Drawn by hand on a 5x7 grid (upper case: the hexadecimal digits only); lower-case letters sit on the digits' baseline.
constexpr std::array<Glyph, 33> kGlyphs = {{
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
    {'-', {".....", ".....", ".....", "#####", ".....", ".....", "....."}},
    {'+', {".....", "..#..", "..#..", "#####", "..#..", "..#..", "....."}},
    {'.', {".....", ".....", ".....", ".....", ".....", ".##..", ".##.."}},
    {'A', {".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"}},
    {'B', {"####.", "#...#", "#...#", "####.", "#...#", "#...#", "####."}},
    {'C', {".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."}},
    {'D', {"####.", "#...#", "#...#", "#...#", "#...#", "#...#", "####."}},
    {'E', {"#####", "#....", "#....", "####.", "#....", "#....", "#####"}},
    {'F', {"#####", "#....", "#....", "####.", "#....", "#....", "#...."}},
    {'a', {".....", ".....", ".###.", "....#", ".####", "#...#", ".####"}},
    {'b', {"#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####."}},
    {'c', {".....", ".....", ".###.", "#....", "#....", "#...#", ".###."}},
    {'d', {"....#", "....#", ".##.#", "#..##", "#...#", "#...#", ".####"}},
    {'e', {".....", ".....", ".###.", "#...#", "#####", "#....", ".###."}},
    {'f', {"..##.", ".#..#", ".#...", "###..", ".#...", ".#...", ".#..."}},
    {'i', {"..#..", ".....", ".##..", "..#..", "..#..", "..#..", ".###."}},
    {'n', {".....", ".....", "#.##.", "##..#", "#...#", "#...#", "#...#"}},
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

std::vector<InkRect> textInk(std::string_view text, int pixelSize, bool vertical) {
  std::vector<InkRect> ink;
  const int length = textWidth(text, pixelSize);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const Glyph* glyph = findGlyph(text[i]);
    if (!glyph) continue;
    const int left = static_cast<int>(i) * kGlyphAdvance * pixelSize;
    for (int row = 0; row < kGlyphHeight; ++row) {
      for (int column = 0; column < kGlyphWidth;) {
        if (glyph->rows[row][column] != '#') {
          ++column;
          continue;
        }
        int end = column;
        while (end < kGlyphWidth && glyph->rows[row][end] == '#') ++end;
        const InkRect run{left + column * pixelSize, row * pixelSize, (end - column) * pixelSize, pixelSize};
        // A quarter turn left: the text's x runs up from the bottom, its rows run left to right.
        ink.push_back(vertical ? InkRect{run.y, length - run.x - run.width, run.height, run.width} : run);
        column = end;
      }
    }
  }
  return ink;
}

void drawText(Image& image, int x, int y, std::string_view text, std::uint32_t colour, int pixelSize) {
  for (const InkRect& rect : textInk(text, pixelSize))
    for (int py = std::max(0, y + rect.y); py < std::min(image.height, y + rect.y + rect.height); ++py)
      for (int px = std::max(0, x + rect.x); px < std::min(image.width, x + rect.x + rect.width); ++px)
        image.setPixel(px, py, colour);
}

}  // namespace shadersort::render
