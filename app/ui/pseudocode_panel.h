#pragma once
// The pseudocode panel: a listing of ui/pseudocode.h with the lines the last pass executed on a
// band of kPseudocodeHighlight. Called inside an ImGui window with plain data (no Sorter, no GL).

#include <imgui.h>

#include <cstddef>
#include <string_view>
#include <vector>

#include "ui/pseudocode.h"

namespace shadersort::ui {

// Opaque, so that the band's pixels are this colour exactly wherever no glyph covers them.
inline constexpr ImU32 kPseudocodeHighlight = IM_COL32(112, 76, 16, 255);

// `lastPass`: the facts of the last pass run, or for pass 0 before any has run (then `passRun`
// is false and nothing is highlighted; the description still picks radix's pipeline).
void drawPseudocodePanel(const PassFacts& lastPass, bool passRun);

}  // namespace shadersort::ui
