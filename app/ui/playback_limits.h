#pragma once
// The playback ranges, written once: the keys (+ / -), the panel's sliders and the command line
// all clamp or refuse by these, so a value one of them accepts the others accept too.

namespace shadersort::ui {

struct PlaybackRange {
  double min, max;
  bool contains(double value) const { return value >= min && value <= max; }
};

// Ten seconds a pass (slow motion for a lecture) to beyond what any GPU here reaches.
inline constexpr PlaybackRange kPassesPerSecondRange{0.1, 1e6};
// "Whole sort in": a tenth of a second to an hour.
inline constexpr PlaybackRange kWholeSortSecondsRange{0.1, 3600.0};
// A race by time: seconds the slowest lane takes to play.
inline constexpr PlaybackRange kRaceSecondsRange{0.1, 3600.0};

}  // namespace shadersort::ui
