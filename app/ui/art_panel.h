#pragma once
// The viewer's art panel: every setting of a pixel-sort as a widget (path, angle, span mode,
// thresholds over a histogram of the key, modifiers, images), the span overlay and what a change
// shows, and the equivalent `shadersort run` command with a copy button. It edits a copy of the
// settings and hands it back; the viewer applies it (and may refuse it).

#include <cstdint>
#include <optional>
#include <string>

#include "ui/art_source.h"
#include "ui/viewer_keys.h"

namespace shadersort::ui {

// What the panel's controls asked for this frame.
struct ArtPanelEdits {
  std::optional<ArtConfig> config;  // a setting changed: sort by this from pass 0
  std::optional<ViewerKey> key;     // a control that is also a key (o, e) was used
};

// The viewer's state the panel shows besides the settings.
struct ArtPanelView {
  bool spanOverlay = false;
  bool showResultAfterChange = false;
  bool nothingToSort = false;
  std::string runCommand;
};

class ArtPanel {
 public:
  ArtPanelEdits draw(ArtSource& source, const ArtPanelView& view, float uiScale);

 private:
  // Typed image paths, applied when Enter is pressed or the field is left.
  std::string maskText_, intervalsText_;
  std::optional<std::string> shownMask_, shownIntervals_;
};

// The lower threshold moved by `step`, kept within 0..1 on a grid of 0.01 (so that it prints as
// a short decimal), with the upper one pushed along where threshold mode needs lower <= upper.
art::ArtSettings withLowerThresholdMoved(art::ArtSettings settings, double step);

}  // namespace shadersort::ui
