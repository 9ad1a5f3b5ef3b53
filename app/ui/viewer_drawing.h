#pragma once
// The viewer's drawing unit: what the last frame drew where (the lanes' area and each lane's
// picture, the message, the overlays' caption) and how the panels are laid out. ViewerApp's
// drawLanes / drawOverlays / drawLaneHeader are in viewer_drawing.cpp, its panel in
// viewer_panel.cpp.

#include <imgui.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "ui/sort_lane.h"

namespace shadersort::ui {

// A rectangle on screen, in framebuffer pixels.
struct ScreenArea {
  ImVec2 min, max;
};

// The slide layout's text scale for a frame `height` pixels tall: whole steps (the bitmap font
// stays sharp), 2 at 720 lines, so that a projected slide is read from the back of a room.
inline float slideUiScale(int height) { return static_cast<float>(std::clamp(height / 360, 1, 4)); }

struct DrawingState {
  std::vector<SortLane::Placement> placements;  // each lane's picture in the last frame
  ImVec2 lanesMin, lanesMax;                    // the lanes' area in the last frame
  // What the teaching brackets showed in the last frame ("brackets: pass 1 (next)"), or empty.
  std::string overlayCaption;
  // What the label policy (render/label_fit.h) left out in the last frame ("keys: every 3rd"), or empty.
  std::string labelNote;
  std::optional<ScreenArea> messageArea;  // where the panel drew the message, if it did
  bool networkDetached = false;           // the comparator network in its own window
};

}  // namespace shadersort::ui
