#pragma once
// Radix's key view in the viewer's array view (render/radix_digit_view.h): every key's digits
// under its bar with the places already sorted marked, and, in teaching mode, the scatter of the
// pass just run played as a tween (keys fly from their old slots to their buckets). A tween is
// only drawing: the lane's state is at the pass boundary all along, so a step (or the next pass
// of playback) ends it at once.

#include <imgui.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "render/bar_labels.h"
#include "render/display_layout.h"
#include "render/radix_digit_view.h"
#include "ui/radix_tween_limits.h"
#include "ui/sort_lane.h"

namespace shadersort::ui {

// Room the digit columns may take under the bars: 8 rows of 4-bit digits (32-bit keys) at the
// smallest size the label policy draws (render/label_fit.h).
inline constexpr int kRadixDigitBand = render::labelBoxHeight(render::kReadablePixelSize, 8) + 4;

// What the view draws for one lane in one frame, as plain data (what tests compare).
struct RadixViewFrame {
  std::optional<double> tween;          // the scatter's tween time in [0, 1), when one plays
  std::vector<render::FilledRect> bars;  // over the bar area during a tween, else empty
  std::vector<render::FilledRect> digits;
};

// The frame for `keysBefore` (null: none recorded) -> `keysNow` (the lane's state), `passShifts`
// the shift of each pass of the schedule and `passesRun` of them run; `tween` the time of the
// scatter of pass passesRun - 1 to show, if any. `digitsTop`: where the columns start.
RadixViewFrame radixViewFrame(const render::BarArea& area, int digitsTop, const std::vector<std::uint32_t>* keysBefore,
                              const std::vector<std::uint32_t>& keysNow, const std::vector<std::uint32_t>& passShifts,
                              std::uint32_t bits, std::uint32_t passesRun, std::optional<double> tween,
                              const render::ArrayLayout& layout);

class RadixView {
 public:
  double tweenSeconds = kDefaultTweenSeconds;
  // Draw every tween at this time (0 to 1), whatever the clock says: offscreen screenshots.
  std::optional<double> pinnedTween;

  // Draws `lane`'s view (a radix lane with a recorded state) over its bars and under them
  // from `digitsTop`; returns the height the digit columns took, or nothing when it drew
  // nothing (not radix, no state read back, too many or too thin bars).
  std::optional<float> draw(ImDrawList* list, const SortLane& lane, const render::BarArea& bars,
                            float digitsTop, const render::ArrayLayout& layout);
  // A tween plays on some lane (the viewer keeps drawing frames).
  bool tweening() const;
  // The time (0 to 1) of the tween to draw for `lane` now, noting its pass: one plays only after
  // a step of one pass forward in teaching mode, for tweenSeconds; any other change of pass (a
  // step back, a jump, the next pass) ends it at that pass boundary.
  std::optional<double> tweenTime(const SortLane& lane);

 private:
  struct LaneClock {
    std::uint32_t pass = 0;
    bool steppedForward = false;  // the last change of pass was one pass forward
    // When the tween last drawn (by the clock) ends; a lane gone keeps no frame coming after it.
    std::chrono::steady_clock::time_point playsUntil;
    std::chrono::steady_clock::time_point since;
  };
  std::map<const SortLane*, LaneClock> clocks_;  // by lane: a rebuilt lane starts a clock of its own
};

// The radix panel's tween slider (seconds, 0 turns the tween off).
void drawTweenSlider(RadixView& view);

}  // namespace shadersort::ui
