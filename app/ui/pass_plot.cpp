#include "ui/pass_plot.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace shadersort::ui {

void drawPassPlot(std::string_view name, const std::vector<float>& values, std::string_view unit, float height) {
  float largest = 0.0f;
  for (float value : values)
    if (!std::isnan(value)) largest = std::max(largest, value);
  const std::string title(name);
  const std::string suffix = unit.empty() ? std::string() : " " + std::string(unit);
  // The scale in words: what the top of the plot stands for, and how many passes it shows.
  ImGui::Text("%s: %zu pass%s, top = %.4g%s", title.c_str(), values.size(), values.size() == 1 ? "" : "es", largest,
              suffix.c_str());
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const ImVec2 max(min.x + width, min.y + height);
  ImDrawList* list = ImGui::GetWindowDrawList();
  list->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_FrameBg));
  const std::size_t slots = std::max<std::size_t>(values.size(), kMinPlotSlots);
  const float slot = width / static_cast<float>(slots);
  const float gap = slot > 3.0f ? 1.0f : 0.0f;
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (std::isnan(values[i]) || largest <= 0.0f || values[i] <= 0.0f) continue;
    const float top = max.y - (height - 1.0f) * values[i] / largest;
    const float left = min.x + slot * static_cast<float>(i);
    list->AddRectFilled(ImVec2(left, top), ImVec2(left + std::max(1.0f, slot - gap), max.y),
                        i + 1 == values.size() ? kPlotLastBarColour : kPlotBarColour);
  }
  ImGui::Dummy(ImVec2(width, height));
}

}  // namespace shadersort::ui
