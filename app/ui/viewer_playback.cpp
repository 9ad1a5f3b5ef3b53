#include "ui/viewer_playback.h"

#include <algorithm>
#include <cmath>

namespace shadersort::ui {

double effectivePassesPerSecond(const PlaybackState& playback, std::uint32_t longestPassCount) {
  if (playback.speed == PlaybackState::Speed::PassesPerSecond) return playback.passesPerSecond;
  return static_cast<double>(std::max<std::uint32_t>(longestPassCount, 1)) / playback.wholeSortSeconds;
}

double raceScale(LaneTimes lanes, double raceSeconds) {
  double slowest = 0.0;
  for (std::span<const double> times : lanes) {
    double total = 0.0;
    for (double ms : times) total += ms;
    slowest = std::max(slowest, total);
  }
  return slowest > 0.0 ? raceSeconds / slowest : 0.0;
}

std::uint32_t passAtRaceTime(std::span<const double> passMilliseconds, double scale, double time) {
  double end = 0.0;
  std::uint32_t passes = 0;
  for (double ms : passMilliseconds) {
    end += ms * scale;
    if (end > time) break;
    ++passes;
  }
  return passes;
}

std::optional<double> nextRaceMoment(LaneTimes lanes, double scale, double time, int direction) {
  double best = direction > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  for (std::span<const double> times : lanes) {
    double end = 0.0;
    for (double ms : times) {
      end += ms * scale;
      if (direction > 0 && end > time + 1e-12) best = std::min(best, end);
      if (direction < 0 && end < time - 1e-12) best = std::max(best, end);
    }
  }
  if (std::isinf(best)) return std::nullopt;
  return best;
}

PlaybackPlan planPlayback(PlaybackState& playback, RaceClock& race, const PlaybackTick& tick, std::size_t laneCount) {
  PlaybackPlan plan;
  if (playback.targetPass) {
    plan.action = PlaybackPlan::Action::Run;
    plan.targets.assign(laneCount, *playback.targetPass);
    return plan;
  }
  if (!playback.playing) return plan;
  if (tick.allFinished) {
    playback.playing = false;
    return plan;
  }
  if (tick.racingByTime) {
    // Scripted runs tick a fixed 1/60 s, so their frames do not depend on the machine.
    if (!tick.firstFrame) race.time += tick.scripted ? 1.0 / 60.0 : tick.elapsedSeconds;
    plan.action = PlaybackPlan::Action::Run;
    for (std::span<const double> times : tick.laneTimes) plan.targets.push_back(passAtRaceTime(times, tick.raceScale, race.time));
    return plan;
  }
  if (tick.firstFrame) return plan;  // the first frame shows the input
  std::uint32_t target = 0;
  if (tick.scripted) {
    target = tick.leadPass + 1;  // scripted: one pass a frame, whatever the clock says
  } else {
    playback.owedPasses += tick.elapsedSeconds * tick.passesPerSecond;
    const double whole = std::floor(std::min(playback.owedPasses, 1e9));
    playback.owedPasses -= whole;
    target = static_cast<std::uint32_t>(std::min<double>(tick.leadPass + whole, std::numeric_limits<std::uint32_t>::max()));
  }
  plan.action = PlaybackPlan::Action::Run;
  plan.targets.assign(laneCount, target);
  return plan;
}

std::uint32_t passesWithinGpuBudget(double typicalPassMilliseconds) {
  return typicalPassMilliseconds > 0.0 ? static_cast<std::uint32_t>(std::max(1.0, kFrameGpuBudgetMs / typicalPassMilliseconds)) : 64u;
}

std::optional<double> replayProgress(const PlaybackState& playback, std::uint32_t slowestPass) {
  if (!playback.targetPass || !playback.replayStart) return std::nullopt;
  const std::uint32_t target = *playback.targetPass, start = *playback.replayStart;
  if (target <= start) return 1.0;
  return std::clamp(static_cast<double>(slowestPass - std::min(slowestPass, start)) / (target - start), 0.0, 1.0);
}

}  // namespace shadersort::ui
