// The viewer's drawing unit: the lanes, their headers and the teaching overlays (the panel's
// widgets are in viewer_panel.cpp).

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/bar_labels.h"
#include "render/lane_grid.h"
#include "ui/teaching_math.h"
#include "ui/bitonic_marks.h"
#include "ui/teaching_overlays.h"
#include "ui/viewer_style.h"
#include "ui/viewer_app.h"

namespace shadersort::ui {
namespace {

// The deepest the comparator brackets go over the whole schedule of `sorter` on bars `width`
// wide, so that the band under the bars keeps one height from pass to pass and holds them all
// (bitonic's mirror steps nest n/2 brackets).
float deepestBracketsHeight(const Sorter& sorter, std::uint32_t length, float width) {
  float deepest = 0.0f;
  for (std::uint32_t pass = 0; pass < sorter.passCount(); ++pass)
    deepest = std::max(deepest, comparatorBracketsHeight(ImVec2(0, 0), ImVec2(width, 0), length,
                                                         sorter.comparators(pass, kMaxOverlayElements)));
  return deepest;
}

}  // namespace

void ViewerApp::drawLanes() {
  const ImGuiIO& io = ImGui::GetIO();
  // A slide has no panel; its caption takes the foot and the network's column the right.
  const float panel = config_.slideLayout ? kMargin : kPanelWidth * uiScale_ + 2 * kMargin;
  const float caption = config_.slideLayout ? slideCaptionHeight() : 0.0f;
  const float network = config_.slideLayout ? slideNetworkWidth() : 0.0f;
  const ImVec2 areaMin(panel, kMargin);
  const ImVec2 areaMax(std::max(panel + 1.0f, io.DisplaySize.x - kMargin - network),
                       std::max(kMargin + 1.0f, io.DisplaySize.y - kMargin - caption));
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("##lanes", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
  ImDrawList* list = ImGui::GetWindowDrawList();
  drawing_.lanesMin = ImVec2(std::floor(areaMin.x), std::floor(areaMin.y));
  drawing_.lanesMax = ImVec2(std::floor(areaMax.x), std::floor(areaMax.y));
  drawing_.placements.clear();
  const std::size_t cells = lanes_.size() + refusals_.size();
  const float header = racing() ? ImGui::GetTextLineHeightWithSpacing() * 2.0f : 0.0f;
  // Every lane gets a cell of one size, on the grid that shows the pictures largest.
  double aspect = 1.0;
  if (!view_.arrayMode && !lanes_.empty() && lanes_.front()->picture().height() > 0)
    aspect = static_cast<double>(lanes_.front()->picture().width()) / lanes_.front()->picture().height();
  const render::LaneGrid grid =
      render::laneGrid(cells, {static_cast<int>(drawing_.lanesMin.x), static_cast<int>(drawing_.lanesMin.y), static_cast<int>(drawing_.lanesMax.x - drawing_.lanesMin.x),
                        static_cast<int>(drawing_.lanesMax.y - drawing_.lanesMin.y)},
                       static_cast<int>(kMargin), static_cast<int>(std::ceil(header)), aspect);
  drawing_.overlayCaption.clear();
  drawing_.labelNote.clear();
  // Bitonic's stage brackets and radix's digits reserve the same room in every lane, so that a
  // race's pictures keep one size.
  float extraBand = 0.0f;
  for (const auto& lane : lanes_) {
    const float radixBand = lane->sorter().digitPlace(0).has_value() ? static_cast<float>(kRadixDigitBand) : 0.0f;
    extraBand = std::max(extraBand, stageBandHeight(lane->sorter()) + radixBand);
  }
  float bracketsBand = 0.0f;
  if (overlaysShown() && !grid.cells.empty())
    for (const auto& lane : lanes_)
      bracketsBand = std::max(bracketsBand, deepestBracketsHeight(lane->sorter(), drawnLength(lane->sorter(), inputs_.resolved->data.sequenceLength),
                                                                  static_cast<float>(grid.cells.front().width)));
  for (std::size_t i = 0; i < cells; ++i) {
    const render::LaneRect& cell = grid.cells[i];
    const ImVec2 laneMin(static_cast<float>(cell.x), static_cast<float>(cell.y));
    const ImVec2 laneMax(static_cast<float>(cell.x + cell.width), static_cast<float>(cell.y + cell.height));
    if (i >= lanes_.size()) {
      // An algorithm the race could not run on this input says why in its lane.
      const auto& [name, reason] = refusals_[i - lanes_.size()];
      list->AddText(laneMin, imColour(kLaneTextColour), name.c_str());
      list->AddText(nullptr, 0.0f, ImVec2(laneMin.x, laneMin.y + header), imColour(kRefusalColour), reason.c_str(),
                    nullptr, laneMax.x - laneMin.x);
      continue;
    }
    if (racing()) drawLaneHeader(list, i, laneMin, laneMax.x - laneMin.x);
    const ImVec2 pictureMin(laneMin.x, laneMin.y + header);
    // Overlays go in a band under the bars: the indices, the brackets (at least three lines' room),
    // the stage and digit bands, then the label policy's note and the caption, a line each.
    const float line = ImGui::GetTextLineHeight();
    const float brackets = std::max(line * 3.0f, bracketsBand);
    const float band = overlaysShown() ? line * 2.0f + brackets + render::kMaxIndexBandHeight + extraBand : 0.0f;
    const ImVec2 pictureMax(laneMax.x, laneMax.y - band);
    lanes_[i]->draw(list, pictureMin, pictureMax, view_);
    drawing_.placements.push_back(lanes_[i]->place(pictureMin, pictureMax, view_));
    if (overlaysShown()) {
      drawing_.overlayCaption.clear();
      drawOverlays(list, *lanes_[i], drawing_.placements.back());
      // At the band's foot, right-aligned: which pass the brackets show; above it, what the
      // numbers left out.
      const float width = ImGui::CalcTextSize(drawing_.overlayCaption.c_str()).x;
      list->AddText(ImVec2(laneMax.x - width, laneMax.y - line), imColour(kLaneTextColour), drawing_.overlayCaption.c_str());
      list->AddText(ImVec2(laneMin.x, laneMax.y - 2.0f * line), imColour(kLaneTextColour), drawing_.labelNote.c_str());
    }
  }
  if (config_.slideLayout && !lanes_.empty()) {
    drawSlideCaption(list, ImVec2(areaMin.x, areaMax.y), ImVec2(io.DisplaySize.x - kMargin, io.DisplaySize.y - kMargin));
    if (network > 0.0f) drawSlideNetwork(list, ImVec2(areaMax.x + kMargin, areaMin.y), ImVec2(io.DisplaySize.x - kMargin, areaMax.y));
  }
  // The whole lane area takes the mouse: scroll zooms, drag pans, double-click fits.
  ImGui::SetCursorScreenPos(areaMin);
  ImGui::InvisibleButton("##lane-area", ImVec2(areaMax.x - areaMin.x, areaMax.y - areaMin.y));
  handleMouse(areaMin, areaMax);
  ImGui::End();
}

bool ViewerApp::overlaysShown() const {
  return view_.arrayMode && inputs_.resolved->data.sequenceLength <= kMaxOverlayElements;
}

void ViewerApp::drawOverlays(ImDrawList* list, const SortLane& lane, const SortLane::Placement& bars) {
  const std::uint32_t pass = lane.pass();
  const Sorter& sorter = lane.sorter();
  const std::uint32_t length = drawnLength(sorter, inputs_.resolved->data.sequenceLength);
  const ImVec2 arrayMin = bars.min;
  ImVec2 arrayMax = bars.max;
  // Numbers: each key on its bar, each index under the axis; the rest goes under the indices.
  const auto* shownKeys = config_.barNumbers ? lane.keysAfter(pass) : nullptr;
  // The lane's scale, so that the numbers sit on the bars as painted.
  const render::ArrayLayout layout{.sequence = view_.arraySequence, .minKey = lane.barScale().minKey,
                                   .maxKey = lane.barScale().maxKey,
                                   .descending = inputs_.spec.order.descending, .height = 256,
                                   .drawing = view_.arrayDrawing};
  std::vector<std::string> notes;  // what the label policy left out, for the band's foot
  drawPaddingMarks(list, sorter, bars.min, bars.max);
  if (shownKeys) {
    const render::BarNumbers numbers{.keys = keysAsDrawn(sorter, *shownKeys, pass), .type = inputs_.resolved->keyType, .descending = inputs_.spec.order.descending,
                                     .hexadecimal = sorter.digitPlace(0).has_value(), .layout = layout,
                                     .padding = paddingAsDrawn(sorter, shownKeys->size(), pass)};
    arrayMax.y += drawBarNumbers(list, arrayMin, arrayMax, numbers);
    notes.push_back(render::keyLabelNote(barArea(arrayMin, bars.max), numbers));
    notes.push_back(render::indexLabelNote(barArea(arrayMin, bars.max), static_cast<std::uint32_t>(numbers.keys.size())));
  }
  // Radix: every key's digits (the sorted places marked) and the scatter's tween over the bars.
  radixView_.draw(list, lane, barArea(arrayMin, bars.max), arrayMax.y + 2.0f, layout);
  if (const auto first = sorter.digitPlace(0); first && shownKeys) {
    const int places = static_cast<int>((32 + first->bits - 1) / first->bits);  // of a 32-bit key, as digitStates counts
    notes.push_back(render::labelNote(
        render::digitColumnsFit(barArea(arrayMin, bars.max), shownKeys->size(), first->bits, places, kRadixDigitBand), "digits"));
  }
  drawing_.labelNote.clear();
  for (const std::string& note : notes)
    if (!note.empty()) drawing_.labelNote += (drawing_.labelNote.empty() ? "" : "; ") + note;
  // What the last pass compared, the pairs that swapped in it highlighted; at pass 0, what the
  // first pass will compare. The caption says which of the two it is.
  const ShownPass shown = ui::shownPass(pass);
  const std::uint32_t shownPass = shown.pass;
  const std::vector<Comparator> comparators = sorter.comparators(shownPass, kMaxOverlayElements);
  if (!comparators.empty()) drawing_.overlayCaption = shown.caption;
  std::vector<bool> swapped;
  if (pass > 0) {
    const auto* before = lane.keysAfter(pass - 1);
    const auto* after = lane.keysAfter(pass);
    if (before && after) swapped = swappedPositions(keysAsDrawn(sorter, *before, pass - 1), keysAsDrawn(sorter, *after, pass));
  }
  if (!comparators.empty()) drawComparatorBrackets(list, arrayMin, arrayMax, length, comparators, swapped);
  // Bitonic: the merge stage's blocks under the comparators.
  drawBitonicMarks(list, sorter,
                   {.shownPass = shownPass, .sequenceLength = inputs_.resolved->data.sequenceLength,
                    .descendingKeys = inputs_.spec.order.descending, .barsMin = bars.min, .barsMax = bars.max,
                    .bandTop = arrayMax.y + (comparators.empty() ? 0.0f
                                                                 : comparatorBracketsHeight(arrayMin, arrayMax, length, comparators))});
}

void ViewerApp::drawLaneHeader(ImDrawList* list, std::size_t index, ImVec2 min, float width) {
  const SortLane& lane = *lanes_[index];
  const ImU32 text = imColour(kLaneTextColour);
  const float line = ImGui::GetTextLineHeight();
  list->AddText(min, text, std::string(lane.algorithm().name).c_str());
  char status[96];
  // "live": the time of the passes as they played, one per frame, first-use compiles included;
  // the ranking's figures come from a timed re-run, and say so.
  std::snprintf(status, sizeof status, "pass %u/%u  live %.3f ms", lane.shownPass(), lane.passCount(), lane.totalMilliseconds());
  list->AddText(ImVec2(min.x, min.y + line), text, status);
  if (lane.verifiedSortedAfter()) {
    // A check mark: drawn, since ImGui's default font has no such glyph.
    const ImVec2 at(min.x + width - line * 1.4f, min.y + line * 0.2f);
    const ImVec2 points[3] = {ImVec2(at.x, at.y + line * 0.5f), ImVec2(at.x + line * 0.35f, at.y + line * 0.85f),
                              ImVec2(at.x + line, at.y)};
    list->AddPolyline(points, 3, imColour(kCheckMarkColour), 0, 2.5f);
  }
}

}  // namespace shadersort::ui
