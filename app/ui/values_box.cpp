#include "ui/values_box.h"

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/error.h"
#include "data/value_list.h"

namespace shadersort::ui {

ValuesBox valuesBoxFor(const InputSpec& input) {
  ValuesBox box;
  if (!input.values) return box;
  box.type = input.keyType;
  box.text.clear();
  for (std::uint32_t bits : *input.values) box.text += (box.text.empty() ? "" : ",") + keyText(input.keyType, bits);
  return box;
}

std::optional<InputSpec> valuesInput(ValuesBox& box, const InputSpec& current) {
  try {
    InputSpec spec = current;
    spec.values = parseValueList(box.text, box.type);
    spec.keyType = box.type;
    spec.pattern.reset();
    spec.imagePath.reset();
    spec.range.reset();
    box.error.clear();
    return spec;
  } catch (const UsageError& refused) {
    // The panel names no option: "--values: key 2 ..." reads "key 2 ...".
    std::string why = refused.what();
    if (why.rfind("--values: ", 0) == 0) why.erase(0, 10);
    box.error = why;
    return std::nullopt;
  }
}

bool drawValuesBox(ValuesBox& box) {
  ImGui::PushID("values");
  // The list takes what the type and the button leave of the line (with the panel's item width
  // the button ran past its edge).
  const ImGuiStyle& style = ImGui::GetStyle();
  const float typeWidth = ImGui::GetFontSize() * 3.5f;
  const float buttonWidth = ImGui::CalcTextSize("Load").x + 2.0f * style.FramePadding.x;
  ImGui::SetNextItemWidth(std::max(1.0f, ImGui::GetContentRegionAvail().x - typeWidth - buttonWidth - 2.0f * style.ItemSpacing.x));
  bool load = ImGui::InputText("##list", &box.text, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  int type = static_cast<int>(box.type);
  ImGui::SetNextItemWidth(typeWidth);
  if (ImGui::Combo("##type", &type, "u32\0i32\0f32\0")) box.type = static_cast<KeyType>(type);
  ImGui::SameLine();
  load |= ImGui::Button("Load");
  if (!box.error.empty()) {
    // Wrapped: a refusal is one line, but the panel is narrow.
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.45f, 0.35f, 1.0f));
    ImGui::TextWrapped("%s", box.error.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopID();
  return load;
}

}  // namespace shadersort::ui
