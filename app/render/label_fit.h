#pragma once
// One size policy for the numbers array view writes on its bars: the keys over them (with
// bitonic-classic's "+inf" padding), the indices under the axis and radix's digit columns. Every
// view asks labelFit() how its row of labels is drawn, and says what it left out with labelNote().
//
// Readable means the 5x7 bitmap font (label_font.h) at least twice its size: 14 pixels tall, as
// tall as Dear ImGui's default 13-pixel font, and always upright. A row takes the largest size
// (3x, then 2x) at which its widest label fits one element's columns. When even 2x does not,
// every k-th element is labelled (0, k, 2k, ...; k up to kMaxLabelStride), each label then
// having k elements' columns (and room to be pushed inside the bars at either end); beyond that,
// or when the stacked labels are taller than the room given, the row is hidden.

#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "render/label_font.h"

namespace shadersort::render {

inline constexpr int kReadablePixelSize = 2;  // the smallest size a label is drawn at
inline constexpr int kLargestLabelPixelSize = 3;
inline constexpr std::uint32_t kMaxLabelStride = 8;
// Free columns between two labels' boxes at `pixelSize`: two glyph columns, twice the space
// between the characters of one label, so that neighbours do not read as one number.
constexpr int labelGap(int pixelSize) { return 2 * pixelSize; }

struct LabelFit {
  int pixelSize = 0;        // 0: the row is hidden
  std::uint32_t every = 1;  // elements 0, every, 2 * every, ... carry a label
  // Why a hidden row is hidden, in words ("14 px text needs 40 px a label, bars are 13 px").
  std::string hiddenReason;

  bool hidden() const { return pixelSize == 0; }
  bool shows(std::uint32_t element) const { return !hidden() && element % every == 0; }
};

// A row of labels over elements at least `narrowestElement` pixels wide, the longest label
// `widestCharacters` characters; `lines` labels stacked per element (radix: one per digit
// place) in at most `maxHeight` pixels.
LabelFit labelFit(int narrowestElement, std::size_t widestCharacters, int lines = 1,
                  int maxHeight = std::numeric_limits<int>::max());

// What a reader is told about a row named `what` ("keys"): "keys: every 3rd", "keys hidden
// (REASON)"; empty when every label shows.
std::string labelNote(const LabelFit& fit, std::string_view what);

// The height of a label box of `lines` stacked lines at `pixelSize` (each line its own backing).
constexpr int labelBoxHeight(int pixelSize, int lines = 1) { return lines * (kGlyphHeight * pixelSize + 2); }
// The width of a label box holding `characters` characters at `pixelSize`.
int labelBoxWidth(int pixelSize, std::size_t characters);

}  // namespace shadersort::render
