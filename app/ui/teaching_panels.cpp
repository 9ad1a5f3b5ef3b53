#include "ui/teaching_panels.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cstdio>
#include <span>

#include "render/network_svg.h"
#include "sort/index_text.h"
#include "ui/teaching_math.h"
#include "ui/teaching_overlays.h"

namespace shadersort::ui {
namespace {

// [SECTION] radix panel

constexpr std::uint32_t kMaxMatrixBlocks = 16;  // columns of the counter matrix table
constexpr std::uint32_t kAllDigitRows = 16;     // more digit values than this: only the non-empty rows
constexpr int kVisibleTableRows = 12;
constexpr float kPlotHeight = 70.0f;

std::vector<float> asFloats(const std::vector<std::uint32_t>& values) {
  return std::vector<float>(values.begin(), values.end());
}

// The digit values a table lists: all of few, else those the sequence holds.
std::vector<std::uint32_t> shownDigits(const std::vector<std::uint32_t>& histogram) {
  std::vector<std::uint32_t> digits;
  for (std::uint32_t digit = 0; digit < histogram.size(); ++digit)
    if (histogram.size() <= kAllDigitRows || histogram[digit] != 0) digits.push_back(digit);
  return digits;
}

ImVec2 tableSize(std::size_t rows) {
  const int visible = std::min(static_cast<int>(rows) + 1, kVisibleTableRows);
  return ImVec2(0.0f, static_cast<float>(visible) * ImGui::GetTextLineHeightWithSpacing() + 4.0f);
}

void digitCell(std::uint32_t digit, std::uint32_t bits) {
  ImGui::TableNextColumn();
  ImGui::TextColored(ImColor(digitColour(digit, bits)), "%0*X", static_cast<int>((bits + 3) / 4), digit);
}

void bucketTable(const std::vector<std::uint32_t>& histogram, const std::vector<std::uint32_t>& starts,
                 std::uint32_t bits) {
  const std::vector<std::uint32_t> digits = shownDigits(histogram);
  if (digits.size() < histogram.size()) ImGui::TextDisabled("digits with no keys are left out");
  // Columns as wide as their widest cell or header, so no header is cut short.
  const ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  // Each column's width given from its header and widest cell: columns fitted by ImGui take a
  // frame to measure, and the first frame's headers read "d k k b".
  std::array<float, 4> widths{ImGui::CalcTextSize("digit").x, ImGui::CalcTextSize("keys").x,
                              ImGui::CalcTextSize("keys before").x, ImGui::CalcTextSize("bucket").x};
  for (std::uint32_t digit : digits) {
    const std::string texts[4] = {std::string((bits + 3) / 4, 'F'), std::to_string(histogram[digit]), std::to_string(starts[digit]),
                                  histogram[digit] == 0 ? std::string("empty") : bucketSlotsText(starts[digit], histogram[digit])};
    for (std::size_t column = 0; column < widths.size(); ++column)
      widths[column] = std::max(widths[column], ImGui::CalcTextSize(texts[column].c_str()).x);
  }
  if (!ImGui::BeginTable("##buckets", 4, flags, tableSize(digits.size()))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("digit", ImGuiTableColumnFlags_WidthFixed, widths[0]);
  ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, widths[1]);
  ImGui::TableSetupColumn("keys before", ImGuiTableColumnFlags_WidthFixed, widths[2]);
  ImGui::TableSetupColumn("bucket", ImGuiTableColumnFlags_WidthFixed, widths[3]);
  ImGui::TableHeadersRow();
  for (std::uint32_t digit : digits) {
    ImGui::TableNextRow();
    digitCell(digit, bits);
    ImGui::TableNextColumn();
    ImGui::Text("%u", histogram[digit]);
    ImGui::TableNextColumn();
    ImGui::Text("%u", starts[digit]);
    ImGui::TableNextColumn();
    if (histogram[digit] == 0) {
      ImGui::TextDisabled("empty");
    } else {
      ImGui::TextUnformatted(bucketSlotsText(starts[digit], histogram[digit]).c_str());
    }
  }
  ImGui::EndTable();
}

void counterMatrixTable(const std::vector<std::uint32_t>& matrix, std::uint32_t sequences, std::uint32_t sequence,
                        const std::vector<std::uint32_t>& histogram, std::uint32_t bits) {
  const std::size_t radix = histogram.size();
  if (matrix.empty() || matrix.size() % (std::size_t{sequences} * radix) != 0) {
    ImGui::TextDisabled("counter matrix: %zu words are no [%u sequences][%zu digits][blocks] matrix", matrix.size(),
                        sequences, radix);
    return;
  }
  const auto blocks = static_cast<std::uint32_t>(matrix.size() / (std::size_t{sequences} * radix));
  ImGui::TextWrapped("Counter matrix of sequence %s, digit x block (%u blocks), as the GPU holds it:", indexText(sequence).c_str(),
                     blocks);
  if (blocks > kMaxMatrixBlocks) {
    ImGui::TextDisabled("%u blocks per sequence: too many columns to show", blocks);
    return;
  }
  const std::vector<std::uint32_t> digits = shownDigits(histogram);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("##counters", static_cast<int>(blocks) + 1, flags, tableSize(digits.size()))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("digit");
  for (std::uint32_t block = 0; block < blocks; ++block) {
    ImGui::TableSetupColumn(counterBlockName(block).c_str());
  }
  ImGui::TableHeadersRow();
  for (std::uint32_t digit : digits) {
    ImGui::TableNextRow();
    digitCell(digit, bits);
    for (std::uint32_t block = 0; block < blocks; ++block) {
      ImGui::TableNextColumn();
      ImGui::Text("%u", matrix[(std::size_t{sequence} * radix + digit) * blocks + block]);
    }
  }
  ImGui::EndTable();
}

// [SECTION] network panel

constexpr ImU32 kWireColour = IM_COL32(90, 95, 110, 255);
constexpr ImU32 kLabelColour = IM_COL32(150, 150, 160, 255);
constexpr ImU32 kRunColour = kComparatorColour;
constexpr ImU32 kCurrentShade = (kCurrentPassColour & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 45);
constexpr ImU32 kLaterColour = IM_COL32(95, 100, 115, 255);
constexpr ImU32 kStageColour = IM_COL32(120, 170, 230, 255);
constexpr float kMinLanePitch = 3.0f;
constexpr float kMaxLanePitch = 24.0f;

ImU32 passColour(std::size_t pass, std::uint32_t currentPass) {
  if (pass < currentPass) return kRunColour;
  return pass == currentPass ? kCurrentPassColour : kLaterColour;
}

}  // namespace

void drawRadixPanel(const std::vector<std::uint32_t>& keysBeforePass, DigitPlace place, std::uint32_t sequenceLength,
                    const std::vector<std::uint32_t>* countersMatrix) {
  if (place.bits == 0 || place.bits > kMaxDigitBits || place.shift + place.bits > 32) {
    ImGui::TextDisabled("this pass sorts by no digit");
    return;
  }
  if (sequenceLength == 0 || keysBeforePass.empty() || keysBeforePass.size() % sequenceLength != 0) {
    ImGui::TextDisabled("no keys to count");
    return;
  }
  const auto sequences = static_cast<std::uint32_t>(keysBeforePass.size() / sequenceLength);
  std::uint32_t sequence = 0;
  if (sequences > 1) {
    // Widget state lives in ImGui's storage, keyed by this panel's id, like ImGui's own widgets.
    // Sequences count from 0, as every index in the views (sort/index_text.h).
    int* chosen = ImGui::GetStateStorage()->GetIntRef(ImGui::GetID("radix panel sequence"), 0);
    *chosen = std::clamp(*chosen, 0, static_cast<int>(sequences) - 1);
    ImGui::SliderInt("sequence", chosen, 0, static_cast<int>(sequences) - 1);
    sequence = static_cast<std::uint32_t>(std::clamp(*chosen, 0, static_cast<int>(sequences) - 1));
  }
  const std::span<const std::uint32_t> keys(keysBeforePass.data() + std::size_t{sequence} * sequenceLength,
                                            sequenceLength);
  const std::vector<std::uint32_t> histogram = digitHistogram(keys, place);
  const std::vector<std::uint32_t> starts = exclusivePrefixSum(histogram);
  ImGui::TextWrapped("The digit is bits %u-%u of each key (%zu values); %u keys.", place.shift,
                     place.shift + place.bits - 1, histogram.size(), sequenceLength);

  // Titles above the plots, not inside them where they hid the tallest bars.
  const float width = ImGui::GetContentRegionAvail().x;
  const std::vector<float> counts = asFloats(histogram);
  const std::vector<float> before = asFloats(starts);
  const std::uint32_t tallest = *std::max_element(histogram.begin(), histogram.end());
  ImGui::TextWrapped("keys per digit (top = %u)", tallest);
  ImGui::PlotHistogram("##digit histogram", counts.data(), static_cast<int>(counts.size()), 0, nullptr, 0.0f,
                       static_cast<float>(std::max(1u, tallest)), ImVec2(width, kPlotHeight));
  ImGui::TextWrapped("keys before each digit (exclusive prefix sum; top = %u)", sequenceLength);
  ImGui::PlotHistogram("##prefix sum", before.data(), static_cast<int>(before.size()), 0, nullptr, 0.0f,
                       static_cast<float>(sequenceLength), ImVec2(width, kPlotHeight));
  bucketTable(histogram, starts, place.bits);
  if (countersMatrix != nullptr) counterMatrixTable(*countersMatrix, sequences, sequence, histogram, place.bits);
}

void drawNetworkPanel(const std::vector<std::vector<Comparator>>& passes, std::uint32_t wires,
                      std::uint32_t currentPass, bool fillHeight) {
  if (wires < 2) {
    ImGui::TextDisabled("no network: fewer than 2 keys");
    return;
  }
  if (wires > kMaxNetworkWires) {
    ImGui::TextWrapped("The network is drawn for at most %u keys; this sequence has %u.", kMaxNetworkWires, wires);
    return;
  }
  if (std::all_of(passes.begin(), passes.end(), [](const auto& pass) { return pass.empty(); })) {
    ImGui::TextWrapped("No comparator network: these passes are no single compare-exchange steps (the teaching "
                       "schedule shows them).");
    return;
  }

  // Geometry: pass numbers on top, stage numbers below, wire labels on the left, then the
  // columns, wires evenly spaced.
  ImFont* font = ImGui::GetFont();
  const float rulerHeight = ImGui::GetFontSize() + 2.0f;
  const std::vector<std::uint32_t> stages = mergeStageStarts(passes);
  const float stagesHeight = stages.size() > 1 ? rulerHeight : 0.0f;
  float wireGap = std::max(6.0f, ImGui::GetFontSize() * 0.8f);
  if (fillHeight) {
    const float spare = ImGui::GetContentRegionAvail().y - rulerHeight - stagesHeight - ImGui::GetStyle().ScrollbarSize;
    wireGap = std::max(wireGap, spare / static_cast<float>(wires));
  }
  const float labelSize = std::min(ImGui::GetFontSize(), wireGap);
  const float labelWidth = font->CalcTextSizeA(labelSize, FLT_MAX, 0.0f, "64").x + 6.0f;
  const float dotRadius = std::clamp(wireGap * 0.22f, 1.5f, 3.5f);
  const float margin = wireGap * 0.5f + dotRadius;
  const float wiresHeight = 2 * margin + wireGap * static_cast<float>(wires - 1);
  const float height = rulerHeight + wiresHeight + stagesHeight;
  const float available = ImGui::GetContentRegionAvail().x;
  const NetworkColumns columns =
      layoutNetworkColumns(passes, available - labelWidth - margin, kMinLanePitch, kMaxLanePitch);
  const float contentWidth = labelWidth + columns.width + margin;
  const bool scrolls = contentWidth > available;

  const ImGuiWindowFlags flags = ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  if (!ImGui::BeginChild("##network", ImVec2(0.0f, height + (scrolls ? ImGui::GetStyle().ScrollbarSize : 0.0f)),
                         false, flags)) {
    ImGui::EndChild();
    return;
  }
  const bool marked = currentPass < passes.size();
  // Follow the current pass when it changes, keeping the reader's scrolling otherwise.
  int* followed = ImGui::GetStateStorage()->GetIntRef(ImGui::GetID("followed pass"), -1);
  if (scrolls && marked && *followed != static_cast<int>(currentPass)) {
    const float centre = labelWidth + (columns.passLeft[currentPass] + columns.passRight[currentPass]) / 2;
    ImGui::SetScrollX(std::max(0.0f, centre - ImGui::GetWindowWidth() / 2));
  }
  *followed = marked ? static_cast<int>(currentPass) : -1;

  ImDrawList* list = ImGui::GetWindowDrawList();
  const ImVec2 corner = ImGui::GetCursorScreenPos();
  const ImVec2 origin(corner.x, corner.y + rulerHeight);  // the wires' area
  const float left = origin.x + labelWidth;
  const auto wireY = [&](std::uint32_t wire) { return origin.y + margin + wireGap * static_cast<float>(wire); };
  if (marked)
    list->AddRectFilled(ImVec2(left + columns.passLeft[currentPass], corner.y),
                        ImVec2(left + columns.passRight[currentPass], origin.y + wiresHeight), kCurrentShade);
  char label[32];
  std::vector<float> centres;
  for (std::size_t pass = 0; pass < passes.size(); ++pass)
    centres.push_back((columns.passLeft[pass] + columns.passRight[pass]) / 2);
  const float numberWidth = font->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0.0f, "0000").x;
  for (std::uint32_t pass : labelledPasses(centres, numberWidth)) {
    const std::string number = render::networkPassLabel(pass);
    const float textWidth = ImGui::CalcTextSize(number.c_str()).x;
    list->AddText(ImVec2(left + centres[pass] - textWidth / 2, corner.y), kLabelColour, number.c_str());
  }
  for (std::size_t stage = 1; stage < stages.size(); ++stage) {
    const float x = left + columns.passLeft[stages[stage]];
    list->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + wiresHeight + stagesHeight), kStageColour);
  }
  if (stages.size() > 1) {
    for (std::size_t stage = 0; stage < stages.size(); ++stage) {
      const float from = columns.passLeft[stages[stage]];
      const float to = stage + 1 < stages.size() ? columns.passLeft[stages[stage + 1]] : columns.width;
      // "stage 3" where it fits between its marks, else "3".
      std::snprintf(label, sizeof label, "stage %zu", stage + 1);
      if (ImGui::CalcTextSize(label).x + 6.0f > to - from) std::snprintf(label, sizeof label, "%zu", stage + 1);
      if (ImGui::CalcTextSize(label).x + 4.0f > to - from) continue;
      list->AddText(ImVec2(left + from + 3.0f, origin.y + wiresHeight), kStageColour, label);
    }
  }
  for (std::uint32_t wire = 0; wire < wires; ++wire) {
    list->AddLine(ImVec2(left, wireY(wire)), ImVec2(left + columns.width, wireY(wire)), kWireColour);
    const std::string number = render::networkWireLabel(wire);
    const float textWidth = font->CalcTextSizeA(labelSize, FLT_MAX, 0.0f, number.c_str()).x;
    list->AddText(font, labelSize, ImVec2(left - 4.0f - textWidth, wireY(wire) - labelSize / 2), kLabelColour,
                  number.c_str());
  }
  for (std::size_t pass = 0; pass < passes.size(); ++pass) {
    const ImU32 colour = passColour(pass, marked ? currentPass : static_cast<std::uint32_t>(passes.size()));
    for (std::size_t i = 0; i < passes[pass].size(); ++i) {
      const Comparator& pair = passes[pass][i];
      if (pair.low >= wires || pair.high >= wires) continue;
      const float x = left + columns.comparatorX[pass][i];
      list->AddLine(ImVec2(x, wireY(pair.low)), ImVec2(x, wireY(pair.high)), colour, 1.5f);
      list->AddCircleFilled(ImVec2(x, wireY(pair.low)), dotRadius, colour);
      list->AddCircleFilled(ImVec2(x, wireY(pair.high)), dotRadius, colour);
      // A descending comparator (bitonic-classic) sends the larger key up: an arrowhead says so.
      if (pair.low > pair.high)
        list->AddTriangleFilled(ImVec2(x - 2 * dotRadius, wireY(pair.high) + 3 * dotRadius),
                                ImVec2(x + 2 * dotRadius, wireY(pair.high) + 3 * dotRadius),
                                ImVec2(x, wireY(pair.high) + dotRadius), colour);
    }
  }
  ImGui::Dummy(ImVec2(contentWidth, height));
  ImGui::EndChild();
}

}  // namespace shadersort::ui
