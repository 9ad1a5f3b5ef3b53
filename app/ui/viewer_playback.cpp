#include "ui/viewer_playback.h"

#include <algorithm>
#include <cmath>

#include "ui/viewer_app.h"

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
  // Scripted: a fixed kScriptedFrameSeconds a frame, whatever the clock says.
  playback.owedPasses += (tick.scripted ? kScriptedFrameSeconds : tick.elapsedSeconds) * tick.passesPerSecond;
  const double whole = std::floor(std::min(playback.owedPasses, 1e9));
  playback.owedPasses -= whole;
  const auto target = static_cast<std::uint32_t>(std::min<double>(tick.leadPass + whole, std::numeric_limits<std::uint32_t>::max()));
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

// [SECTION] ViewerApp's playback: the lanes' figures in, seeks out

std::uint32_t ViewerApp::totalPasses() const {
  std::uint32_t total = 0;
  for (const auto& lane : lanes_) total += lane->pass();
  return total;
}

std::uint32_t ViewerApp::leadPass() const {
  std::uint32_t lead = 0;
  for (const auto& lane : lanes_) lead = std::max(lead, lane->pass());
  return lead;
}

std::vector<std::span<const double>> ViewerApp::laneTimes() const {
  std::vector<std::span<const double>> times;
  for (const auto& lane : lanes_) times.emplace_back(lane->measuredPassTimes());
  return times;
}

void ViewerApp::stepRace(int direction) {
  const auto times = laneTimes();
  const double scale = raceScale(times, race_.seconds);
  const std::optional<double> moment = nextRaceMoment(times, scale, race_.time, direction);
  if (!moment) return;
  race_.time = *moment;
  for (std::size_t i = 0; i < lanes_.size(); ++i) lanes_[i]->seek(passAtRaceTime(times[i], scale, race_.time));
}

std::vector<ViewerApp::RankRow> ViewerApp::ranking() const {
  std::vector<RankRow> rows;
  if (!racing()) return rows;  // one lane has nothing to be ranked against
  for (const auto& lane : lanes_) {
    if (!lane->finished()) return {};
    double ms = 0.0;
    for (double measured : lane->measuredPassTimes()) ms += measured;
    const bool timed = !lane->measuredPassTimes().empty();
    if (!timed) ms = lane->totalMilliseconds();
    rows.push_back({std::string(lane->algorithm().name), lane->pass(), ms, lane->verifiedSortedAfter().has_value(), timed});
  }
  std::stable_sort(rows.begin(), rows.end(), [](const RankRow& a, const RankRow& b) { return a.milliseconds < b.milliseconds; });
  return rows;
}

void ViewerApp::seekAll(std::uint32_t target) {
  for (auto& lane : lanes_) lane->seek(target);
}

double ViewerApp::effectivePassesPerSecond() const {
  std::uint32_t longest = 1;
  for (const auto& lane : lanes_) longest = std::max(longest, lane->passCount());
  return ui::effectivePassesPerSecond(playback_, longest);
}

void ViewerApp::advance() {
  // No step under way (reached, or reset by Restart, a race step, a clip): the lanes show their pass.
  if (!playback_.targetPass)
    for (auto& lane : lanes_) lane->release();
  const auto now = std::chrono::steady_clock::now();
  PlaybackTick tick;
  tick.elapsedSeconds = std::min(std::chrono::duration<double>(now - playback_.lastAdvance).count(), 0.25);
  playback_.lastAdvance = now;
  tick.allFinished = std::all_of(lanes_.begin(), lanes_.end(), [](const auto& lane) { return lane->finished(); });
  tick.racingByTime = race_.byTime && racing();
  tick.scripted = config_.frames > 0;
  tick.firstFrame = frame_ == 0;
  tick.passesPerSecond = effectivePassesPerSecond();
  tick.leadPass = leadPass();
  const auto times = laneTimes();
  tick.laneTimes = times;
  if (tick.racingByTime) tick.raceScale = raceScale(times, race_.seconds);
  const PlaybackPlan plan = planPlayback(playback_, race_, tick, lanes_.size());
  if (plan.action != PlaybackPlan::Action::Run) return;

  // A time budget per frame: wall time spent issuing, and GPU time queued judged by each lane's
  // typical pass. What does not fit is dropped, so the speed caps at what the GPU does.
  const auto deadline = now + std::chrono::duration<double, std::milli>(kFrameWorkBudgetMs);
  // Scripted runs play every pass their speed owes and finish a step (or End) in the frame that
  // asked for it, so that what a frame shows never depends on the machine's speed.
  const bool unbudgeted = tick.scripted;
  bool reachedEverywhere = true;
  for (std::size_t i = 0; i < lanes_.size(); ++i) {
    SortLane* lane = lanes_[i].get();
    const std::uint32_t target = plan.targets[i];
    std::uint32_t gpuCap = passesWithinGpuBudget(lane->typicalPassMilliseconds());
    if (config_.maxPassesPerFrame > 0) gpuCap = std::min(gpuCap, config_.maxPassesPerFrame);
    std::uint32_t ran = 0;
    // Past the pass it shows (a step forward, End): no replay to hide.
    if (lane->shownPass() < std::min(target, lane->passCount())) lane->release();
    if (lane->pass() > target) {
      // A step back: to the checkpoint at or before the target (no pass run), replayed below
      // while the lane shows the pass it leaves.
      lane->hold();
      lane->seek(target, 0);
      playback_.replayStart = std::min(playback_.replayStart.value_or(kToTheEnd), lane->pass());
    }
    while (lane->pass() < std::min(target, lane->passCount()) && !lane->finished() &&
           (unbudgeted || (ran < gpuCap && (ran == 0 || std::chrono::steady_clock::now() < deadline)))) {
      const std::uint32_t before = lane->pass();
      lane->seek(std::min(target, lane->passCount()), 1);
      if (lane->pass() == before) break;
      ++ran;
    }
    if (lane->pass() < std::min(target, lane->passCount()) && !lane->finished()) reachedEverywhere = false;
  }
  if (!reachedEverywhere) playback_.owedPasses = 0.0;
  const bool playingOn = playback_.playing && !playback_.targetPass && !tick.racingByTime && !tick.allFinished;
  playback_.heldToFrameBudget = playingOn && !unbudgeted && !reachedEverywhere;
  if (playingOn && tick.elapsedSeconds > 0.0) {
    const double rate = static_cast<double>(leadPass() - std::min(leadPass(), tick.leadPass)) / tick.elapsedSeconds;
    playback_.runningPassesPerSecond =
        playback_.runningPassesPerSecond > 0.0 ? 0.8 * playback_.runningPassesPerSecond + 0.2 * rate : rate;
  }
  if (playback_.targetPass && reachedEverywhere) {
    playback_.targetPass.reset();
    playback_.replayStart.reset();
    for (auto& lane : lanes_) lane->release();
  }
}

std::optional<double> ViewerApp::stepBackProgress() const {
  std::uint32_t slowest = kToTheEnd;
  for (const auto& lane : lanes_) slowest = std::min(slowest, lane->pass());
  return replayProgress(playback_, slowest);
}

}  // namespace shadersort::ui
