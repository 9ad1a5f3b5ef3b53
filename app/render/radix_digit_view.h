#pragma once
// Radix's key view in pixels (array view, at most 64 keys): under each bar a column of its
// digits in hexadecimal, most significant on top, each digit place marked by what the passes
// have done to it (render/radix_scatter_tween.h DigitState); and, during a scatter's tween, the
// bars redrawn at their flying slots over their buckets' shaded destination ranges. Everything is
// filled rectangles at whole pixels in the bitmap label font (render/label_font.h), so the viewer
// (Dear ImGui) and fillRects() on the CPU give the same pixels.

#include <cstdint>
#include <vector>

#include "data/image.h"
#include "render/bar_labels.h"
#include "render/display_layout.h"
#include "render/radix_scatter_tween.h"

namespace shadersort::render {

// Packed RGBA of each digit state's ink; the current digit is written dark on its bucket colour.
inline constexpr std::uint32_t kDigitDoneInk = 0xFF70E070u;     // green: in order
inline constexpr std::uint32_t kDigitPendingInk = 0xFFC8C8C8u;  // light grey: still to sort
inline constexpr std::uint32_t kDigitSkippedInk = 0xFF707070u;  // dim: every key agrees, no pass
inline constexpr std::uint32_t kDigitCurrentInk = 0xFF101010u;  // on the bucket colour

// The colour of digit value `digit` among 2^bits (hues over 0.8 of the circle, as the radix panel).
std::uint32_t bucketColour(std::uint32_t digit, std::uint32_t bits);

// How `count` columns of `rows` digits of `bits` bits are drawn (label_fit.h's policy) in no
// more than `maxHeight` rows of pixels; hidden beyond 64 keys.
LabelFit digitColumnsFit(const BarArea& area, std::size_t count, std::uint32_t bits, int rows, int maxHeight);
// The digit columns of `keys`, each centred on its slot (slots[i] for keys[i]: a whole number at
// a pass boundary, between two during a tween) across `area`'s width, from `top` down, in no more
// than `maxHeight` rows of pixels, sized by digitColumnsFit (every k-th key's column where the
// bars are narrow). Empty when it hides them.
std::vector<FilledRect> digitColumns(const BarArea& area, int top, int maxHeight, const std::vector<std::uint32_t>& keys,
                                     const std::vector<double>& slots, std::uint32_t bits,
                                     const std::vector<DigitState>& states);
// How far below `top` the columns reach (0 when empty).
int digitColumnsHeight(const std::vector<FilledRect>& columns, int top);

// The whole bar area during a scatter's tween: the background, each bucket's destination range
// shaded in a dark tone of its colour, and each key of `keysBefore` as a bar (or dot) in its bucket's
// colour at slots[i], drawn as the array picture draws it (`layout`, its height and drawing).
std::vector<FilledRect> scatterFrame(const BarArea& area, const std::vector<std::uint32_t>& keysBefore,
                                     const ScatterPlan& plan, const std::vector<double>& slots, RadixDigit digit,
                                     const ArrayLayout& layout);

// Fills the rectangles into `image` in order, clipped to it: the CPU picture of what the viewer draws.
void fillRects(Image& image, const std::vector<FilledRect>& rects);

}  // namespace shadersort::render
