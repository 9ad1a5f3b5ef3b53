// The slide layout (run --slides, view --slide): the array view with, instead of the panel, the
// pass's caption along the foot (the words of the slides' caption files) and, at the right, the
// comparator network's column of the pass the brackets show. What a lecture needs from the
// panel, in a frame that holds no live timing, so a slide drawn twice is the same picture.

#include <imgui.h>

#include <algorithm>
#include <string>

#include "render/caption_strip.h"
#include "render/network_svg.h"
#include "ui/bitonic_marks.h"
#include "ui/teaching_math.h"
#include "ui/teaching_overlays.h"
#include "ui/teaching_panels.h"
#include "ui/viewer_app.h"
#include "ui/viewer_style.h"

namespace shadersort::ui {
namespace {

constexpr int kSlideDescriptionLines = 2;
constexpr ImU32 kSlideHeadingColour = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kSlideTextColour = IM_COL32(192, 196, 200, 255);
constexpr ImU32 kSlideWireColour = IM_COL32(90, 95, 110, 255);
constexpr ImU32 kSlideLabelColour = IM_COL32(150, 150, 160, 255);
// Its width in the panel's logical units (times the slide's text scale).
constexpr float kSlideNetworkWidth = 120.0f;

}  // namespace

float ViewerApp::slideCaptionHeight() const {
  return ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(1 + kSlideDescriptionLines) + kMargin;
}

float ViewerApp::slideNetworkWidth() const {
  if (lanes_.empty() || !overlaysShown()) return 0.0f;
  const SortLane& lane = *lanes_.front();
  const std::uint32_t wires = drawnLength(lane.sorter(), inputs_.resolved->data.sequenceLength);
  if (wires < 2 || wires > kMaxNetworkWires || lane.network(kMaxNetworkWires).empty()) return 0.0f;
  return kSlideNetworkWidth * uiScale_;
}

void ViewerApp::drawSlideCaption(ImDrawList* list, ImVec2 min, ImVec2 max) {
  const SortLane& lane = *lanes_.front();
  const std::uint32_t pass = lane.pass();
  // The caption the slides' .txt files hold: the state after `pass` passes, and what the last did.
  const std::string description = pass > 0 ? lane.sorter().describePass(pass - 1) : std::string();
  const render::Caption caption = render::passCaption(pass, lane.passCount(), lane.finished(), description);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const ImVec2 at(min.x, min.y + kMargin);
  list->AddText(at, kSlideHeadingColour, caption.heading.c_str());
  // Wrapped at the frame's edge; what the lines do not hold is cut (the .txt file has it whole).
  const ImVec4 clip(min.x, at.y + line, max.x, at.y + line * static_cast<float>(1 + kSlideDescriptionLines));
  list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), ImVec2(at.x, at.y + line), kSlideTextColour,
                caption.description.c_str(), nullptr, max.x - min.x, &clip);
}

void ViewerApp::drawSlideNetwork(ImDrawList* list, ImVec2 min, ImVec2 max) {
  const SortLane& lane = *lanes_.front();
  const Sorter& sorter = lane.sorter();
  const std::uint32_t wires = drawnLength(sorter, inputs_.resolved->data.sequenceLength);
  // The pass the brackets show: the one to come at pass 0, else the last run.
  const ShownPass shown = shownPass(lane.pass());
  const std::vector<Comparator> comparators = sorter.comparators(shown.pass, kMaxOverlayElements);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const std::string title = "network, pass " + render::networkPassLabel(shown.pass);
  list->AddText(min, kSlideHeadingColour, title.c_str());
  list->AddText(ImVec2(min.x, min.y + line), kSlideLabelColour, lane.pass() == 0 ? "(next)" : "(last run)");

  // Wires evenly down the column (position 0 at the top, as in the panel's network), labels left.
  const float top = min.y + 2.5f * line, bottom = max.y - line * 0.5f;
  const float gap = wires > 1 ? (bottom - top) / static_cast<float>(wires - 1) : 0.0f;
  const float labelSize = std::min(ImGui::GetFontSize(), std::max(gap, 1.0f));
  const float labelWidth = ImGui::GetFont()->CalcTextSizeA(labelSize, FLT_MAX, 0.0f, "64").x + 6.0f;
  const float left = min.x + labelWidth, right = max.x;
  const auto wireY = [&](std::uint32_t wire) { return top + gap * static_cast<float>(wire); };
  for (std::uint32_t wire = 0; wire < wires; ++wire) {
    list->AddLine(ImVec2(left, wireY(wire)), ImVec2(right, wireY(wire)), kSlideWireColour);
    const std::string number = render::networkWireLabel(wire);
    const float width = ImGui::GetFont()->CalcTextSizeA(labelSize, FLT_MAX, 0.0f, number.c_str()).x;
    list->AddText(ImGui::GetFont(), labelSize, ImVec2(left - 4.0f - width, wireY(wire) - labelSize / 2), kSlideLabelColour,
                  number.c_str());
  }
  // Overlapping comparators side by side, as the brackets under the bars stack them.
  const std::vector<std::uint32_t> lanes = comparatorLanes(comparators);  // lanes of brackets, not sort lanes
  const std::uint32_t columns = std::max(1u, ui::laneCount(lanes));
  const float pitch = (right - left) / static_cast<float>(columns + 1);
  const float dot = std::clamp(gap * 0.22f, 2.0f, 4.0f * uiScale_);
  for (std::size_t i = 0; i < comparators.size(); ++i) {
    const Comparator& pair = comparators[i];
    if (pair.low >= wires || pair.high >= wires) continue;
    const float x = left + pitch * static_cast<float>(lanes[i] + 1);
    list->AddLine(ImVec2(x, wireY(pair.low)), ImVec2(x, wireY(pair.high)), kCurrentPassColour, 1.5f * uiScale_);
    list->AddCircleFilled(ImVec2(x, wireY(pair.low)), dot, kCurrentPassColour);
    list->AddCircleFilled(ImVec2(x, wireY(pair.high)), dot, kCurrentPassColour);
    // A descending comparator (bitonic-classic) sends the larger key up: an arrowhead says so.
    if (pair.low > pair.high)
      list->AddTriangleFilled(ImVec2(x - 2 * dot, wireY(pair.high) + 3 * dot), ImVec2(x + 2 * dot, wireY(pair.high) + 3 * dot),
                              ImVec2(x, wireY(pair.high) + dot), kCurrentPassColour);
  }
}

}  // namespace shadersort::ui
