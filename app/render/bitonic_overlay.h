#pragma once
// What array view draws for bitonic beyond the bars, laid out in whole pixels as plain data (the
// way bar_labels.h does it), so that the viewer (Dear ImGui rectangles) and the screenshot test
// (drawOverlay on the CPU) give the same pixels:
//  - bitonic-classic's padding: each padding position's bar greyed over the whole height (the
//    bar numbers write "+inf" on it, bar_labels.h);
//  - under the bars, a band with the merge stage's blocks (bitonic_brackets.h): a bracket per
//    block with, in bitonic-classic, an arrow for its direction; a thinner bracket per bitonic
//    sequence the step splits; and the stage's caption.

#include <cstdint>
#include <vector>

#include "data/image.h"
#include "render/bar_labels.h"
#include "render/bitonic_brackets.h"

namespace shadersort::render {

inline constexpr std::uint32_t kPaddingColour = 0xFF6E6E6Eu;      // packed RGBA (R lowest): grey
inline constexpr std::uint32_t kAscendingColour = 0xFF50C8FFu;    // orange
inline constexpr std::uint32_t kDescendingColour = 0xFFFFAA5Au;   // blue
inline constexpr std::uint32_t kSequenceColour = 0xFFB4B4B4u;     // light grey
inline constexpr int kStageBandHeight = 20 + labelBoxHeight(kReadablePixelSize);  // brackets, arrows, then the caption

struct BitonicOverlay {
  std::vector<FilledRect> rects;  // drawn first, in order
  std::vector<TextLabel> labels;  // then these
};

// x of the left edge of position `position` of `count` bars over `area` (whole pixels).
int positionX(const BarArea& area, std::uint32_t position, std::uint32_t count);

// Greys the bars of the positions where `padding` is 1 (one entry per bar drawn).
void addPaddingMarks(BitonicOverlay& overlay, const BarArea& area, const std::vector<std::uint8_t>& padding);

// The stage band from y = `top` down (kStageBandHeight tall), over `drawnLength` bars.
void addStageBrackets(BitonicOverlay& overlay, const BarArea& area, int top, std::uint32_t drawnLength,
                      const BitonicStageMarks& marks);

// Fills the overlay into `image` (rectangles, then labels), clipped to it.
void drawOverlay(Image& image, const BitonicOverlay& overlay);

}  // namespace shadersort::render
