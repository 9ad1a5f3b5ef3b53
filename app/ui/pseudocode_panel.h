#pragma once
// The pseudocode panel: a listing of ui/pseudocode.h with the lines the last pass executed on a
// band of kPseudocodeHighlight. Called inside an ImGui window with plain data (no Sorter, no GL).

#include <imgui.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ui/pseudocode.h"

namespace shadersort::ui {

// Opaque, so that the band's pixels are this colour exactly wherever no glyph covers them.
inline constexpr ImU32 kPseudocodeHighlight = IM_COL32(112, 76, 16, 255);

// The rows one listing line takes in a panel `columns` characters wide (the font is monospaced),
// so that nothing is cut off on the right: the line itself when it fits; else its code, then its
// "// comment" on the next row indented under the code; a row still too long breaks at its last
// space that fits (or at the edge), continuing 4 columns deeper than the line's indent.
std::vector<std::string> wrapPseudocodeLine(std::string_view line, std::size_t columns);

// How the last drawPseudocodePanel() call laid the listing out: the columns it wrapped at and the
// height of a row in pixels (for tests that check where its lines landed).
struct PseudocodeLayout {
  std::size_t columns = 0;
  float rowHeight = 0.0f;
};
PseudocodeLayout lastPseudocodeLayout();

// `lastPass`: the facts of the last pass run, or for pass 0 before any has run (then `passRun`
// is false and nothing is highlighted; the description still picks radix's pipeline).
void drawPseudocodePanel(const PassFacts& lastPass, bool passRun);

}  // namespace shadersort::ui
