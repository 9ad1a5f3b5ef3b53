#include "ui/viewer_input.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/number_text.h"
#include "ui/playback_limits.h"
#include "ui/viewer_app.h"

namespace shadersort::ui {
namespace {

// How near the split view's divider a press grabs it, in pixels at UI scale 1.
constexpr float kDividerGrabPixels = 8.0f;

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

// [SECTION] the viewer's keys, drops and mouse (ViewerApp's input methods)

void ViewerApp::handleKey(ViewerKey key) {
  if (handleVideoKey(key) || handleArtKey(key)) return;
  InputSpec spec = inputs_.spec;
  switch (key) {
    case ViewerKey::None: break;
    case ViewerKey::PlayPause:
      if (!playback_.playing && std::all_of(lanes_.begin(), lanes_.end(), [](const auto& l) { return l->finished(); })) {
        race_.time = 0.0;
        seekAll(0);  // at the end, play means play again
      }
      playback_.playing = !playback_.playing;
      playback_.owedPasses = 0.0;
      playback_.lastAdvance = std::chrono::steady_clock::now();
      break;
    case ViewerKey::StepBack:
    case ViewerKey::StepForward: {
      playback_.playing = false;
      const int direction = key == ViewerKey::StepForward ? +1 : -1;
      if (race_.byTime && racing()) {
        playback_.targetPass.reset();
        playback_.replayStart.reset();
        stepRace(direction);
        break;
      }
      // The step goes through advance() like End: a step back replays up to a checkpoint
      // interval of passes, spread over frames so that the window stays responsive and shows
      // its progress. A step pressed while one is on its way counts from where that one goes.
      const bool stepOnItsWay = playback_.targetPass && *playback_.targetPass != kToTheEnd;
      const std::uint32_t from = stepOnItsWay ? *playback_.targetPass : leadPass();
      if (direction < 0 && from == 0) break;
      playback_.targetPass = direction > 0 ? from + 1 : from - 1;
      if (!stepOnItsWay) playback_.replayStart.reset();
      break;
    }
    case ViewerKey::Restart:
      playback_.targetPass.reset();
      race_.time = 0.0;
      seekAll(0);
      break;
    case ViewerKey::Finish:
      playback_.playing = false;
      playback_.targetPass = kToTheEnd;
      break;
    case ViewerKey::Faster:
    case ViewerKey::Slower: {
      const double factor = key == ViewerKey::Faster ? 2.0 : 0.5;
      if (playback_.speed == Playback::Speed::PassesPerSecond)
        playback_.passesPerSecond = std::clamp(playback_.passesPerSecond * factor, kPassesPerSecondRange.min, kPassesPerSecondRange.max);
      else
        playback_.wholeSortSeconds = std::clamp(playback_.wholeSortSeconds / factor, kWholeSortSecondsRange.min, kWholeSortSecondsRange.max);
      break;
    }
    case ViewerKey::Algorithm1:
    case ViewerKey::Algorithm2:
    case ViewerKey::Algorithm3:
    case ViewerKey::Algorithm4: {
      const auto index = static_cast<std::size_t>(key) - static_cast<std::size_t>(ViewerKey::Algorithm1);
      if (index < algorithms().size()) chooseAlgorithm(algorithms()[index]);
      break;
    }
    case ViewerKey::ToggleArray:
      view_.arrayMode = !view_.arrayMode;
      view_.zoom = 1.0f;
      view_.centre = ImVec2(0.5f, 0.5f);
      break;
    case ViewerKey::ToggleDrawing:
      view_.arrayDrawing = view_.arrayDrawing == render::ArrayDrawing::Bars ? render::ArrayDrawing::Dots : render::ArrayDrawing::Bars;
      break;
    case ViewerKey::ToggleTeaching: setTeaching(!teaching_); break;
    case ViewerKey::ToggleGpuView: view_.gpuView = !view_.gpuView; break;
    case ViewerKey::NextPixelKey: {
      const auto& names = pixelKeyNames();
      const auto at = std::find(names.begin(), names.end(), pixelKeyName(spec.order.key));
      const auto next = at == names.end() || at + 1 == names.end() ? names.begin() : at + 1;
      spec.order.key = *parsePixelKey(*next);
      chooseInput(spec);
      break;
    }
    case ViewerKey::ToggleAxis:
      spec.order.axis = spec.order.axis == Axis::Columns ? Axis::Rows : Axis::Columns;
      chooseInput(spec);
      break;
    case ViewerKey::ToggleDescending:
      spec.order.descending = !spec.order.descending;
      chooseInput(spec);
      break;
    case ViewerKey::Screenshot: recording_.screenshotRequested = true; break;
    case ViewerKey::Fit:
      view_.zoom = 1.0f;
      view_.centre = ImVec2(0.5f, 0.5f);
      break;
    case ViewerKey::Record:
      if (recording_.recorder)
        stopRecording();
      else if (recording_.pendingPath)
        recording_.pendingPath.reset();  // pressed again before it started
      else
        recording_.pendingPath = defaultOutputPath(".gif");
      break;
    case ViewerKey::Quit: host_->requestClose(); break;
    case ViewerKey::ToggleSound: sound_->setEnabled(!sound_->enabled()); break;
    case ViewerKey::ToggleSoundMode:
      sound_->setMode(sound_->mode() == audio::SoundMode::Exchanges ? audio::SoundMode::Comparisons : audio::SoundMode::Exchanges);
      break;
    case ViewerKey::ToggleArt:
    case ViewerKey::ToggleSpanOverlay:
    case ViewerKey::LowerThresholdDown:
    case ViewerKey::LowerThresholdUp:
    case ViewerKey::ToggleResultAfterChange:
    case ViewerKey::ShuffleSeed:
    case ViewerKey::UndoArt:
    case ViewerKey::RedoArt:
    case ViewerKey::ExportArt:
    case ViewerKey::ToggleSplit:
    case ViewerKey::CycleBrush: break;  // handleArtKey's
    case ViewerKey::NextFrame:
    case ViewerKey::PreviousFrame: break;  // handleVideoKey's
  }
}

void ViewerApp::handleDrops(const std::vector<std::string>& paths) {
  if (paths.empty()) return;
  InputSpec spec = inputs_.spec;
  spec.pattern.reset();
  spec.values.reset();  // typed keys (--values, the values box) give way to the dropped picture
  spec.imagePath = paths.front();
  chooseInput(spec);
  if (inputs_.spec.imagePath == spec.imagePath) inputs_.imageFile = spec.imagePath;
}

std::vector<MouseEvent> parseMouseScript(std::string_view script) {
  std::vector<MouseEvent> events;
  while (!script.empty()) {
    const std::size_t comma = script.find(',');
    const std::string_view entry = script.substr(0, comma);
    script = comma == std::string_view::npos ? std::string_view{} : script.substr(comma + 1);
    if (entry == "wait") {
      events.push_back({.kind = MouseEvent::Kind::Wheel});
      continue;
    }
    const std::size_t at = entry.find('@'), colon = entry.find(':');
    const std::string_view kind = entry.substr(0, at);
    const auto bad = [&] {
      return UsageError("--mouse: '" + std::string(entry) + "' is not press@X:Y, move@X:Y, release@X:Y or wait");
    };
    if (at == std::string_view::npos || colon == std::string_view::npos || colon < at) throw bad();
    MouseEvent event;
    if (kind == "press") event.kind = MouseEvent::Kind::Press;
    else if (kind == "move") event.kind = MouseEvent::Kind::Move;
    else if (kind == "release") event.kind = MouseEvent::Kind::Release;
    else throw bad();
    const std::string x(entry.substr(at + 1, colon - at - 1)), y(entry.substr(colon + 1));
    event.x = static_cast<float>(parseDecimal(x, "--mouse x", -1e6, 1e6));
    event.y = static_cast<float>(parseDecimal(y, "--mouse y", -1e6, 1e6));
    events.push_back(event);
  }
  return events;
}

void ViewerApp::handleMouse(ImVec2 rectMin, ImVec2 rectMax) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f && !drawing_.placements.empty()) {
    // Zoom about the cursor: the picture point under it stays under it.
    const SortLane::Placement before = drawing_.placements.front();
    const ImVec2 size(before.max.x - before.min.x, before.max.y - before.min.y);
    if (size.x > 0 && size.y > 0) {
      const ImVec2 point((io.MousePos.x - before.min.x) / size.x, (io.MousePos.y - before.min.y) / size.y);
      const float oldZoom = view_.zoom;
      view_.zoom = std::clamp(view_.zoom * std::pow(1.2f, io.MouseWheel), 0.25f, 256.0f);
      const float scaled = view_.zoom / oldZoom;
      const ImVec2 newSize(size.x * scaled, size.y * scaled);
      const ImVec2 centre((rectMin.x + rectMax.x) / 2, (rectMin.y + rectMax.y) / 2);
      view_.centre = ImVec2((centre.x - io.MousePos.x) / newSize.x + point.x, (centre.y - io.MousePos.y) / newSize.y + point.y);
    }
  }
  // Split view: a press within a few pixels of the divider drags the divider instead of the picture.
  if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) input_.draggingDivider = false;
  if (art_ && view_.split >= 0 && !drawing_.placements.empty()) {
    const SortLane::Placement shown = drawing_.placements.front();
    const float width = shown.max.x - shown.min.x;
    const float dividerX = shown.min.x + view_.split * width;
    if (ImGui::IsItemHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
        std::abs(io.MousePos.x - dividerX) <= kDividerGrabPixels * uiScale_)
      input_.draggingDivider = true;
    if (input_.draggingDivider && width > 0) {
      view_.split = std::clamp((io.MousePos.x - shown.min.x) / width, 0.0f, 1.0f);
      return;
    }
  }
  // The mask brush: a press and drag over the picture paints (or erases) instead of panning.
  Brush& brush = input_.brush;
  bool painting = false;
  if (art_ && brush.mode != BrushMode::Off && !drawing_.placements.empty()) {
    painting = ImGui::IsItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left);
    if (painting) {
      const SortLane::Placement shown = drawing_.placements.front();
      const ImVec2 size(shown.max.x - shown.min.x, shown.max.y - shown.min.y);
      if (size.x > 0 && size.y > 0) {
        const art::ArtPipeline& pipeline = art_->pipeline();
        const ImVec2 at((io.MousePos.x - shown.min.x) / size.x * static_cast<float>(pipeline.width()),
                        (io.MousePos.y - shown.min.y) / size.y * static_cast<float>(pipeline.height()));
        // A held pointer that does not move paints nothing more (strokes would build up).
        if (!brush.last || brush.last->x != at.x || brush.last->y != at.y) paintMaskStroke(brush.last.value_or(at), at);
        brush.last = at;
      }
    } else {
      brush.last.reset();
    }
  }
  if (!painting && ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !drawing_.placements.empty()) {
    const SortLane::Placement shown = drawing_.placements.front();
    const ImVec2 size(shown.max.x - shown.min.x, shown.max.y - shown.min.y);
    if (size.x > 0 && size.y > 0) {
      view_.centre.x -= io.MouseDelta.x / size.x;
      view_.centre.y -= io.MouseDelta.y / size.y;
    }
  }
  // Double-clicks come from the host's timed events (viewer_input.h), so a hand that moves a few
  // pixels between its clicks still fits; the lane area must not be under another window.
  const bool areaUnderPointer = ImGui::IsItemHovered() || ImGui::IsItemActive();
  for (const MouseEvent& click : doubleClicks(input_.laneDoubleClicks, host_->takeMouseEvents()))
    if (areaUnderPointer && click.x >= rectMin.x && click.x < rectMax.x && click.y >= rectMin.y && click.y < rectMax.y)
      handleKey(ViewerKey::Fit);
}

}  // namespace shadersort::ui
