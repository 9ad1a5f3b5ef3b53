#include "render/label_fit.h"

#include <algorithm>

namespace shadersort::render {
namespace {

// Columns a label needs when every k-th element carries one. Beyond its box and the gap, a label
// wider than its element leaves room to be pushed inside the bars at either end of the row
// (half of what it overhangs), so that the first and last labels do not meet their neighbours.
int columnsNeeded(int boxWidth, int element) {
  return boxWidth + labelGap(kReadablePixelSize) + std::max(0, (boxWidth - element + 1) / 2);
}

std::string ordinal(std::uint32_t n) {
  const char* suffix = n % 100 / 10 == 1 ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

}  // namespace

int labelBoxWidth(int pixelSize, std::size_t characters) {
  return textWidth(std::string(characters, '0'), pixelSize) + 2;
}

LabelFit labelFit(int narrowestElement, std::size_t widestCharacters, int lines, int maxHeight) {
  LabelFit fit;
  if (narrowestElement <= 0 || widestCharacters == 0) {
    fit.hiddenReason = "no room";
    return fit;
  }
  if (labelBoxHeight(kReadablePixelSize, lines) > maxHeight) {
    fit.hiddenReason = std::to_string(lines) + " lines of " + std::to_string(kGlyphHeight * kReadablePixelSize) +
                       " px text need " + std::to_string(labelBoxHeight(kReadablePixelSize, lines)) + " px, " +
                       std::to_string(maxHeight) + " px left";
    return fit;
  }
  for (int size = kLargestLabelPixelSize; size >= kReadablePixelSize; --size)
    if (labelBoxWidth(size, widestCharacters) + labelGap(size) <= narrowestElement && labelBoxHeight(size, lines) <= maxHeight) {
      fit.pixelSize = size;
      return fit;
    }
  const int needed = columnsNeeded(labelBoxWidth(kReadablePixelSize, widestCharacters), narrowestElement);
  const auto every = static_cast<std::uint32_t>((needed + narrowestElement - 1) / narrowestElement);
  if (every <= kMaxLabelStride) {
    fit.pixelSize = kReadablePixelSize;
    fit.every = every;
    return fit;
  }
  fit.hiddenReason = std::to_string(kGlyphHeight * kReadablePixelSize) + " px text needs " +
                     std::to_string(labelBoxWidth(kReadablePixelSize, widestCharacters)) + " px a label, bars are " +
                     std::to_string(narrowestElement) + " px";
  return fit;
}

std::string labelNote(const LabelFit& fit, std::string_view what) {
  if (fit.hidden()) return std::string(what) + " hidden (" + fit.hiddenReason + ")";
  if (fit.every > 1) return std::string(what) + ": every " + ordinal(fit.every);
  return {};
}

}  // namespace shadersort::render
