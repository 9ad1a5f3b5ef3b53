#include "ui/teaching_overlays.h"

#include <algorithm>
#include <cmath>

#include "render/label_font.h"
#include "ui/teaching_math.h"

namespace shadersort::ui {
namespace {

constexpr float kGap = 2.0f;  // between the bars and the band, and below the band

float elementWidth(ImVec2 arrayMin, ImVec2 arrayMax, std::size_t count) {
  return count == 0 ? 0.0f : (arrayMax.x - arrayMin.x) / static_cast<float>(count);
}

float elementCentre(ImVec2 arrayMin, float width, std::uint32_t index) {
  return arrayMin.x + (static_cast<float>(index) + 0.5f) * width;
}

// Depth between nested brackets: readable on wide bars, compact on narrow ones.
float bracketPitch(float width) { return std::clamp(width * 0.4f, 3.0f, 8.0f); }

bool drawable(std::size_t elementCount) { return elementCount > 0 && elementCount <= kMaxOverlayElements; }

}  // namespace

ImU32 digitColour(std::uint32_t digit, std::uint32_t bits) {
  if (bits == 0 || bits > kMaxDigitBits) return IM_COL32_WHITE;
  // Hues up to 0.8 of the circle, so the largest digit does not come back to the smallest's red.
  const float hue = 0.8f * static_cast<float>(digit) / static_cast<float>(std::max(1u, (1u << bits) - 1u));
  return ImColor::HSV(hue, 0.55f, 1.0f);
}

float comparatorBracketsHeight(ImVec2 arrayMin, ImVec2 arrayMax, std::uint32_t elementCount,
                               const std::vector<Comparator>& comparators) {
  if (!drawable(elementCount) || comparators.empty()) return 0.0f;
  const float pitch = bracketPitch(elementWidth(arrayMin, arrayMax, elementCount));
  return 2 * kGap + static_cast<float>(laneCount(comparatorLanes(comparators))) * pitch;
}

void drawComparatorBrackets(ImDrawList* list, ImVec2 arrayMin, ImVec2 arrayMax, std::uint32_t elementCount,
                            const std::vector<Comparator>& comparators, const std::vector<bool>& swapped) {
  if (list == nullptr || !drawable(elementCount)) return;
  const float width = elementWidth(arrayMin, arrayMax, elementCount);
  const float pitch = bracketPitch(width);
  const float top = arrayMax.y + kGap;
  const std::vector<std::uint32_t> lanes = comparatorLanes(comparators);
  const auto isSwapped = [&](std::uint32_t position) { return position < swapped.size() && swapped[position]; };
  // The swapped ones last, so they stay visible where lines meet.
  for (const bool drawSwapped : {false, true}) {
    for (std::size_t i = 0; i < comparators.size(); ++i) {
      const Comparator& pair = comparators[i];
      if (pair.low >= elementCount || pair.high >= elementCount) continue;
      if ((isSwapped(pair.low) || isSwapped(pair.high)) != drawSwapped) continue;
      const float left = elementCentre(arrayMin, width, pair.low);
      const float right = elementCentre(arrayMin, width, pair.high);
      const float bottom = top + static_cast<float>(lanes[i] + 1) * pitch;
      list->PathLineTo(ImVec2(left, top));
      list->PathLineTo(ImVec2(left, bottom));
      list->PathLineTo(ImVec2(right, bottom));
      list->PathLineTo(ImVec2(right, top));
      list->PathStroke(drawSwapped ? kSwappedComparatorColour : kComparatorColour, ImDrawFlags_None,
                       drawSwapped ? 2.0f : 1.5f);
    }
  }
}

void drawTextLabels(ImDrawList* list, const std::vector<render::TextLabel>& labels) {
  const auto colour = [](std::uint32_t packed) {  // packed RGBA is ImGui's IM_COL32 layout
    return static_cast<ImU32>(packed);
  };
  const auto fill = [&](int x, int y, int width, int height, std::uint32_t packed) {
    list->AddRectFilled(ImVec2(static_cast<float>(x), static_cast<float>(y)),
                        ImVec2(static_cast<float>(x + width), static_cast<float>(y + height)), colour(packed));
  };
  for (const render::TextLabel& label : labels) {
    fill(label.x, label.y, label.width, label.height, render::kLabelBacking);
    for (const render::InkRect& ink : render::textInk(label.text, label.pixelSize))
      fill(label.x + 1 + ink.x, label.y + 1 + ink.y, ink.width, ink.height, render::kLabelInk);
  }
}

render::BarArea barArea(ImVec2 arrayMin, ImVec2 arrayMax) {
  const int left = static_cast<int>(std::lround(arrayMin.x)), top = static_cast<int>(std::lround(arrayMin.y));
  return {left, top, static_cast<int>(std::lround(arrayMax.x)) - left, static_cast<int>(std::lround(arrayMax.y)) - top};
}

float drawBarNumbers(ImDrawList* list, ImVec2 arrayMin, ImVec2 arrayMax, const render::BarNumbers& numbers) {
  const render::BarArea area = barArea(arrayMin, arrayMax);
  const auto count = static_cast<std::uint32_t>(numbers.keys.size());
  drawTextLabels(list, render::keyLabels(area, numbers));
  drawTextLabels(list, render::indexLabels(area, count));
  return static_cast<float>(render::indexBandHeight(area, count));
}

}  // namespace shadersort::ui
