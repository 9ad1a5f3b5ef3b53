#pragma once
// A per-pass series (time, swaps, counts) as bars with a scale: its name and largest value on a
// line above, the bars from a zero baseline below. Few passes get narrow bars at the left, so one
// pass is one bar and not a block filling the plot; many share the width.

#include <imgui.h>

#include <string_view>
#include <vector>

namespace shadersort::ui {

inline constexpr ImU32 kPlotBarColour = IM_COL32(110, 160, 220, 255);
inline constexpr ImU32 kPlotLastBarColour = IM_COL32(255, 200, 60, 255);
// Bars are at most this share of the plot's width: 1 / kMinPlotSlots.
inline constexpr int kMinPlotSlots = 16;

// Draws at the cursor in the available width; `unit` follows the largest value ("ms", "").
// NaN values (not yet known) draw as no bar. The last value's bar is highlighted.
void drawPassPlot(std::string_view name, const std::vector<float>& values, std::string_view unit, float height);

}  // namespace shadersort::ui
