#include "ui/art_panel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace shadersort::ui {
namespace {

constexpr std::uint32_t kHistogramBins = 64;

// Slider values on a grid, so that a dragged setting reads back as a short decimal in presets
// and command lines (0.315, not 0.31499999761581421).
// The grid point nearest `value`, for grids of 1/n (0.1, 0.01, 0.001): divided by n rather than
// multiplied by the grid, so that 252 steps of 0.1 are 25.2 and not 25.200000000000003, and the
// copied command and presets show short numbers.
double onGrid(double value, double grid) {
  const double steps = std::round(1.0 / grid);
  return std::round(value * steps) / steps;
}

bool sliderDouble(const char* label, double& value, double least, double most, const char* format, double grid) {
  double edited = value;
  if (!ImGui::SliderScalar(label, ImGuiDataType_Double, &edited, &least, &most, format)) return false;
  // Shift held: a tenth of the move, for fine adjustment (the angle moves 0.15 degrees a pixel
  // of drag instead of 1.5 on a panel of the default width).
  if (ImGui::GetIO().KeyShift) edited = value + (edited - value) / 10.0;
  edited = std::clamp(onGrid(edited, grid), least, most);
  if (edited == value) return false;
  value = edited;
  return true;
}

// A length in pixels (or rings) up to 4096 with 0 shown as `zero` when it means "no limit".
bool slideLength(const char* label, std::uint32_t& value, const char* format, const char* zero = nullptr) {
  int edited = static_cast<int>(std::min<std::uint32_t>(value, 4096));
  if (!ImGui::SliderInt(label, &edited, 0, 4096, edited == 0 && zero ? zero : format, ImGuiSliderFlags_Logarithmic))
    return false;
  value = static_cast<std::uint32_t>(std::max(0, edited));
  return true;
}

template <typename Enum>
bool comboOf(const char* label, Enum& value, const std::vector<std::pair<Enum, std::string>>& choices) {
  std::string current;
  for (const auto& [choice, name] : choices)
    if (choice == value) current = name;
  bool changed = false;
  if (ImGui::BeginCombo(label, current.c_str())) {
    for (const auto& [choice, name] : choices) {
      if (ImGui::Selectable(name.c_str(), choice == value) && choice != value) {
        value = choice;
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// The key's histogram with the threshold band lit and the rest dimmed.
void drawHistogram(const std::vector<float>& counts, double lower, double upper, bool invert, float uiScale) {
  ImGui::PlotHistogram("##key-histogram", counts.data(), static_cast<int>(counts.size()), 0, nullptr, 0.0f, FLT_MAX,
                       ImVec2(ImGui::CalcItemWidth(), 48.0f * uiScale));
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float low = min.x + static_cast<float>(lower) * (max.x - min.x);
  const float high = min.x + static_cast<float>(upper) * (max.x - min.x);
  const ImU32 dim = IM_COL32(0, 0, 0, 140);
  if (invert) {
    list->AddRectFilled(ImVec2(low, min.y), ImVec2(high, max.y), dim);
  } else {
    list->AddRectFilled(min, ImVec2(low, max.y), dim);
    list->AddRectFilled(ImVec2(high, min.y), max, dim);
  }
  list->AddLine(ImVec2(low, min.y), ImVec2(low, max.y), IM_COL32(255, 210, 90, 255), 1.5f);
  list->AddLine(ImVec2(high, min.y), ImVec2(high, max.y), IM_COL32(255, 210, 90, 255), 1.5f);
  ImGui::SameLine();
  ImGui::TextUnformatted("key");
}

// An image path typed into a field: handed back once typing ends (Enter, or leaving the field).
bool pathField(const char* label, std::string& text, std::optional<std::string>& shown, const std::string& applied,
               std::string& result) {
  if (shown != applied) {
    text = applied;  // the source's path changed elsewhere (a refusal, a new input)
    shown = applied;
  }
  ImGui::InputText(label, &text);
  if (!ImGui::IsItemDeactivatedAfterEdit() || text == applied) return false;
  result = text;
  return true;
}

}  // namespace

art::ArtSettings withLowerThresholdMoved(art::ArtSettings settings, double step) {
  settings.lower = std::clamp(onGrid(settings.lower + step, 0.01), 0.0, 1.0);
  if (settings.spans == art::SpanMode::Threshold && settings.lower > settings.upper) settings.upper = settings.lower;
  return settings;
}

ArtPanelEdits ArtPanel::draw(ArtSource& source, const ArtPanelView& view, float uiScale) {
  ArtPanelEdits edits;
  ArtConfig config = source.config();
  art::ArtSettings& s = config.settings;
  bool changed = false;
  using art::PathKind;
  using art::SpanMode;

  changed |= comboOf<PathKind>("path", s.path.kind,
                               {{PathKind::Rows, "rows"},
                                {PathKind::Columns, "columns"},
                                {PathKind::Angle, "angle"},
                                {PathKind::Rings, "rings"},
                                {PathKind::Spokes, "spokes"}});
  if (s.path.kind == PathKind::Angle)
    changed |= sliderDouble("angle", s.path.angleDegrees, -180.0, 180.0, "%.1f deg", 0.1);
  // Radial controls another path does not read would be refused: they go with the path.
  const bool rings = s.path.kind == PathKind::Rings, spokes = s.path.kind == PathKind::Spokes;
  if (!rings && !spokes) s.radial = {};
  if (!rings) s.radial.thickness = 0;
  if (!spokes) s.radial.rayLength = 0;
  if (rings || spokes) {
    double centre[2] = {s.path.centreX, s.path.centreY};
    const double least = 0.0, most = 1.0;
    if (ImGui::SliderScalarN("centre", ImGuiDataType_Double, centre, 2, &least, &most, "%.3f")) {
      s.path.centreX = std::clamp(onGrid(centre[0], 0.001), 0.0, 1.0);
      s.path.centreY = std::clamp(onGrid(centre[1], 0.001), 0.0, 1.0);
      changed = true;
    }
    art::RadialControls& radial = s.radial;
    changed |= sliderDouble("start angle", radial.startDegrees, 0.0, 360.0, "%.1f deg", 0.1);
    changed |= sliderDouble("degrees sorted", radial.degreesSorted, 0.0, 360.0, "%.1f deg", 0.1);
    changed |= slideLength("inner radius", radial.innerRadius, "%d px");
    if (spokes) changed |= slideLength("ray length", radial.rayLength, "%d px", "to the edge");
    if (rings) changed |= slideLength("thickness", radial.thickness, "%d rings", "all");
    changed |= sliderDouble(spokes ? "vary radius" : "vary start", radial.varyStart, 0.0, 1.0, "%.3f", 0.001);
  }

  // A second pass along straight lines (ASDF's columns, then rows); an angle given elsewhere stays listed.
  std::vector<std::pair<std::optional<art::PathSpec>, std::string>> thens = {
      {std::nullopt, "none"}, {art::parsePathSpec("rows"), "rows"}, {art::parsePathSpec("columns"), "columns"}};
  if (s.then && s.then->kind == PathKind::Angle) thens.emplace_back(s.then, art::pathSpecText(*s.then));
  changed |= comboOf<std::optional<art::PathSpec>>("then", s.then, thens);

  std::vector<std::pair<SpanMode, std::string>> modes;
  for (std::string_view name : art::spanModeNames()) modes.emplace_back(art::parseSpanMode(name), std::string(name));
  changed |= comboOf<SpanMode>("spans", s.spans, modes);
  std::vector<std::pair<PixelKey, std::string>> keys;
  for (std::string_view name : pixelKeyNames()) keys.emplace_back(*parsePixelKey(name), std::string(name));
  changed |= comboOf<PixelKey>("key", s.key, keys);
  changed |= ImGui::Checkbox("descending", &s.descending);

  if (s.spans == SpanMode::Threshold) {
    // What cuts the spans: the sort key unless another is chosen (--span-key).
    std::vector<std::pair<std::optional<PixelKey>, std::string>> spanKeys = {{std::nullopt, "the sort key"}};
    for (const auto& [key, name] : keys) spanKeys.emplace_back(key, name);
    changed |= comboOf<std::optional<PixelKey>>("span key", s.spanKey, spanKeys);
    // The band stays ordered: a bound dragged past the other pushes it along.
    if (sliderDouble("lower", s.lower, 0.0, 1.0, "%.3f", 0.001)) {
      s.upper = std::max(s.upper, s.lower);
      changed = true;
    }
    if (sliderDouble("upper", s.upper, 0.0, 1.0, "%.3f", 0.001)) {
      s.lower = std::min(s.lower, s.upper);
      changed = true;
    }
    drawHistogram(source.keyHistogram(kHistogramBins), s.lower, s.upper, s.invert, uiScale);
  } else if (s.spans == SpanMode::Edges || s.spans == SpanMode::Intervals) {
    changed |= sliderDouble("edges at", s.lower, 0.0, 1.0, "%.3f", 0.001);
  }
  if (art::invertible(s.spans)) changed |= ImGui::Checkbox("invert", &s.invert);
  if (art::drawsSpanLengths(s.spans)) {
    int length = static_cast<int>(std::min<std::uint32_t>(s.spanLength, 4096));
    if (ImGui::SliderInt("span length", &length, 2, 4096, "%d", ImGuiSliderFlags_Logarithmic)) {
      s.spanLength = static_cast<std::uint32_t>(std::max(2, length));
      changed = true;
    }
  }
  // Always shown: mask and intervals modes need their image before they can be chosen; a mask
  // given with another mode narrows its spans.
  changed |= pathField("mask", maskText_, shownMask_, config.maskPath, config.maskPath);
  changed |= pathField("intervals", intervalsText_, shownIntervals_, config.intervalsPath, config.intervalsPath);

  // 0 is "no cap"; 1 is no span at all, so the slider skips it.
  int cap = static_cast<int>(std::min<std::uint32_t>(s.maxSpan, 4096));
  if (ImGui::SliderInt("max span", &cap, 0, 4096, cap == 0 ? "none" : "%d", ImGuiSliderFlags_Logarithmic)) {
    s.maxSpan = cap < 2 ? 0u : static_cast<std::uint32_t>(cap);
    changed = true;
  }
  changed |= sliderDouble("skip %", s.skipPercent, 0.0, 100.0, "%.1f", 0.1);
  const std::uint64_t seedStep = 1;
  changed |= ImGui::InputScalar("seed", ImGuiDataType_U64, &s.seed, &seedStep, nullptr, "%llu");
  if (view.nothingToSort) ImGui::TextDisabled("nothing to sort: no span of two pixels or more");

  bool overlay = view.spanOverlay;
  if (ImGui::Checkbox("span overlay (o)", &overlay)) edits.key = ViewerKey::ToggleSpanOverlay;
  int shows = view.showResultAfterChange ? 1 : 0;
  ImGui::TextUnformatted("a change:");
  ImGui::SameLine();
  bool showsChanged = ImGui::RadioButton("plays", &shows, 0);
  ImGui::SameLine();
  showsChanged |= ImGui::RadioButton("result (e)", &shows, 1);
  if (showsChanged && (shows == 1) != view.showResultAfterChange) edits.key = ViewerKey::ToggleResultAfterChange;

  ImGui::TextWrapped("%s", view.runCommand.c_str());
  if (ImGui::SmallButton("copy command")) ImGui::SetClipboardText(view.runCommand.c_str());

  if (changed) edits.config = config;
  return edits;
}

}  // namespace shadersort::ui
