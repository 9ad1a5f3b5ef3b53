#pragma once
// Radix's scatter tween (ui/radix_view.h): its default and range, written once for the command
// line (view --tween-seconds) and the radix panel's slider.

#include "ui/playback_limits.h"

namespace shadersort::ui {

inline constexpr double kDefaultTweenSeconds = 0.6;
inline constexpr PlaybackRange kTweenSecondsRange{0.0, 10.0};  // 0: no tween

}  // namespace shadersort::ui
