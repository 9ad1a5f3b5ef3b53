#include "ui/radix_view.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace shadersort::ui {
namespace {

void fill(ImDrawList* list, const std::vector<render::FilledRect>& rects) {
  // Whole-pixel rectangles without rounding: the same pixels as render::fillRects().
  for (const render::FilledRect& rect : rects)
    list->AddRectFilled(ImVec2(static_cast<float>(rect.x), static_cast<float>(rect.y)),
                        ImVec2(static_cast<float>(rect.x + rect.width), static_cast<float>(rect.y + rect.height)),
                        static_cast<ImU32>(rect.colour));
}

}  // namespace

RadixViewFrame radixViewFrame(const render::BarArea& area, int digitsTop, const std::vector<std::uint32_t>* keysBefore,
                              const std::vector<std::uint32_t>& keysNow, const std::vector<std::uint32_t>& passShifts,
                              std::uint32_t bits, std::uint32_t passesRun, std::optional<double> tween,
                              const render::ArrayLayout& layout) {
  RadixViewFrame frame;
  const int maxHeight = kRadixDigitBand;
  if (tween && keysBefore && passesRun > 0 && passesRun <= passShifts.size() && keysBefore->size() == keysNow.size()) {
    // The pass just run, at its tween time: its digit is the current one until the tween ends.
    const render::RadixDigit digit{passShifts[passesRun - 1], bits};
    const render::ScatterPlan plan = render::scatterPlan(*keysBefore, digit);
    const std::vector<double> slots = render::tweenSlots(plan, *tween);
    frame.tween = tween;
    frame.bars = render::scatterFrame(area, *keysBefore, plan, slots, digit, layout);
    frame.digits = render::digitColumns(area, digitsTop, maxHeight, *keysBefore, slots, bits,
                                        render::digitStates(passShifts, bits, passesRun - 1, passesRun - 1));
    return frame;
  }
  std::vector<double> slots(keysNow.size());
  std::iota(slots.begin(), slots.end(), 0.0);
  frame.digits = render::digitColumns(area, digitsTop, maxHeight, keysNow, slots, bits,
                                      render::digitStates(passShifts, bits, passesRun, passesRun));
  return frame;
}

std::optional<double> RadixView::tweenTime(const SortLane& lane) {
  LaneClock& clock = clocks_[&lane];
  const std::uint32_t pass = lane.pass();
  if (pass != clock.pass) {
    clock.steppedForward = pass == clock.pass + 1;
    clock.pass = pass;
    clock.since = std::chrono::steady_clock::now();
  }
  clock.playsUntil = {};
  if (!clock.steppedForward || !lane.options().teaching) return std::nullopt;
  if (pinnedTween) return std::clamp(*pinnedTween, 0.0, 1.0);
  if (tweenSeconds <= 0.0) return std::nullopt;
  const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - clock.since).count() / tweenSeconds;
  if (t >= 1.0) return std::nullopt;
  clock.playsUntil = clock.since + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(tweenSeconds));
  return t;
}

std::optional<float> RadixView::draw(ImDrawList* list, const SortLane& lane, const render::BarArea& bars,
                                     float digitsTop, const render::ArrayLayout& layout) {
  const Sorter& sorter = lane.sorter();
  const auto first = sorter.digitPlace(0);
  const auto* keysNow = lane.keysAfter(lane.pass());
  if (!first || !keysNow) return std::nullopt;
  std::vector<std::uint32_t> passShifts;
  for (std::uint32_t pass = 0; pass < lane.passCount(); ++pass)
    if (const auto place = sorter.digitPlace(pass)) passShifts.push_back(place->shift);
  const std::uint32_t passesRun = lane.pass();
  const std::optional<double> tween = tweenTime(lane);
  const auto* keysBefore = passesRun > 0 ? lane.keysAfter(passesRun - 1) : nullptr;
  const int top = static_cast<int>(std::lround(digitsTop));
  const RadixViewFrame frame =
      radixViewFrame(bars, top, keysBefore, *keysNow, passShifts, first->bits, passesRun, tween, layout);
  if (frame.digits.empty() && frame.bars.empty()) return std::nullopt;
  fill(list, frame.bars);
  fill(list, frame.digits);
  return static_cast<float>(render::digitColumnsHeight(frame.digits, top));
}

bool RadixView::tweening() const {
  const auto now = std::chrono::steady_clock::now();
  return std::any_of(clocks_.begin(), clocks_.end(), [&](const auto& entry) { return entry.second.playsUntil > now; });
}

void drawTweenSlider(RadixView& view) {
  float seconds = static_cast<float>(view.tweenSeconds);
  // The label on its own line: beside the slider it was wider than the panel leaves labels.
  ImGui::TextUnformatted("scatter tween (s)");
  if (ImGui::SliderFloat("##scatter-tween", &seconds, static_cast<float>(kTweenSecondsRange.min),
                         static_cast<float>(kTweenSecondsRange.max), "%.2f"))
    view.tweenSeconds = std::clamp(static_cast<double>(seconds), kTweenSecondsRange.min, kTweenSecondsRange.max);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("teaching mode: after each pass the keys fly to their digit's bucket over this time (0: off)");
}

}  // namespace shadersort::ui
