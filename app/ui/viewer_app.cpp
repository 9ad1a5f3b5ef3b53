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
#include "sort/size_advice.h"
#include "ui/viewer_recording.h"

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
  // Scripted runs (--frames) show pass boundaries only, so their frames do not depend on the clock.
  radixView_.tweenSeconds = config_.frames > 0 ? 0.0 : config_.tweenSeconds;
  radixView_.pinnedTween = config_.pinnedTween;
  sound_->setMode(config_.soundMode);
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
      video_ = std::make_unique<VideoPlayback>(config_.videoPath, VideoPlayback::kQueuedFrames, config_.videoStrict,
                                               config_.videoClock);
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
    uiScale_ = config_.slideLayout ? slideUiScale(host_->framebufferHeight()) : std::clamp(host_->contentScale(), 1.0f, 4.0f);
    if (uiScale_ != 1.0f) {
      ImGui::GetStyle().ScaleAllSizes(uiScale_);
      ImGui::GetIO().FontGlobalScale = uiScale_;
    }
    shaderStamp_ = sortContext_->shaders().stamp();
    teaching_ = config_.teaching;
    valuesBox_ = valuesBoxFor(config_.input);
    view_.arrayMode = config_.arrayMode && !config_.art;
    view_.arrayDrawing = config_.arrayDrawing;
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
      videoClock_ = video_->now();
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

namespace {
constexpr std::string_view kSwapCheckSetting = "check-interval";  // odd-even's swap-count read-backs
}  // namespace

SorterOptions ViewerApp::optionsFor(const AlgorithmInfo& algorithm, const SorterOptions& explicitOptions) const {
  SorterOptions options = config_.withTunedSettings ? config_.withTunedSettings(*sortContext_, algorithm, explicitOptions) : explicitOptions;
  options.teaching = teaching_ && algorithm.hasTeachingSchedule;
  options.descendingKeys = inputs_.spec.order.descending;
  // The panel plots each pass's swaps as it is played: the counts come back after every pass
  // (a teaching pass's default of every 8 left the plot empty until pass 8), unless set. A
  // slide has no panel and must stop where run's sort stops (early exit waits for a count), so
  // it keeps run's interval.
  if (options.teaching && !config_.slideLayout && algorithm.settings && !options.settings.contains(std::string(kSwapCheckSetting)))
    for (const SettingFacts& setting : algorithm.settings())
      if (setting.name == kSwapCheckSetting) options.settings[std::string(kSwapCheckSetting)] = 1;
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
  const bool animating = playback_.playing || playback_.targetPass.has_value() || videoFramesOwed_ > 0 || radixView_.tweening();
  host_->pollEvents(!animating && !scripted, 0.25);
  // The sort work of this frame: the passes run, and in art mode the pipeline a change re-runs
  // (a key may change a setting).
  const std::uint32_t passesBefore = totalPasses();
  const std::uint64_t artBefore = artGeneration_;
  clock_->sort.begin(static_cast<std::uint64_t>(frame_));
  if (frame_ < static_cast<int>(config_.keys.size())) handleKey(config_.keys[static_cast<std::size_t>(frame_)]);
  if (frame_ < static_cast<int>(config_.mouse.size())) {
    MouseEvent event = config_.mouse[static_cast<std::size_t>(frame_)];
    event.seconds = frame_ / 60.0;
    if (event.kind != MouseEvent::Kind::Wheel) host_->queueMouse(event);
  }
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
  if (!config_.slideLayout) drawPanel();
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
  return drawing_.placements.at(index);
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

}  // namespace shadersort::ui
