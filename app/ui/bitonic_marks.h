#pragma once
// Bitonic's marks in array view (issue 26): bitonic-classic's padding greyed with "+inf", and
// under the bars the merge stage's blocks, their directions and the sequences the step splits
// (render/bitonic_overlay.h lays them out). Also what the other overlays need to line up with
// a padded state's bars. Called inside an ImGui frame.

#include <imgui.h>

#include <cstdint>
#include <vector>

#include "render/bitonic_overlay.h"
#include "sort/sorter.h"

namespace shadersort::ui {

// Bars array view draws per sequence: the padded length where the sorter pads, else `sequenceLength`.
std::uint32_t drawnLength(const Sorter& sorter, std::uint32_t sequenceLength);

// One sequence's keys after `passes` passes (read() order) as the bars show them: with
// bitonic-classic's padding back in place as +inf; unchanged for other sorters.
std::vector<std::uint32_t> keysAsDrawn(const Sorter& sorter, const std::vector<std::uint32_t>& keys, std::uint32_t passes);
// Per bar as keysAsDrawn gives them, 1 where the bar is bitonic-classic's +inf padding (a real
// key may be 0xFFFFFFFF too); empty for sorters that do not pad.
std::vector<std::uint8_t> paddingAsDrawn(const Sorter& sorter, std::size_t keyCount, std::uint32_t passes);

// Where and what the marks show: pass `shownPass` of a sequence of `sequenceLength` keys, over
// the bars at barsMin..barsMax, the stage band from `bandTop` down. `descendingKeys`: the keys
// were inverted (a descending sort), so a block the sorter sorts ascending reads descending.
struct BitonicMarksView {
  std::uint32_t shownPass = 0;
  std::uint32_t sequenceLength = 0;
  bool descendingKeys = false;
  ImVec2 barsMin, barsMax;
  float bandTop = 0;
};

// bitonic-classic's padding bars greyed (nothing for sorters that do not pad): drawn over the
// bars before their numbers, so that a padding bar carries its "+inf".
render::BitonicOverlay paddingOverlay(const Sorter& sorter, ImVec2 barsMin, ImVec2 barsMax);
void drawPaddingMarks(ImDrawList* list, const Sorter& sorter, ImVec2 barsMin, ImVec2 barsMax);
// The stage brackets under the bars, or nothing for a pass that is no single bitonic step.
// Shared with the screenshot test, which draws both overlays on the CPU.
render::BitonicOverlay bitonicOverlay(const Sorter& sorter, const BitonicMarksView& view);

// For a sorter that pads (bitonic-classic), the one line on why the default bitonic needs no
// padding (sort/bitonic_classic_schedule.h's kMirrorFormNote); null otherwise.
const char* paddingNote(const Sorter& sorter);

// Room the stage band takes under the bars: kStageBandHeight for a sorter whose passes are
// single bitonic steps, else 0.
float stageBandHeight(const Sorter& sorter);

// Draws it (whole-pixel rectangles, then labels); returns the height of the band it used under
// view.bandTop (0 without a stage band).
float drawBitonicMarks(ImDrawList* list, const Sorter& sorter, const BitonicMarksView& view);

}  // namespace shadersort::ui
