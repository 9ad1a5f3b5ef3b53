#include "ui/gpu_view_panel.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "render/workgroup_view.h"
#include "sort/index_text.h"

namespace shadersort::ui {
namespace {

ImU32 imguiColour(std::uint32_t packed) {
  // Packed R | G<<8 | B<<16 | A<<24 is ImGui's own IM_COL32 order.
  return static_cast<ImU32>(packed);
}

}  // namespace

void drawGpuViewPanel(const std::optional<WorkgroupLayout>& layout, std::uint32_t pass, bool passRun,
                      std::string_view algorithm) {
  if (!layout) {
    ImGui::TextWrapped("%s has no workgroups: a fragment shader runs once per texel, in tiles the rasteriser "
                       "chooses and GL does not show, so the picture is drawn as usual.",
                       std::string(algorithm).c_str());
    return;
  }
  ImGui::TextWrapped("pass %s (%s): %s", indexText(pass).c_str(), passRun ? "last run" : "next", layout->dispatch.c_str());
  ImGui::Text("workgroups: %llu x %u invocations", static_cast<unsigned long long>(layout->workgroupCount),
              layout->workgroupSize);
  if (layout->unitsPerWorkgroup > 1)
    ImGui::TextWrapped("per workgroup: %u, each a %s", layout->unitsPerWorkgroup, layout->unitName.c_str());
  else
    ImGui::TextWrapped("one %s per workgroup%s", layout->unitName.c_str(),
                layout->workgroupCycle > 0 ? " at a time (they loop)" : "");
  if (!layout->note.empty()) ImGui::TextWrapped("%s", layout->note.c_str());
  ImGui::TextWrapped("colour and lines: the %s", layout->unitsTakenInArrivalOrder ? "partitions (by ticket)" : "workgroups");
  // A legend of the first workgroups' colours, so a reader can count them off on the picture.
  const auto shown = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(layout->workgroupCount, render::kWorkgroupPalette.size()));
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float side = ImGui::GetTextLineHeight();
  for (std::uint32_t group = 0; group < shown; ++group) {
    if (group > 0) ImGui::SameLine();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    list->AddRectFilled(at, ImVec2(at.x + side * 1.6f, at.y + side), imguiColour(render::workgroupColour(group)));
    ImGui::Dummy(ImVec2(side * 1.6f, side));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("workgroup %u", group);
  }
  if (layout->workgroupCount > shown) ImGui::TextUnformatted("(colours repeat every 10 workgroups)");
}

}  // namespace shadersort::ui
