#include "ui/viewer_input.h"

#include <algorithm>
#include <cmath>

namespace shadersort::ui {
namespace {

float distance(float ax, float ay, float bx, float by) { return std::hypot(ax - bx, ay - by); }

}  // namespace

bool DoubleClickDetector::feed(const MouseEvent& event) {
  switch (event.kind) {
    case MouseEvent::Kind::Wheel: return false;
    case MouseEvent::Kind::Move:
      if (down_) travel_ = std::max(travel_, distance(event.x, event.y, down_->x, down_->y));
      return false;
    case MouseEvent::Kind::Release:
      if (down_) {
        travel_ = std::max(travel_, distance(event.x, event.y, down_->x, down_->y));
        if (travel_ <= maxDistance_ && !downCompletedDouble_)
          click_ = down_;
        else
          click_.reset();
      }
      down_.reset();
      return false;
    case MouseEvent::Kind::Press: {
      const Press press{event.x, event.y, event.seconds};
      const bool isDouble = click_ && press.seconds - click_->seconds <= maxSeconds_ &&
                            distance(press.x, press.y, click_->x, click_->y) <= maxDistance_;
      // A third click starts afresh rather than making a second double-click.
      click_.reset();
      down_ = press;
      downCompletedDouble_ = isDouble;
      travel_ = 0.0f;
      return isDouble;
    }
  }
  return false;
}

std::vector<MouseEvent> doubleClicks(DoubleClickDetector& detector, const std::vector<MouseEvent>& events) {
  std::vector<MouseEvent> found;
  for (const MouseEvent& event : events)
    if (detector.feed(event)) found.push_back(event);
  return found;
}

}  // namespace shadersort::ui
