#pragma once
// Teaching overlays drawn onto an array of bars (array mode): brackets joining the pairs a pass
// compares, and the numbers on the bars. Called inside an ImGui frame with plain data
// (no Sorter, no GL). The array occupies arrayMin..arrayMax, element i the x range
// [arrayMin.x + i * w, arrayMin.x + (i + 1) * w) with w = width / elementCount; the overlays go
// in a band right below it, whose height the *Height functions give, so the caller can leave room.

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "render/bar_labels.h"
#include "sort/sorter.h"

namespace shadersort::ui {

// Beyond this many elements, bars are too thin to label or to bracket: the overlays draw nothing.
inline constexpr std::uint32_t kMaxOverlayElements = 64;

inline constexpr ImU32 kComparatorColour = IM_COL32(150, 170, 200, 255);
inline constexpr ImU32 kSwappedComparatorColour = IM_COL32(255, 140, 40, 255);

// One bracket per comparator under the bars of `low` and `high`; comparators whose spans overlap
// (bitonic's distance and mirror steps) go at different depths, nested ones inside each other.
// `swapped` (per position, may be empty): a comparator touching a swapped position is drawn in
// kSwappedComparatorColour (see swappedPositions in ui/teaching_math.h).
void drawComparatorBrackets(ImDrawList* list, ImVec2 arrayMin, ImVec2 arrayMax, std::uint32_t elementCount,
                            const std::vector<Comparator>& comparators, const std::vector<bool>& swapped);
float comparatorBracketsHeight(ImVec2 arrayMin, ImVec2 arrayMax, std::uint32_t elementCount,
                               const std::vector<Comparator>& comparators);

// Numbers on the bars (render/bar_labels.h) as filled rectangles at whole pixels, so the frame
// holds exactly the pixels render::drawLabels() gives on the CPU.
void drawTextLabels(ImDrawList* list, const std::vector<render::TextLabel>& labels);
// The bars' rectangle in whole pixels, as the numbers are laid out in.
render::BarArea barArea(ImVec2 arrayMin, ImVec2 arrayMax);
// Each key over its bar and each index under the axis; returns the height the indices take under
// the bars (what is drawn below them goes under that band).
float drawBarNumbers(ImDrawList* list, ImVec2 arrayMin, ImVec2 arrayMax, const render::BarNumbers& numbers);

// The colour of digit `digit` among 2^bits values, as the labels and the radix panel show it.
ImU32 digitColour(std::uint32_t digit, std::uint32_t bits);

}  // namespace shadersort::ui
