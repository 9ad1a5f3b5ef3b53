#pragma once
// Teaching panels: a radix pass's digit histogram, prefix sum and bucket starts, and the
// comparator network of a whole sort. Called inside an ImGui window (they lay out widgets at the
// cursor and use the available width) with plain data: no Sorter, no GL. Positions shown count
// from 1, as the pass descriptions do. They keep small widget state (chosen sequence, followed
// pass) in ImGui's storage under fixed ids: wrap each in ImGui::PushID / PopID when one window
// shows several (one per lane).

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "sort/sorter.h"

namespace shadersort::ui {

// Networks wider than this are not drawn: their columns would be too dense to read.
inline constexpr std::uint32_t kMaxNetworkWires = 64;

inline constexpr ImU32 kCurrentPassColour = IM_COL32(255, 200, 60, 255);

// For a radix pass by `place` of the keys as they were before it (sequence after sequence,
// `sequenceLength` each): the digit histogram (ImGui::PlotHistogram), its exclusive prefix sum,
// and a table of where each digit's bucket starts and ends, computed on the CPU from these keys.
// With several sequences a slider picks one. `countersMatrix` (optional, for small inputs): the
// GPU's counter matrix laid out [sequence][digit][partition], shown for the chosen sequence as
// given (digit counts or their output positions, depending on when it was read).
void drawRadixPanel(const std::vector<std::uint32_t>& keysBeforePass, DigitPlace place, std::uint32_t sequenceLength,
                    const std::vector<std::uint32_t>* countersMatrix);

// The comparator network of a whole sort: `wires` horizontal lines (position 1 at the top),
// passes left to right, each comparator a vertical line with a dot on both of its wires (in every
// network here `low` is the upper one), overlapping comparators of one pass side by side. Passes
// before `currentPass` are drawn in full colour, `currentPass`'s column is shaded and its
// comparators highlighted, later ones dimmed; currentPass >= passes.size() marks none. Sized to the
// available width; scrolls sideways, following the current pass, when the columns do not fit.
// Pass numbers (from 1) run along the top; where a new merge stage begins (mergeStageStarts) a
// thin line and the stage's number mark it. `fillHeight`: the wires spread over the height left
// in the window (a detached, resizable network window) instead of a compact fixed gap.
void drawNetworkPanel(const std::vector<std::vector<Comparator>>& passes, std::uint32_t wires,
                      std::uint32_t currentPass, bool fillHeight = false);

}  // namespace shadersort::ui
