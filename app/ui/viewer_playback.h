#pragma once
// The viewer's playback unit: its state (play / pause, the speed, the passes owed, a step's
// target, the race clock) and, as pure functions over plain data, what a frame runs: which pass
// each lane goes to given the mode, and how many passes fit in a frame's budget. ViewerApp
// gathers the lanes' figures, asks here, and seeks the lanes.

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace shadersort::ui {

// targetPass for End: every lane to its last pass.
inline constexpr std::uint32_t kToTheEnd = std::numeric_limits<std::uint32_t>::max();
// Wall time a frame may spend issuing passes, so input stays responsive however large the sort.
inline constexpr double kFrameWorkBudgetMs = 12.0;
// GPU time a frame may queue, judged by the passes timed so far.
inline constexpr double kFrameGpuBudgetMs = 12.0;
// Playback time a scripted frame (--frames) stands for: the default 30 passes/s plays one pass a
// frame, + two, - one every other frame.
inline constexpr double kScriptedFrameSeconds = 1.0 / 30.0;

struct PlaybackState {
  bool playing = true;
  enum class Speed { PassesPerSecond, WholeSortSeconds } speed = Speed::PassesPerSecond;
  double passesPerSecond = 30.0;
  double wholeSortSeconds = 10.0;
  double owedPasses = 0.0;
  std::chrono::steady_clock::time_point lastAdvance = std::chrono::steady_clock::now();
  // End, or a step: run toward it over frames, within the budget.
  std::optional<std::uint32_t> targetPass;
  // A step back in progress: the pass its replay started from (a checkpoint's, or 0).
  std::optional<std::uint32_t> replayStart;
  // Playing in a window, the last frame ran fewer passes than the speed owed: a pass takes
  // longer than a frame allows on this GPU, so a faster speed cannot play faster. The panel
  // then says the rate that runs (smoothed over the last frames).
  bool heldToFrameBudget = false;
  double runningPassesPerSecond = 0.0;
};

struct RaceClock {
  bool byTime = false;
  double seconds = 10.0;  // by time: the slowest lane plays in this long
  double time = 0.0;      // by time: where the race clock stands, in playback seconds
};

// Each lane's measured GPU milliseconds per pass.
using LaneTimes = std::span<const std::span<const double>>;

// Passes per second as played: the set rate, or the longest lane's passes over the whole-sort time.
double effectivePassesPerSecond(const PlaybackState& playback, std::uint32_t longestPassCount);
// By time: playback seconds per millisecond of GPU time, so the slowest lane takes `raceSeconds`
// (0 before any lane was timed).
double raceScale(LaneTimes lanes, double raceSeconds);
// By time: a lane's pass count when the race clock reads `time`: pass p shows once the clock
// has passed the scaled end of its GPU time.
std::uint32_t passAtRaceTime(std::span<const double> passMilliseconds, double scale, double time);
// By time: the next (direction > 0) or previous moment at which any lane completes a pass.
std::optional<double> nextRaceMoment(LaneTimes lanes, double scale, double time, int direction);

// What one frame of playback knows.
struct PlaybackTick {
  bool racingByTime = false;   // a race with the by-time clock
  bool allFinished = false;    // every lane has finished
  bool scripted = false;       // --frames: fixed ticks (kScriptedFrameSeconds; a race by time 1/60 s)
  bool firstFrame = false;     // the first frame shows the input
  double elapsedSeconds = 0.0; // since the last tick (capped by the caller)
  double passesPerSecond = 0.0;  // effectivePassesPerSecond
  std::uint32_t leadPass = 0;  // the furthest lane's pass
  LaneTimes laneTimes;         // by time: each lane's pass times
  double raceScale = 0.0;      // by time
};
// Where the lanes go this frame: Hold runs nothing, Run seeks lane i toward targets[i]. The
// state moves as a result: the owed passes, the race clock, and playing ends once all finished.
struct PlaybackPlan {
  enum class Action { Hold, Run } action = Action::Hold;
  std::vector<std::uint32_t> targets;
};
PlaybackPlan planPlayback(PlaybackState& playback, RaceClock& race, const PlaybackTick& tick, std::size_t laneCount);

// How many passes of typically `typicalPassMilliseconds` a frame may queue (64 before any timing).
std::uint32_t passesWithinGpuBudget(double typicalPassMilliseconds);

// A step back's replay, 0 to 1, from the pass it started at to the target, by the slowest lane.
std::optional<double> replayProgress(const PlaybackState& playback, std::uint32_t slowestPass);

}  // namespace shadersort::ui
