#pragma once
// The viewer's input unit, over plain data: the mouse events a host reports, and the lane area's
// double-click, told by the events' own times and positions rather than by ImGui's per-frame
// state (ImGui 1.86 drops a double-click whose pointer moved more than 6 px between the clicks).

#include <imgui.h>

#include <optional>
#include <string_view>
#include <vector>

namespace shadersort::ui {

// One mouse event as the host saw it, in ImGui's coordinates (window units).
struct MouseEvent {
  enum class Kind { Move, Press, Release, Wheel };
  Kind kind = Kind::Move;
  float x = 0.0f, y = 0.0f;
  double seconds = 0.0;  // when it happened, on the host's clock
  float wheel = 0.0f;    // Wheel: notches, positive away from the user
};

// Left-button double-clicks in a stream of events. A click is a press and release that travel
// at most `maxDistance`; the next press within `maxSeconds` of the click's press and within
// `maxDistance` of it makes the double-click. A press that travels further is a drag, never
// half of a double-click.
class DoubleClickDetector {
 public:
  // A hand that clicks twice moves a few pixels; a drag that pans moves tens.
  static constexpr float kDefaultMaxDistance = 16.0f;
  explicit DoubleClickDetector(double maxSeconds, float maxDistance = kDefaultMaxDistance)
      : maxSeconds_(maxSeconds), maxDistance_(maxDistance) {}

  // True when `event` is the press that completes a double-click.
  bool feed(const MouseEvent& event);

 private:
  struct Press {
    float x = 0.0f, y = 0.0f;
    double seconds = 0.0;
  };
  double maxSeconds_;
  float maxDistance_;
  std::optional<Press> down_;   // the button is down since this press
  bool downCompletedDouble_ = false;  // that press was a double-click's second: it starts no new one
  float travel_ = 0.0f;         // the furthest the pointer went from down_ so far
  std::optional<Press> click_;  // the last click, waiting for its second press
};

// The art mode's mask brush: what a drag over the picture does to the mask.
enum class BrushMode { Off, Paint, Erase };

struct Brush {
  BrushMode mode = BrushMode::Off;
  float radius = 24.0f;  // picture pixels
  float feather = 0.5f;  // the outer share of the radius that fades out
  std::optional<ImVec2> last;  // where the stroke under way last painted (picture pixels)
};

struct InputState {
  DoubleClickDetector laneDoubleClicks{0.30};  // ImGui's double-click time
  bool draggingDivider = false;  // art mode, split view: a press near the divider moves it, not the picture
  Brush brush;
};

// --mouse: "press@X:Y,move@X:Y,release@X:Y,wait", one event (or none) per frame, in window pixels;
// a wait is a Move to nowhere (kind Wheel with no notches). Throws UsageError naming a bad entry.
std::vector<MouseEvent> parseMouseScript(std::string_view script);

// Where the presses of `events` that complete a double-click happened (feeds `detector` with all).
std::vector<MouseEvent> doubleClicks(DoubleClickDetector& detector, const std::vector<MouseEvent>& events);

}  // namespace shadersort::ui
