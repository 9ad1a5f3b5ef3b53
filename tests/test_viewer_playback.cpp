// The viewer's playback decisions as pure functions (ui/viewer_playback.h): which pass each lane
// goes to for each mode, the race clock, the frame budget and a step back's progress. No GL.

#include <gtest/gtest.h>

#include <vector>

#include "ui/viewer_playback.h"

namespace shadersort::testing {
namespace {

using ui::PlaybackPlan;

ui::PlaybackTick runningTick(std::uint32_t lead) {
  ui::PlaybackTick tick;
  tick.leadPass = lead;
  tick.elapsedSeconds = 0.1;
  tick.passesPerSecond = 25.0;
  return tick;
}

TEST(ViewerPlayback, ATargetPassWinsOverEveryModeAndPausedHoldsStill) {
  ui::PlaybackState playback;
  ui::RaceClock race;
  playback.playing = false;
  EXPECT_EQ(ui::planPlayback(playback, race, runningTick(3), 2).action, PlaybackPlan::Action::Hold);
  playback.targetPass = 1;  // a step back while paused
  const PlaybackPlan plan = ui::planPlayback(playback, race, runningTick(3), 2);
  EXPECT_EQ(plan.action, PlaybackPlan::Action::Run);
  EXPECT_EQ(plan.targets, (std::vector<std::uint32_t>{1, 1}));
}

TEST(ViewerPlayback, PlayingByTheClockOwesFractionsOfPassesAcrossFrames) {
  ui::PlaybackState playback;
  ui::RaceClock race;
  // 0.1 s at 25 passes a second: 2.5 passes, 2 run now and 0.5 owed to the next frame.
  PlaybackPlan plan = ui::planPlayback(playback, race, runningTick(4), 1);
  EXPECT_EQ(plan.targets, (std::vector<std::uint32_t>{6}));
  EXPECT_DOUBLE_EQ(playback.owedPasses, 0.5);
  plan = ui::planPlayback(playback, race, runningTick(6), 1);
  EXPECT_EQ(plan.targets, (std::vector<std::uint32_t>{9}));
  EXPECT_DOUBLE_EQ(playback.owedPasses, 0.0);
}

TEST(ViewerPlayback, ScriptedRunsStepOnePassAFrameAtTheDefaultSpeedAfterShowingTheInput) {
  ui::PlaybackState playback;
  ui::RaceClock race;
  ui::PlaybackTick tick = runningTick(0);
  tick.scripted = true;
  tick.firstFrame = true;
  tick.passesPerSecond = playback.passesPerSecond;
  EXPECT_EQ(ui::planPlayback(playback, race, tick, 1).action, PlaybackPlan::Action::Hold);
  tick.firstFrame = false;
  tick.leadPass = 7;
  EXPECT_EQ(ui::planPlayback(playback, race, tick, 3).targets, (std::vector<std::uint32_t>{8, 8, 8}));
  // Twice the speed, two passes a frame; half, one every other frame. The clock plays no part.
  tick.elapsedSeconds = 5.0;
  tick.passesPerSecond = 2 * playback.passesPerSecond;
  EXPECT_EQ(ui::planPlayback(playback, race, tick, 1).targets, (std::vector<std::uint32_t>{9}));
  tick.passesPerSecond = playback.passesPerSecond / 2;
  EXPECT_EQ(ui::planPlayback(playback, race, tick, 1).targets, (std::vector<std::uint32_t>{7}));
  EXPECT_EQ(ui::planPlayback(playback, race, tick, 1).targets, (std::vector<std::uint32_t>{8}));
}

TEST(ViewerPlayback, FinishedLanesStopPlaying) {
  ui::PlaybackState playback;
  ui::RaceClock race;
  ui::PlaybackTick tick = runningTick(5);
  tick.allFinished = true;
  EXPECT_EQ(ui::planPlayback(playback, race, tick, 1).action, PlaybackPlan::Action::Hold);
  EXPECT_FALSE(playback.playing);
}

TEST(ViewerPlayback, ARaceByTimeShowsEachLaneByItsScaledGpuTime) {
  // Lane 0: passes of 1, 1, 2 ms (4 ms); lane 1: 2, 6 ms (8 ms, the slowest). 8 s of playback:
  // 1 s per GPU millisecond.
  const std::vector<double> fast{1, 1, 2}, slow{2, 6};
  const std::vector<std::span<const double>> lanes{fast, slow};
  const double scale = ui::raceScale(lanes, 8.0);
  EXPECT_DOUBLE_EQ(scale, 1.0);
  EXPECT_EQ(ui::passAtRaceTime(fast, scale, 1.99), 1u);
  EXPECT_EQ(ui::passAtRaceTime(fast, scale, 2.0), 2u);
  EXPECT_EQ(ui::passAtRaceTime(slow, scale, 7.9), 1u);
  EXPECT_EQ(ui::nextRaceMoment(lanes, scale, 2.0, +1), 4.0);  // lane 0's last pass, then lane 1's
  EXPECT_EQ(ui::nextRaceMoment(lanes, scale, 2.0, -1), 1.0);
  EXPECT_EQ(ui::nextRaceMoment(lanes, scale, 8.0, +1), std::nullopt);

  ui::PlaybackState playback;
  ui::RaceClock race{true, 8.0, 1.5};
  ui::PlaybackTick tick = runningTick(0);
  tick.racingByTime = true;
  tick.elapsedSeconds = 0.6;
  tick.laneTimes = lanes;
  tick.raceScale = scale;
  const PlaybackPlan plan = ui::planPlayback(playback, race, tick, 2);
  EXPECT_DOUBLE_EQ(race.time, 2.1);
  EXPECT_EQ(plan.targets, (std::vector<std::uint32_t>{2, 1}));
}

TEST(ViewerPlayback, WholeSortSecondsPlayTheLongestLaneInThatTime) {
  ui::PlaybackState playback;
  playback.speed = ui::PlaybackState::Speed::WholeSortSeconds;
  playback.wholeSortSeconds = 4.0;
  EXPECT_DOUBLE_EQ(ui::effectivePassesPerSecond(playback, 100), 25.0);
  playback.speed = ui::PlaybackState::Speed::PassesPerSecond;
  EXPECT_DOUBLE_EQ(ui::effectivePassesPerSecond(playback, 100), playback.passesPerSecond);
}

TEST(ViewerPlayback, TheFrameBudgetCapsQueuedPassesAndAStepBackReportsItsProgress) {
  EXPECT_EQ(ui::passesWithinGpuBudget(0.0), 64u);  // nothing timed yet
  EXPECT_EQ(ui::passesWithinGpuBudget(3.0), 4u);   // 12 ms of 3 ms passes
  EXPECT_EQ(ui::passesWithinGpuBudget(50.0), 1u);  // a slow pass still runs, alone

  ui::PlaybackState playback;
  EXPECT_EQ(ui::replayProgress(playback, 3), std::nullopt);
  playback.targetPass = 30;
  playback.replayStart = 10;
  EXPECT_DOUBLE_EQ(*ui::replayProgress(playback, 15), 0.25);
  EXPECT_DOUBLE_EQ(*ui::replayProgress(playback, 30), 1.0);
}

}  // namespace
}  // namespace shadersort::testing
