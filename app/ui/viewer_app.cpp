#include "ui/viewer_app.h"

#include <glad/gl.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
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

namespace shadersort::ui {
namespace {

constexpr float kPanelWidth = 360.0f;
constexpr float kMargin = 12.0f;
// The lanes' fixed colours, drawn over the pictures; a recording reserves palette entries for
// them since the first frame may have none (a check mark appears only once a lane is verified).
constexpr render::Rgb kLaneTextColour{230, 230, 230};
constexpr render::Rgb kCheckMarkColour{110, 220, 110};
constexpr render::Rgb kRefusalColour{255, 120, 100};
ImU32 imColour(const render::Rgb& colour) { return IM_COL32(colour[0], colour[1], colour[2], 255); }
render::Rgb rgbOf(std::uint32_t packedRgba) {
  return {static_cast<std::uint8_t>(packedRgba & 0xFF), static_cast<std::uint8_t>((packedRgba >> 8) & 0xFF),
          static_cast<std::uint8_t>((packedRgba >> 16) & 0xFF)};
}
// A recording's caption: the heading and one line of the description.
constexpr int kRecordingCaptionLines = 1;
// targetPass_ for End: every lane to its last pass.
constexpr std::uint32_t kToTheEnd = std::numeric_limits<std::uint32_t>::max();
// Wall time a frame may spend issuing passes, so input stays responsive however large the sort.
constexpr double kFrameWorkBudgetMs = 12.0;
// GPU time a frame may queue, judged by the passes timed so far.
constexpr double kFrameGpuBudgetMs = 12.0;

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
  if (!config_.recordPath.empty()) pendingRecordingPath_ = config_.recordPath;
  clock_ = std::make_unique<FrameClock>();
  clock_->firstFrame = std::chrono::steady_clock::now();
}

ViewerApp::~ViewerApp() {
  // Normally run() has ended every recording; one still running here is saved, not dropped,
  // and a failure is said on stderr since no one can ask for it any more.
  const std::size_t failuresBefore = outputFailures_.size();
  stopRecording();
  for (std::size_t i = failuresBefore; i < outputFailures_.size(); ++i) warn(outputFailures_[i]);
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
  const bool animating = playback_.playing || targetPass_.has_value() || videoFramesOwed_ > 0 || radixView_.tweening();
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

  if (pendingRecordingPath_) startRecording(*std::exchange(pendingRecordingPath_, std::nullopt));
  recordFrame();
  ++frame_;
  if (screenshotRequested_) {
    screenshotRequested_ = false;
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
        targetPass_.reset();
        replayStart_.reset();
        stepRace(direction);
        break;
      }
      // The step goes through advance() like End: a step back replays up to a checkpoint
      // interval of passes, spread over frames so that the window stays responsive and shows
      // its progress. A step pressed while one is on its way counts from where that one goes.
      const bool stepOnItsWay = targetPass_ && *targetPass_ != kToTheEnd;
      const std::uint32_t from = stepOnItsWay ? *targetPass_ : leadPass();
      if (direction < 0 && from == 0) break;
      targetPass_ = direction > 0 ? from + 1 : from - 1;
      if (!stepOnItsWay) replayStart_.reset();
      break;
    }
    case ViewerKey::Restart:
      targetPass_.reset();
      race_.time = 0.0;
      seekAll(0);
      break;
    case ViewerKey::Finish:
      playback_.playing = false;
      targetPass_ = kToTheEnd;
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
    case ViewerKey::Screenshot: screenshotRequested_ = true; break;
    case ViewerKey::Fit:
      view_.zoom = 1.0f;
      view_.centre = ImVec2(0.5f, 0.5f);
      break;
    case ViewerKey::Record:
      if (recorder_)
        stopRecording();
      else if (pendingRecordingPath_)
        pendingRecordingPath_.reset();  // pressed again before it started
      else
        pendingRecordingPath_ = defaultOutputPath(".gif");
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
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) handleKey(ViewerKey::Fit);
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
  targetPass_.reset();
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

double ViewerApp::raceScale() const {
  double slowest = 0.0;
  for (const auto& lane : lanes_) {
    double total = 0.0;
    for (double ms : lane->measuredPassTimes()) total += ms;
    slowest = std::max(slowest, total);
  }
  return slowest > 0.0 ? race_.seconds / slowest : 0.0;
}

std::uint32_t ViewerApp::passAtRaceTime(std::size_t index, double time) const {
  // Pass p is shown once the race clock has passed the scaled end of its GPU time.
  const double scale = raceScale();
  const auto& times = lanes_[index]->measuredPassTimes();
  double end = 0.0;
  std::uint32_t passes = 0;
  for (double ms : times) {
    end += ms * scale;
    if (end > time) break;
    ++passes;
  }
  return passes;
}

void ViewerApp::stepRace(int direction) {
  // The next (or previous) moment at which any lane completes a pass.
  const double scale = raceScale();
  double best = direction > 0 ? std::numeric_limits<double>::infinity() : 0.0;
  for (const auto& lane : lanes_) {
    double end = 0.0;
    for (double ms : lane->measuredPassTimes()) {
      end += ms * scale;
      if (direction > 0 && end > race_.time + 1e-12) best = std::min(best, end);
      if (direction < 0 && end < race_.time - 1e-12) best = std::max(best, end);
    }
  }
  if (std::isinf(best)) return;
  race_.time = best;
  for (std::size_t i = 0; i < lanes_.size(); ++i) lanes_[i]->seek(passAtRaceTime(i, race_.time));
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
  if (playback_.speed == Playback::Speed::PassesPerSecond) return playback_.passesPerSecond;
  std::uint32_t longest = 1;
  for (const auto& lane : lanes_) longest = std::max(longest, lane->passCount());
  return static_cast<double>(longest) / playback_.wholeSortSeconds;
}

void ViewerApp::advance() {
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::min(std::chrono::duration<double>(now - playback_.lastAdvance).count(), 0.25);
  playback_.lastAdvance = now;
  const bool allFinished = std::all_of(lanes_.begin(), lanes_.end(), [](const auto& lane) { return lane->finished(); });

  std::vector<std::uint32_t> targets(lanes_.size(), leadPass());
  std::uint32_t target = leadPass();
  const bool byTime = race_.byTime && racing();
  if (targetPass_) {
    target = *targetPass_;
    targets.assign(lanes_.size(), target);
  } else if (playback_.playing && byTime) {
    if (allFinished) {
      playback_.playing = false;
      return;
    }
    // Scripted runs tick a fixed 1/60 s, so their frames do not depend on the machine.
    if (frame_ > 0) race_.time += config_.frames > 0 ? 1.0 / 60.0 : elapsed;
    for (std::size_t i = 0; i < lanes_.size(); ++i) targets[i] = passAtRaceTime(i, race_.time);
  } else if (playback_.playing) {
    if (allFinished) {
      playback_.playing = false;
      return;
    }
    if (frame_ == 0) return;  // the first frame shows the input
    if (config_.frames > 0) {
      target = leadPass() + 1;  // scripted: one pass a frame, whatever the clock says
    } else {
      playback_.owedPasses += elapsed * effectivePassesPerSecond();
      const double whole = std::floor(std::min(playback_.owedPasses, 1e9));
      playback_.owedPasses -= whole;
      target = static_cast<std::uint32_t>(std::min<double>(leadPass() + whole, std::numeric_limits<std::uint32_t>::max()));
    }
    targets.assign(lanes_.size(), target);
  } else {
    return;
  }

  // A time budget per frame: wall time spent issuing, and GPU time queued judged by each lane's
  // typical pass. What does not fit is dropped, so the speed caps at what the GPU does.
  const auto deadline = now + std::chrono::duration<double, std::milli>(kFrameWorkBudgetMs);
  bool reachedEverywhere = true;
  for (std::size_t i = 0; i < lanes_.size(); ++i) {
    SortLane* lane = lanes_[i].get();
    target = targets[i];
    const double typical = lane->typicalPassMilliseconds();
    const auto gpuCap = typical > 0.0 ? static_cast<std::uint32_t>(std::max(1.0, kFrameGpuBudgetMs / typical)) : 64u;
    std::uint32_t ran = 0;
    if (lane->pass() > target) {
      // A step back: to the checkpoint at or before the target (no pass run), replayed below.
      lane->seek(target, 0);
      replayStart_ = std::min(replayStart_.value_or(kToTheEnd), lane->pass());
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
  if (targetPass_ && reachedEverywhere) {
    targetPass_.reset();
    replayStart_.reset();
  }
}

std::optional<double> ViewerApp::stepBackProgress() const {
  if (!targetPass_ || !replayStart_) return std::nullopt;
  std::uint32_t slowest = kToTheEnd;
  for (const auto& lane : lanes_) slowest = std::min(slowest, lane->pass());
  if (*targetPass_ <= *replayStart_) return 1.0;
  return std::clamp(static_cast<double>(slowest - std::min(slowest, *replayStart_)) / (*targetPass_ - *replayStart_), 0.0, 1.0);
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
    // (the same for every lane, so that a race's pictures keep one size, radix's digits or not).
    const bool anyRadix = std::any_of(lanes_.begin(), lanes_.end(), [](const auto& lane) { return lane->sorter().digitPlace(0).has_value(); });
    const float band = overlaysShown() ? ImGui::GetTextLineHeight() * 5.0f + render::kMaxIndexBandHeight +
                                             (anyRadix ? static_cast<float>(kRadixDigitBand) : 0.0f)
                                       : 0.0f;
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
  const auto& all = inputs_.resolved->data.keys;
  const render::ArrayLayout layout{.sequence = view_.arraySequence, .minKey = *std::min_element(all.begin(), all.end()),
                                   .maxKey = *std::max_element(all.begin(), all.end()),
                                   .descending = inputs_.spec.order.descending, .height = 256};
  if (shownKeys) {
    const render::BarNumbers numbers{.keys = *shownKeys, .type = inputs_.resolved->keyType, .descending = inputs_.spec.order.descending,
                                     .hexadecimal = sorter.digitPlace(0).has_value(), .layout = layout};
    arrayMax.y += drawBarNumbers(list, arrayMin, arrayMax, numbers);
  }
  // Radix: every key's digits (the sorted places marked) and the scatter's tween over the bars.
  const auto radixHeight = radixView_.draw(list, lane, barArea(arrayMin, bars.max), arrayMax.y + 2.0f, layout);
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
  if (const auto place = radixHeight ? std::nullopt : sorter.digitPlace(lane.finished() ? shownPass : pass)) {
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

void ViewerApp::writeScreenshot(const std::string& path) { savePng(host_->readFrame(), path); }

void ViewerApp::startRecording(const std::string& path) {
  stopRecording();
  try {
    auto recorder = std::make_unique<render::GifRecorder>();
    const int width = static_cast<int>(lanesMax_.x - lanesMin_.x), height = static_cast<int>(lanesMax_.y - lanesMin_.y);
    // One lane's frames carry its caption strip (pass k of N and what the last pass did), as
    // run --gif's do; a race's lane headers say each lane's pass already.
    recordingCaptioned_ = !racing();
    const int gifWidth = recordingCaptioned_ ? render::captionedWidth(width) : width;
    const int gifHeight = height + (recordingCaptioned_ ? render::captionStripHeight(gifWidth, kRecordingCaptionLines) : 0);
    recorder->open(path, gifWidth, gifHeight, /*fps=*/20, /*scale=*/1,
                   {kLaneTextColour, kCheckMarkColour, kRefusalColour, rgbOf(render::kCaptionBackground),
                    rgbOf(render::kCaptionHeadingColour), rgbOf(render::kCaptionTextColour)},
                   /*paletteRows=*/height);
    recorder_ = std::move(recorder);
    recordingPath_ = path;
    recordingWidth_ = width;
    recordingHeight_ = height;
    recordedStamp_.reset();
    message_ = "recording " + quote(path);
  } catch (const std::exception& error) {
    outputFailed(error.what());
  }
}

void ViewerApp::recordFrame() {
  if (!recorder_) return;
  // One GIF frame per change of state (or of view, or of a lane's check mark: a lane is verified
  // a frame or more after its last pass, and the recording must end on the marks), so a paused
  // stretch costs nothing.
  const std::uint64_t stamp = (std::uint64_t{totalPasses()} << 8) ^ (view_.arrayMode ? 1u : 0u) ^
                              (std::uint64_t{lanes_.size()} << 1) ^ (std::uint64_t{view_.arraySequence} << 40) ^
                              (artGeneration_ << 48) ^ (view_.spanOverlay ? 1ull << 63 : 0) ^ (verifiedLanes() << 32);
  if (recordedStamp_ == stamp) return;
  recordedStamp_ = stamp;
  const Image frame = host_->readFrame();
  // The recording keeps the size it started with: a resized window's lanes are cut to it, or
  // padded with the background (the frame's corner, right of the lanes).
  const int left = static_cast<int>(lanesMin_.x), top = static_cast<int>(lanesMin_.y);
  const int right = std::min(static_cast<int>(lanesMax_.x), frame.width);
  const int bottom = std::min(static_cast<int>(lanesMax_.y), frame.height);
  Image lanes(recordingWidth_, recordingHeight_);
  const std::uint32_t background = frame.pixel(frame.width - 1, frame.height - 1);
  for (int y = 0; y < lanes.height; ++y)
    for (int x = 0; x < lanes.width; ++x)
      lanes.setPixel(x, y, left + x < right && top + y < bottom ? frame.pixel(left + x, top + y) : background);
  try {
    if (recordingCaptioned_) {
      const SortLane& lane = *lanes_.front();
      const std::uint32_t pass = lane.pass();
      const render::Caption caption =
          render::passCaption(pass, lane.passCount(), lane.outcome() == SortLane::Outcome::Sorted,
                              pass > 0 ? lane.sorter().describePass(pass - 1) : std::string());
      recorder_->addFrame(render::withCaption(lanes, caption, kRecordingCaptionLines));
    } else {
      recorder_->addFrame(lanes);
    }
  } catch (const std::exception& error) {
    recorder_.reset();  // abandoned: its temporary file goes with it
    outputFailed(error.what());
  }
}

void ViewerApp::stopRecording() {
  if (!recorder_) return;
  // Closed whatever happens: a failed finish() has removed its temporary file.
  const std::unique_ptr<render::GifRecorder> recorder = std::move(recorder_);
  try {
    recorder->finish();
    std::printf("recording: %s (%zu frames, %.0f KiB)\n", quote(recordingPath_).c_str(), recorder->frameCount(),
                static_cast<double>(recorder->bytesWritten()) / 1024.0);
    std::fflush(stdout);
    message_ = "wrote " + quote(recordingPath_);
  } catch (const std::exception& error) {
    outputFailed(error.what());
  }
}

void ViewerApp::outputFailed(const std::string& why) {
  message_ = why;
  outputFailures_.push_back(why);
}

std::string ViewerApp::defaultOutputPath(const std::string& extension) const {
  std::filesystem::path folder = ".";
  if (inputs_.spec.imagePath) folder = std::filesystem::path(*inputs_.spec.imagePath).parent_path();
  if (video_) folder = std::filesystem::path(video_->path()).parent_path();
  if (folder.empty()) folder = ".";
  const std::string stem = "shadersort-" + std::string(lanes_.front()->algorithm().name) + "-pass" + std::to_string(leadPass());
  std::filesystem::path candidate = folder / (stem + extension);
  for (int n = 2; std::filesystem::exists(candidate) && n < 10000; ++n)
    candidate = folder / (stem + "-" + std::to_string(n) + extension);
  return candidate.string();
}

}  // namespace shadersort::ui
