#include "ui/viewer_app.h"

#include <glad/gl.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/error.h"
#include "core/quoting.h"
#include "gl/shader_source.h"
#include "render/bar_labels.h"
#include "render/caption_strip.h"
#include "render/lane_grid.h"
#include "ui/playback_limits.h"
#include "sort/size_advice.h"
#include "ui/teaching_math.h"
#include "ui/teaching_overlays.h"
#include "ui/viewer_recording.h"
#include "ui/viewer_style.h"

namespace shadersort::ui {
namespace {

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2), values.end());
  return values[values.size() / 2];
}

}  // namespace

// [SECTION] init / shutdown

ViewerApp::ViewerApp(ViewerConfig config, const std::function<std::unique_ptr<ViewerHost>()>& makeHost)
    : config_(std::move(config)), sound_(std::make_unique<audio::PassSonifier>(config_.toneSeconds)) {
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // no imgui.ini left in the user's folder
  ImGui::StyleColorsDark();
  try {
    // The input first: a file that cannot be read fails before any window opens; its declared
    // size meets the GPU's limits before it is decoded.
    inputs_.spec = config_.input;
    inputs_.imageFile = config_.input.imagePath;
    if (config_.art && !config_.race.empty()) throw UsageError("a race has no pixel-sort art: give --race or the art options");
    const bool clip = !config_.videoPath.empty();
    if (clip) {
      if (!config_.race.empty()) throw UsageError("--video plays one lane: give --video or --race");
      if (config_.input.imagePath || config_.input.pattern)
        throw UsageError("--video is the input: give no image or pattern with it");
      if (!config_.art) config_.art = wholeSortOf(config_.input);
    }
    const std::optional<InputPlan> plan = clip ? std::nullopt : std::optional(planInput(inputs_.spec));
    const ArtImageFiles artFiles = config_.art ? readArtImages(*config_.art) : ArtImageFiles{};
    // A clip that cannot be read or decoded fails here, before any window opens.
    if (clip) {
      video_ = std::make_unique<VideoPlayback>(config_.videoPath);
      config_.art->settings = config_.animation.at(config_.art->settings, video_->firstFrame().seconds);
    }
    // A --shader-dir that is not a folder fails before the window too. Every program the viewer
    // builds reads its shaders through the sort context: from that folder when one is given.
    gl::ShaderSource shaders = gl::ShaderSource::from(config_.shaderDirectory);
    host_ = makeHost();
    sortContext_ = std::make_unique<SortContext>(std::move(shaders));
    // Every lane paints the input-sized picture, whichever algorithm sorts it: a picture no
    // texture holds is refused here, before ImGui's GL backend starts, and names the limit.
    if (plan && !config_.art) {
      if (const std::string why = whyPictureTooLarge(plan->width, plan->height, sortContext_->limits()); !why.empty())
        throw UserError(plan->description + ": " + why + ", too large to show");
    }
    // Art mode sorts the packing of the picture's spans, which the art pipeline sizes and checks.
    if (config_.race.empty() && !config_.art) requireSortable(findAlgorithm(config_.algorithm), plan->shape, sortContext_->limits());
    if (clip) {
      // The clip's first frame stands for the input; art mode gets each new frame as it plays.
      const Image& first = video_->firstFrame().picture;
      inputs_.resolved = std::make_shared<const ResolvedInput>(
          ResolvedInput{imageToSortData(first, inputs_.spec.order), first, inputs_.spec.order.axis});
      videoFrame_ = {video_->firstFrame().index, video_->firstFrame().seconds};
    } else {
      inputs_.resolved = std::make_shared<const ResolvedInput>(resolveInput(*plan));
    }
    ImGui_ImplOpenGL3_Init("#version 430 core");
    openGl3BackendReady_ = true;
    uiScale_ = std::clamp(host_->contentScale(), 1.0f, 4.0f);
    if (uiScale_ != 1.0f) {
      ImGui::GetStyle().ScaleAllSizes(uiScale_);
      ImGui::GetIO().FontGlobalScale = uiScale_;
    }
    shaderStamp_ = sortContext_->shaders().stamp();
    teaching_ = config_.teaching;
    valuesBox_ = valuesBoxFor(config_.input);
    view_.arrayMode = config_.arrayMode && !config_.art;
    if (config_.art) art_ = std::make_shared<ArtSource>(*sortContext_, *config_.art, inputs_.resolved->image, artFiles);
    playback_.playing = config_.startPlaying;
    race_.byTime = config_.raceByTime;
    race_.seconds = config_.raceSeconds;
    std::vector<const AlgorithmInfo*> chosen;
    if (config_.race.empty()) chosen.push_back(&findAlgorithm(config_.algorithm));
    for (const std::string& name : config_.race) chosen.push_back(&findAlgorithm(name));
    replaceLanes(chosen, inputs_.resolved);
    view_.arraySequence = inputs_.resolved->data.sequenceCount / 2;
    if (video_) {
      // Frames play at their finished result: every pass of every frame would not be live.
      artShowsResult_ = true;
      lanes_.front()->seek(lanes_.front()->passCount());
      videoClock_ = std::chrono::steady_clock::now();
    }
  } catch (...) {
    lanes_.clear();
    art_.reset();
    video_.reset();
    if (openGl3BackendReady_) ImGui_ImplOpenGL3_Shutdown();
    host_.reset();
    ImGui::DestroyContext();
    throw;
  }
  if (!config_.recordPath.empty()) recording_.pendingPath = config_.recordPath;
  clock_ = std::make_unique<FrameClock>();
  clock_->firstFrame = std::chrono::steady_clock::now();
}

ViewerApp::~ViewerApp() {
  // Normally run() has ended every recording; one still running here is saved, not dropped,
  // and a failure is said on stderr since no one can ask for it any more.
  const std::size_t failuresBefore = recording_.outputFailures.size();
  stopRecording();
  for (std::size_t i = failuresBefore; i < recording_.outputFailures.size(); ++i) warn(recording_.outputFailures[i]);
  lanes_.clear();
  art_.reset();
  video_.reset();
  if (openGl3BackendReady_) ImGui_ImplOpenGL3_Shutdown();
  host_.reset();
  ImGui::DestroyContext();
}

SorterOptions ViewerApp::optionsFor(const AlgorithmInfo& algorithm, const SorterOptions& explicitOptions) const {
  SorterOptions options = config_.withTunedSettings ? config_.withTunedSettings(*sortContext_, algorithm, explicitOptions) : explicitOptions;
  options.teaching = teaching_ && algorithm.hasTeachingSchedule;
  options.descendingKeys = inputs_.spec.order.descending;
  return options;
}

bool ViewerApp::done() const { return host_->shouldClose(); }

void ViewerApp::run() {
  // However the viewer stops (Escape, the close box between frames, --frames, an error), the
  // recording in progress is saved first.
  try {
    while (!done()) frame();
  } catch (...) {
    stopRecording();
    throw;
  }
  stopRecording();
}

// [SECTION] frame

void ViewerApp::frame() {
  const bool scripted = config_.frames > 0;
  // Frame steps of a clip wait for the decoder: the window keeps polling until they arrive.
  const bool animating = playback_.playing || playback_.targetPass.has_value() || videoFramesOwed_ > 0;
  host_->pollEvents(!animating && !scripted, 0.25);
  // The sort work of this frame: the passes run, and in art mode the pipeline a change re-runs
  // (a key may change a setting).
  const std::uint32_t passesBefore = totalPasses();
  const std::uint64_t artBefore = artGeneration_;
  clock_->sort.begin(static_cast<std::uint64_t>(frame_));
  if (frame_ < static_cast<int>(config_.keys.size())) handleKey(config_.keys[static_cast<std::size_t>(frame_)]);
  for (ViewerKey key : host_->takeKeys()) handleKey(key);
  handleDrops(host_->takeDroppedFiles());
  reloadShadersIfChanged();
  for (auto& lane : lanes_)
    lane->recordSmallStates(overlaysShown() ? std::optional<std::uint32_t>(view_.arraySequence) : std::nullopt);
  if (video_) advanceVideo();
  // A playing clip moves by frames, each shown sorted; the passes move only while it is paused.
  if (!video_ || !playback_.playing) advance();
  clock_->sort.end();
  if (totalPasses() != passesBefore || artGeneration_ != artBefore)
    clock_->framesWithPasses.insert(static_cast<std::uint64_t>(frame_));
  // The sound follows the first lane's plain sort (not a pixel-sort's packing).
  if (!art_ && !lanes_.empty()) sound_->afterFrame(lanes_.front()->sorter(), inputs_.resolved->data.size(), inputs_.resolved.get());
  for (auto& lane : lanes_) {
    lane->collectResults();
    lane->checkIfFinished();
  }
  // A finished race ranks lanes by a timed run of each (live timings include first-use compiles).
  if (racing() && std::all_of(lanes_.begin(), lanes_.end(), [](const auto& lane) { return lane->finished(); }))
    for (auto& lane : lanes_) lane->measurePassTimes();
  for (const auto& result : clock_->sort.collect())
    if (clock_->framesWithPasses.erase(result.tag)) clock_->sortMs.push_back(result.milliseconds);
  for (const auto& result : clock_->display.collect()) clock_->displayMs.push_back(result.milliseconds);

  // The display work: pictures of the states, then the panels.
  clock_->display.begin(static_cast<std::uint64_t>(frame_));
  for (auto& lane : lanes_) lane->updatePicture(view_);
  // Nothing of a sorter's may stay bound: ImGui's renderer restores what it found, and a program
  // deleted with its sorter would come back as GL_INVALID_VALUE.
  glUseProgram(0);
  host_->newImGuiFrame();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  drawLanes();
  drawPanel();
  // The panel may have sorted (art mode) or deleted a program in use; ImGui's renderer puts back
  // the program it finds, which must still exist.
  glUseProgram(0);
  ImGui::Render();
  host_->bindFramebuffer();
  glViewport(0, 0, host_->framebufferWidth(), host_->framebufferHeight());
  glClearColor(0.08f, 0.08f, 0.10f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  clock_->display.end();

  if (recording_.pendingPath) startRecording(*std::exchange(recording_.pendingPath, std::nullopt));
  recordFrame();
  ++frame_;
  if (recording_.screenshotRequested) {
    recording_.screenshotRequested = false;
    try {
      const std::string path = defaultOutputPath(".png");
      writeScreenshot(path);
      std::printf("screenshot: %s\n", quote(path).c_str());
      std::fflush(stdout);
      message_ = "wrote " + quote(path);
      if (art_) writeArtPreset(path);
    } catch (const std::exception& error) {
      outputFailed(error.what());
    }
  }
  if (config_.frames > 0 && frame_ >= config_.frames) {
    if (!config_.screenshotPath.empty()) writeScreenshot(config_.screenshotPath);
    host_->requestClose();
  }
  // A recording ends with the viewer (a script's --record must reach its file).
  if (host_->shouldClose()) stopRecording();
  host_->present();
}

ViewerStats ViewerApp::stats() const {
  ViewerStats stats;
  stats.frames = frame_;
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - clock_->firstFrame).count();
  stats.clock = clock_->display.clock();
  stats.medianDisplayMilliseconds = median(clock_->displayMs);
  stats.medianSortMilliseconds = median(clock_->sortMs);
  return stats;
}

std::uint64_t ViewerApp::verifiedLanes() const {
  return static_cast<std::uint64_t>(
      std::count_if(lanes_.begin(), lanes_.end(), [](const auto& lane) { return lane->verifiedSortedAfter().has_value(); }));
}

SortLane::Placement ViewerApp::lanePlacement(std::size_t index) const {
  return placements_.at(index);
}

// [SECTION] input

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
    case ViewerKey::ToggleArt:
    case ViewerKey::ToggleSpanOverlay:
    case ViewerKey::LowerThresholdDown:
    case ViewerKey::LowerThresholdUp:
    case ViewerKey::ToggleResultAfterChange: break;  // handleArtKey's
    case ViewerKey::NextFrame:
    case ViewerKey::PreviousFrame: break;  // handleVideoKey's
  }
}

void ViewerApp::handleDrops(const std::vector<std::string>& paths) {
  if (paths.empty()) return;
  InputSpec spec = inputs_.spec;
  spec.pattern.reset();
  spec.imagePath = paths.front();
  chooseInput(spec);
  if (inputs_.spec.imagePath == spec.imagePath) inputs_.imageFile = spec.imagePath;
}

void ViewerApp::handleMouse(ImVec2 rectMin, ImVec2 rectMax) {
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0.0f && !placements_.empty()) {
    // Zoom about the cursor: the picture point under it stays under it.
    const SortLane::Placement before = placements_.front();
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
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left) && !placements_.empty()) {
    const SortLane::Placement shown = placements_.front();
    const ImVec2 size(shown.max.x - shown.min.x, shown.max.y - shown.min.y);
    if (size.x > 0 && size.y > 0) {
      view_.centre.x -= io.MouseDelta.x / size.x;
      view_.centre.y -= io.MouseDelta.y / size.y;
    }
  }
  // Double-clicks come from the host's timed events (viewer_input.h), so a hand that moves a few
  // pixels between its clicks still fits; the lane area must not be under another window.
  const bool areaUnderPointer = ImGui::IsItemHovered() || ImGui::IsItemActive();
  for (const MouseEvent& click : doubleClicks(laneDoubleClicks_, host_->takeMouseEvents()))
    if (areaUnderPointer && click.x >= rectMin.x && click.x < rectMax.x && click.y >= rectMin.y && click.y < rectMax.y)
      handleKey(ViewerKey::Fit);
}

// [SECTION] changes that can be refused

void ViewerApp::replaceLanes(const std::vector<const AlgorithmInfo*>& chosen,
                             std::shared_ptr<const ResolvedInput> input) {
  std::vector<std::unique_ptr<SortLane>> fresh;
  std::vector<std::pair<std::string, std::string>> refused;
  for (const AlgorithmInfo* algorithm : chosen) {
    // Settings from the command line belong to the algorithm they were given for.
    const SorterOptions explicitOptions = algorithm->name == config_.algorithm ? config_.sorter : SorterOptions{};
    try {
      fresh.push_back(std::make_unique<SortLane>(*sortContext_, *algorithm, optionsFor(*algorithm, explicitOptions), input, art_,
                                                 config_.checkpointBudgetBytes));
    } catch (const std::exception& refusal) {
      // One lane alone keeps the last good state; a race shows the reason in the lane.
      if (chosen.size() == 1) throw;
      refused.emplace_back(std::string(algorithm->name), refusal.what());
    }
  }
  if (fresh.empty()) throw UserError(refused.front().first + ": " + refused.front().second);
  lanes_ = std::move(fresh);
  refusals_ = std::move(refused);
  laneAlgorithms_ = chosen;
  inputs_.resolved = std::move(input);
  playback_.targetPass.reset();
  race_.time = 0.0;
  if (race_.byTime && racing())
    for (auto& lane : lanes_) lane->measurePassTimes();
}

void ViewerApp::chooseAlgorithm(const AlgorithmInfo& algorithm) {
  try {
    replaceLanes({&algorithm}, inputs_.resolved);
    message_.clear();
    if (art_ && artShowsResult_) showArtChange();
  } catch (const std::exception& refused) {
    message_ = refused.what();
  }
}

void ViewerApp::chooseRace(std::vector<const AlgorithmInfo*> chosen) {
  try {
    if (art_) throw UserError("a race has no pixel-sort art: turn art mode off (p) first");
    replaceLanes(chosen, inputs_.resolved);
    message_.clear();
  } catch (const std::exception& refused) {
    message_ = refused.what();
  }
}

void ViewerApp::chooseInput(const InputSpec& spec) {
  if (video_) {
    message_ = "the clip is the input: open another with view --video";
    return;
  }
  const InputSpec previous = inputs_.spec;
  const std::shared_ptr<ArtSource> previousArt = art_;
  try {
    const InputPlan plan = planInput(spec);
    // One lane refuses an input it cannot take before it is decoded; a race shows refusals per lane.
    if (laneAlgorithms_.size() == 1 && !art_) requireSortable(*laneAlgorithms_.front(), plan.shape, sortContext_->limits());
    auto resolved = std::make_shared<const ResolvedInput>(resolveInput(plan));
    // Art mode keeps its settings on the new picture (its images must fit it).
    if (art_) art_ = std::make_shared<ArtSource>(*sortContext_, art_->config(), resolved->image);
    // New lanes, not reloaded ones: the direction changes how a sorter describes its passes.
    inputs_.spec = spec;
    replaceLanes(laneAlgorithms_, std::move(resolved));
    const std::uint32_t sequences = inputs_.resolved->data.sequenceCount;
    view_.arraySequence = std::min(view_.arraySequence, sequences ? sequences - 1 : 0);
    message_.clear();
    if (art_ && artShowsResult_) showArtChange();
  } catch (const std::exception& refused) {
    inputs_.spec = previous;
    art_ = previousArt;
    message_ = refused.what();
  }
}

void ViewerApp::loadValues(const std::string& text, KeyType type) {
  valuesBox_.text = text;
  valuesBox_.type = type;
  const std::optional<InputSpec> spec = valuesInput(valuesBox_, inputs_.spec);
  if (!spec) return;
  chooseInput(*spec);
  if (inputs_.spec.values != spec->values) valuesBox_.error = message_;  // refused: the input stays
}

void ViewerApp::setTeaching(bool teaching) {
  // Only an algorithm with two schedules has one to switch: on lanes with one, t would only
  // restart them and carry a flipped choice to the next algorithm chosen.
  if (std::none_of(laneAlgorithms_.begin(), laneAlgorithms_.end(), [](const AlgorithmInfo* algorithm) {
        return algorithm->hasTeachingSchedule;
      })) {
    message_ = (laneAlgorithms_.size() == 1 ? std::string(laneAlgorithms_.front()->name) + " has"
                                            : std::string("these algorithms have")) +
               " one schedule: t changes nothing";
    return;
  }
  const bool previous = teaching_;
  teaching_ = teaching;
  try {
    replaceLanes(laneAlgorithms_, inputs_.resolved);
    message_.clear();
  } catch (const std::exception& refused) {
    teaching_ = previous;
    message_ = refused.what();
  }
}

void ViewerApp::reloadShadersIfChanged() {
  if (!config_.shaderDirectory) return;
  const auto now = std::chrono::steady_clock::now();
  // Scripted runs look every frame, so tests do not depend on timing.
  if (config_.frames == 0 && now - lastShaderCheck_ < std::chrono::milliseconds(250)) return;
  lastShaderCheck_ = now;
  const std::uint64_t stamp = sortContext_->shaders().stamp();
  if (stamp == shaderStamp_) return;
  shaderStamp_ = stamp;
  try {
    for (auto& lane : lanes_) lane->rebuild(lane->options());
    shaderError_.clear();
    message_ = "shaders reloaded";
  } catch (const std::exception& error) {
    // On stderr too: the panel may be small, and a terminal keeps the whole log to copy from.
    if (shaderError_ != error.what()) std::fprintf(stderr, "shadersort: shader error (the last good program keeps running):\n%s\n", error.what());
    shaderError_ = error.what();
  }
}

// [SECTION] playback

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
  bool reachedEverywhere = true;
  for (std::size_t i = 0; i < lanes_.size(); ++i) {
    SortLane* lane = lanes_[i].get();
    const std::uint32_t target = plan.targets[i];
    const std::uint32_t gpuCap = passesWithinGpuBudget(lane->typicalPassMilliseconds());
    std::uint32_t ran = 0;
    if (lane->pass() > target) {
      // A step back: to the checkpoint at or before the target (no pass run), replayed below.
      lane->seek(target, 0);
      playback_.replayStart = std::min(playback_.replayStart.value_or(kToTheEnd), lane->pass());
    }
    while (lane->pass() < std::min(target, lane->passCount()) && !lane->finished() && ran < gpuCap &&
           (ran == 0 || std::chrono::steady_clock::now() < deadline)) {
      const std::uint32_t before = lane->pass();
      lane->seek(std::min(target, lane->passCount()), 1);
      if (lane->pass() == before) break;
      ++ran;
    }
    if (lane->pass() < std::min(target, lane->passCount()) && !lane->finished()) reachedEverywhere = false;
  }
  if (!reachedEverywhere) playback_.owedPasses = 0.0;
  if (playback_.targetPass && reachedEverywhere) {
    playback_.targetPass.reset();
    playback_.replayStart.reset();
  }
}

std::optional<double> ViewerApp::stepBackProgress() const {
  std::uint32_t slowest = kToTheEnd;
  for (const auto& lane : lanes_) slowest = std::min(slowest, lane->pass());
  return replayProgress(playback_, slowest);
}

// [SECTION] drawing

void ViewerApp::drawLanes() {
  const ImGuiIO& io = ImGui::GetIO();
  const float panel = kPanelWidth * uiScale_ + 2 * kMargin;
  const ImVec2 areaMin(panel, kMargin);
  const ImVec2 areaMax(std::max(panel + 1.0f, io.DisplaySize.x - kMargin), std::max(kMargin + 1.0f, io.DisplaySize.y - kMargin));
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::Begin("##lanes", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoBringToFrontOnFocus |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove);
  ImDrawList* list = ImGui::GetWindowDrawList();
  lanesMin_ = ImVec2(std::floor(areaMin.x), std::floor(areaMin.y));
  lanesMax_ = ImVec2(std::floor(areaMax.x), std::floor(areaMax.y));
  placements_.clear();
  const std::size_t cells = lanes_.size() + refusals_.size();
  const float header = racing() ? ImGui::GetTextLineHeightWithSpacing() * 2.0f : 0.0f;
  // Every lane gets a cell of one size, on the grid that shows the pictures largest.
  double aspect = 1.0;
  if (!view_.arrayMode && !lanes_.empty() && lanes_.front()->picture().height() > 0)
    aspect = static_cast<double>(lanes_.front()->picture().width()) / lanes_.front()->picture().height();
  const render::LaneGrid grid =
      render::laneGrid(cells, {static_cast<int>(lanesMin_.x), static_cast<int>(lanesMin_.y), static_cast<int>(lanesMax_.x - lanesMin_.x),
                        static_cast<int>(lanesMax_.y - lanesMin_.y)},
                       static_cast<int>(kMargin), static_cast<int>(std::ceil(header)), aspect);
  overlayCaption_.clear();
  for (std::size_t i = 0; i < cells; ++i) {
    const render::LaneRect& cell = grid.cells[i];
    const ImVec2 laneMin(static_cast<float>(cell.x), static_cast<float>(cell.y));
    const ImVec2 laneMax(static_cast<float>(cell.x + cell.width), static_cast<float>(cell.y + cell.height));
    if (i >= lanes_.size()) {
      // An algorithm the race could not run on this input says why in its lane.
      const auto& [name, reason] = refusals_[i - lanes_.size()];
      list->AddText(laneMin, imColour(kLaneTextColour), name.c_str());
      list->AddText(nullptr, 0.0f, ImVec2(laneMin.x, laneMin.y + header), imColour(kRefusalColour), reason.c_str(),
                    nullptr, laneMax.x - laneMin.x);
      continue;
    }
    if (racing()) drawLaneHeader(list, i, laneMin, laneMax.x - laneMin.x);
    const ImVec2 pictureMin(laneMin.x, laneMin.y + header);
    // Overlays go in a band under the bars.
    const float band = overlaysShown() ? ImGui::GetTextLineHeight() * 5.0f + render::kMaxIndexBandHeight : 0.0f;
    const ImVec2 pictureMax(laneMax.x, laneMax.y - band);
    lanes_[i]->draw(list, pictureMin, pictureMax, view_);
    placements_.push_back(lanes_[i]->place(pictureMin, pictureMax, view_));
    if (overlaysShown()) {
      overlayCaption_.clear();
      drawOverlays(list, *lanes_[i], placements_.back());
      // At the band's foot, right-aligned: which pass the brackets show.
      const float width = ImGui::CalcTextSize(overlayCaption_.c_str()).x;
      list->AddText(ImVec2(laneMax.x - width, laneMax.y - ImGui::GetTextLineHeight()), imColour(kLaneTextColour),
                    overlayCaption_.c_str());
    }
  }
  // The whole lane area takes the mouse: scroll zooms, drag pans, double-click fits.
  ImGui::SetCursorScreenPos(areaMin);
  ImGui::InvisibleButton("##lane-area", ImVec2(areaMax.x - areaMin.x, areaMax.y - areaMin.y));
  handleMouse(areaMin, areaMax);
  ImGui::End();
}

bool ViewerApp::overlaysShown() const {
  return view_.arrayMode && inputs_.resolved->data.sequenceLength <= kMaxOverlayElements;
}

void ViewerApp::drawOverlays(ImDrawList* list, const SortLane& lane, const SortLane::Placement& bars) {
  const std::uint32_t pass = lane.pass();
  const std::uint32_t length = inputs_.resolved->data.sequenceLength;
  const Sorter& sorter = lane.sorter();
  const ImVec2 arrayMin = bars.min;
  ImVec2 arrayMax = bars.max;
  // Numbers: each key on its bar, each index under the axis; the rest goes under the indices.
  const auto* shownKeys = config_.barNumbers ? lane.keysAfter(pass) : nullptr;
  if (shownKeys) {
    const auto& all = inputs_.resolved->data.keys;
    const render::BarNumbers numbers{.keys = *shownKeys, .type = inputs_.resolved->keyType, .descending = inputs_.spec.order.descending,
                                     .hexadecimal = sorter.digitPlace(0).has_value(),
                                     .layout = {.sequence = view_.arraySequence, .minKey = *std::min_element(all.begin(), all.end()),
                                                .maxKey = *std::max_element(all.begin(), all.end()),
                                                .descending = inputs_.spec.order.descending, .height = 256}};
    arrayMax.y += drawBarNumbers(list, arrayMin, arrayMax, numbers);
  }
  // What the last pass compared, the pairs that swapped in it highlighted; at pass 0, what the
  // first pass will compare. The caption says which of the two it is.
  const ShownPass shown = ui::shownPass(pass);
  const std::uint32_t shownPass = shown.pass;
  const std::vector<Comparator> comparators = sorter.comparators(shownPass, kMaxOverlayElements);
  if (!comparators.empty()) overlayCaption_ = shown.caption;
  std::vector<bool> swapped;
  if (pass > 0) {
    const auto* before = lane.keysAfter(pass - 1);
    const auto* after = lane.keysAfter(pass);
    if (before && after) swapped = swappedPositions(*before, *after);
  }
  if (!comparators.empty()) drawComparatorBrackets(list, arrayMin, arrayMax, length, comparators, swapped);
  // Radix: each key's digit for the pass to come.
  if (const auto place = sorter.digitPlace(lane.finished() ? shownPass : pass)) {
    if (const auto* keys = lane.keysAfter(pass)) {
      const float below = comparators.empty() ? 0.0f : comparatorBracketsHeight(arrayMin, arrayMax, length, comparators);
      drawDigitLabels(list, arrayMin, ImVec2(arrayMax.x, arrayMax.y + below), *keys, *place);
    }
  }
}

void ViewerApp::drawLaneHeader(ImDrawList* list, std::size_t index, ImVec2 min, float width) {
  const SortLane& lane = *lanes_[index];
  const ImU32 text = imColour(kLaneTextColour);
  const float line = ImGui::GetTextLineHeight();
  list->AddText(min, text, std::string(lane.algorithm().name).c_str());
  char status[96];
  // "live": the time of the passes as they played, one per frame, first-use compiles included;
  // the ranking's figures come from a timed re-run, and say so.
  std::snprintf(status, sizeof status, "pass %u/%u  live %.3f ms", lane.pass(), lane.passCount(), lane.totalMilliseconds());
  list->AddText(ImVec2(min.x, min.y + line), text, status);
  if (lane.verifiedSortedAfter()) {
    // A check mark: drawn, since ImGui's default font has no such glyph.
    const ImVec2 at(min.x + width - line * 1.4f, min.y + line * 0.2f);
    const ImVec2 points[3] = {ImVec2(at.x, at.y + line * 0.5f), ImVec2(at.x + line * 0.35f, at.y + line * 0.85f),
                              ImVec2(at.x + line, at.y)};
    list->AddPolyline(points, 3, imColour(kCheckMarkColour), 0, 2.5f);
  }
}

}  // namespace shadersort::ui
