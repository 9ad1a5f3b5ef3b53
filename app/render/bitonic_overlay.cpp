#include "render/bitonic_overlay.h"

#include <algorithm>

#include "render/label_font.h"

namespace shadersort::render {
namespace {

constexpr int kBlockTop = 2;        // block brackets: ticks from here, the bar under them
constexpr int kTickHeight = 5;
constexpr int kArrowTop = 9;        // 4 rows: widths 1, 3, 5, 7
constexpr int kSequenceTop = 15;    // sequence brackets, one pixel thinner
constexpr int kCaptionTop = 20;

// A bracket open towards the bars: a tick at each end and a bar joining their feet.
void addBracket(BitonicOverlay& overlay, int x0, int x1, int top, int tick, int thickness, std::uint32_t colour) {
  if (x1 - x0 < 3) return;
  overlay.rects.push_back({x0, top, thickness, tick, colour});
  overlay.rects.push_back({x1 - thickness, top, thickness, tick, colour});
  overlay.rects.push_back({x0, top + tick - thickness, x1 - x0, thickness, colour});
}

void addArrow(BitonicOverlay& overlay, int centre, int top, bool up, std::uint32_t colour) {
  for (int row = 0; row < 4; ++row) {
    const int half = up ? row : 3 - row;
    overlay.rects.push_back({centre - half, top + row, 2 * half + 1, 1, colour});
  }
}

// Readable as the bar numbers are (label_fit.h).
TextLabel label(int x, int y, std::string text) {
  return {.x = x, .y = y, .width = textWidth(text, kReadablePixelSize) + 2, .height = labelBoxHeight(kReadablePixelSize),
          .text = std::move(text), .pixelSize = kReadablePixelSize};
}

}  // namespace

int positionX(const BarArea& area, std::uint32_t position, std::uint32_t count) {
  if (count == 0) return area.left;
  return area.left + static_cast<int>(std::int64_t{position} * area.width / count);
}

void addPaddingMarks(BitonicOverlay& overlay, const BarArea& area, const std::vector<std::uint8_t>& padding) {
  const auto count = static_cast<std::uint32_t>(padding.size());
  for (std::uint32_t position = 0; position < count; ++position) {
    if (!padding[position]) continue;
    const int x0 = positionX(area, position, count), x1 = positionX(area, position + 1, count);
    // One background column between bars, as the painter leaves none: padding reads as its own.
    const int width = std::max(1, x1 - x0 - (x1 - x0 >= 4 ? 1 : 0));
    overlay.rects.push_back({x0, area.top, width, area.height, kPaddingColour});
  }
}

void addStageBrackets(BitonicOverlay& overlay, const BarArea& area, int top, std::uint32_t drawnLength,
                      const BitonicStageMarks& marks) {
  for (const BitonicBlock& block : marks.blocks) {
    const int x0 = positionX(area, block.first, drawnLength) + 1, x1 = positionX(area, block.end, drawnLength) - 1;
    const std::uint32_t colour = block.ascending ? kAscendingColour : kDescendingColour;
    addBracket(overlay, x0, x1, top + kBlockTop, kTickHeight, 2, colour);
    if (x1 - x0 >= 9) addArrow(overlay, (x0 + x1) / 2, top + kArrowTop, block.ascending, colour);
  }
  for (const BitonicBlock& sequence : marks.sequences) {
    const int x0 = positionX(area, sequence.first, drawnLength) + 1, x1 = positionX(area, sequence.end, drawnLength) - 1;
    addBracket(overlay, x0, x1, top + kSequenceTop, 3, 1, kSequenceColour);
  }
  // A caption wider than the bars drops its last clauses: the directions (the arrows tell them),
  // then the step, then what the stage merges.
  for (const std::string& text : {marks.caption, marks.caption.substr(0, marks.caption.find(';')),
                                  marks.caption.substr(0, marks.caption.find(',')), marks.caption.substr(0, marks.caption.find(':'))}) {
    const TextLabel caption = label(area.left, top + kCaptionTop, text);
    if (caption.width <= area.width) {
      overlay.labels.push_back(caption);
      break;
    }
  }
}

void drawOverlay(Image& image, const BitonicOverlay& overlay) {
  for (const FilledRect& rect : overlay.rects)
    for (int y = std::max(rect.y, 0); y < std::min(rect.y + rect.height, image.height); ++y)
      for (int x = std::max(rect.x, 0); x < std::min(rect.x + rect.width, image.width); ++x) image.setPixel(x, y, rect.colour);
  drawLabels(image, overlay.labels);
}

}  // namespace shadersort::render
