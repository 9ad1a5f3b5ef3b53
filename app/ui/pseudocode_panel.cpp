#include "ui/pseudocode_panel.h"

#include <algorithm>
#include <string>

namespace shadersort::ui {

void drawPseudocodePanel(const PassFacts& lastPass, bool passRun) {
  const PseudocodeListing& listing = pseudocodeFor(lastPass);
  if (listing.lines.empty()) return;
  ImGui::TextUnformatted(std::string(listing.title).c_str());
  if (passRun)
    ImGui::Text("highlighted: pass %u", lastPass.pass + 1);
  else
    ImGui::TextUnformatted("no pass run yet");
  const std::vector<std::size_t> lit = passRun ? highlightedLines(lastPass) : std::vector<std::size_t>{};
  // A child with a horizontal scrollbar, so long lines are scrolled to rather than cut off.
  const float height = ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(listing.lines.size()) +
                       ImGui::GetStyle().ScrollbarSize + 2 * ImGui::GetStyle().WindowPadding.y;
  ImGui::BeginChild("##pseudocode", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
  for (std::size_t i = 0; i < listing.lines.size(); ++i) {
    if (std::binary_search(lit.begin(), lit.end(), i)) {
      // Bands of neighbouring lines meet, so a run of lit lines reads as one block.
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::CalcTextSize(listing.lines[i].data(), listing.lines[i].data() + listing.lines[i].size()).x);
      list->AddRectFilled(ImVec2(at.x - 2.0f, at.y), ImVec2(at.x + width, at.y + lineHeight), kPseudocodeHighlight);
    }
    ImGui::TextUnformatted(listing.lines[i].data(), listing.lines[i].data() + listing.lines[i].size());
  }
  ImGui::EndChild();
}

}  // namespace shadersort::ui
