// The viewer's panel: every control has a key (see viewer_keys.h), and the widgets keep their
// places and widths whatever the algorithm, so a pointer or a habit finds them again.

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "sort/index_text.h"
#include "ui/bitonic_marks.h"
#include "ui/gpu_view_panel.h"
#include "ui/pass_plot.h"
#include "ui/playback_limits.h"
#include "ui/pseudocode_panel.h"
#include "ui/teaching_overlays.h"
#include "ui/teaching_panels.h"
#include "ui/viewer_app.h"
#include "ui/viewer_style.h"
#include "ui/work_panel.h"

namespace shadersort::ui {
namespace {

// Inputs up to this many keys show the radix counter matrix (a read-back per pass shown).
constexpr std::size_t kMaxCounterMatrixKeys = 4096;
const ImVec4 kErrorColour(1.0f, 0.45f, 0.4f, 1.0f);
const ImVec4 kGoodColour(0.45f, 0.85f, 0.45f, 1.0f);

std::string inputLabel(const InputSpec& spec) {
  if (spec.values) return "your values";
  if (spec.pattern) return std::string(patternName(*spec.pattern));
  if (spec.imagePath) return std::filesystem::path(*spec.imagePath).filename().string();
  return "built-in picture";
}

// The first `count` pass times (NaN where not yet known: no bar).
std::vector<float> knownTimes(const std::vector<float>& series, std::uint32_t count) {
  std::vector<float> values(series.begin(), series.begin() + std::min<std::size_t>(count, series.size()));
  values.resize(count, std::numeric_limits<float>::quiet_NaN());
  return values;
}

}  // namespace

void ViewerApp::drawPanel() {
  ImGui::SetNextWindowPos(ImVec2(kMargin, kMargin), ImGuiCond_Always);
  ImGui::SetNextWindowSize(ImVec2(kPanelWidth * uiScale_, ImGui::GetIO().DisplaySize.y - 2 * kMargin), ImGuiCond_Always);
  ImGui::Begin("shadersort", nullptr, ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse);
  ImGui::PushItemWidth(-90.0f * uiScale_);
  drawAlgorithmControls();
  // Right under the control that usually causes them, so the taller panels below never push a
  // refusal or a compile log out of the window.
  drawMessages();
  ImGui::Separator();
  if (video_)
    drawVideoControls();
  else
    drawInputControls();
  ImGui::Separator();
  drawArtControls();
  ImGui::Separator();
  drawPlaybackControls();
  if (!art_) drawRaceControls();
  ImGui::Separator();
  if (racing()) {
    drawRanking();
  } else {
    drawLaneStatus(*lanes_.front());
    if (!art_) {
      const SortLane& lane = *lanes_.front();
      // The last pass run (before any, pass 1's words still pick radix's pipeline).
      const bool passRun = lane.pass() > 0;
      const std::uint32_t shown = lane.workgroupPass();
      const std::string description = lane.passCount() > 0 ? lane.sorter().describePass(shown) : std::string();
      if (ImGui::CollapsingHeader("pseudocode", ImGuiTreeNodeFlags_DefaultOpen))
        drawPseudocodePanel({lane.algorithm().name, lane.options().teaching, shown, description}, passRun);
      if (ImGui::CollapsingHeader("GPU view", ImGuiTreeNodeFlags_DefaultOpen)) {
        bool gpuView = view_.gpuView;
        if (ImGui::Checkbox("colour by workgroup (g)", &gpuView)) handleKey(ViewerKey::ToggleGpuView);
        if (view_.gpuView) drawGpuViewPanel(lane.workgroups(), shown, passRun, lane.algorithm().name);
      }
      drawTeachingPanels(lane);
    }
  }
  drawKeysHelp();
  ImGui::PopItemWidth();
  ImGui::End();
}

void ViewerApp::drawMessages() {
  drawing_.messageArea.reset();
  if (!message_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, message_.rfind("wrote ", 0) == 0 || message_.rfind("recording ", 0) == 0 || message_ == "shaders reloaded" ? kGoodColour : kErrorColour);
    ImGui::TextWrapped("%s", message_.c_str());
    ImGui::PopStyleColor();
    drawing_.messageArea = {ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
  }
  if (!shaderError_.empty()) {
    // Wrapped: on one line the heading ran past the panel's edge ("keeps runnir").
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
    ImGui::TextWrapped("shader error (the last good program keeps running):");
    ImGui::PopStyleColor();
    // Wrapped, not scrolled sideways: a compile log's point is often at the end of its line.
    ImGui::BeginChild("##shader-log", ImVec2(0, 120.0f * uiScale_), true);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(shaderError_.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
  }
}

void ViewerApp::drawAlgorithmControls() {
  const SortLane& lane = *lanes_.front();
  if (ImGui::BeginCombo("algorithm", std::string(lane.algorithm().name).c_str())) {
    for (std::size_t i = 0; i < algorithms().size(); ++i) {
      const AlgorithmInfo& candidate = algorithms()[i];
      const std::string label = std::to_string(i + 1) + "  " + std::string(candidate.name);
      if (ImGui::Selectable(label.c_str(), &candidate == &lane.algorithm()) && &candidate != &lane.algorithm())
        chooseAlgorithm(candidate);
    }
    ImGui::EndCombo();
  }
  if (!lanes_.front()->algorithm().hasTeachingSchedule) {
    ImGui::TextDisabled("one schedule: every pass is one basic step");
    if (const char* note = paddingNote(lane.sorter())) ImGui::TextWrapped("%s", note);
    return;
  }
  int schedule = teaching_ ? 0 : 1;
  bool changed = ImGui::RadioButton("teaching", &schedule, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("fast", &schedule, 1);
  ImGui::SameLine();
  ImGui::TextDisabled("(t)");
  if (changed) setTeaching(schedule == 0);
}

void ViewerApp::drawInputControls() {
  InputSpec spec = inputs_.spec;
  bool changed = false;
  if (ImGui::BeginCombo("input", inputLabel(spec).c_str())) {
    if (ImGui::Selectable("built-in picture", !spec.pattern && !spec.imagePath)) {
      spec.pattern.reset();
      spec.imagePath.reset();
      changed = true;
    }
    if (inputs_.imageFile && ImGui::Selectable(inputs_.imageFile->c_str(), !spec.pattern && spec.imagePath == inputs_.imageFile)) {
      spec.pattern.reset();
      spec.imagePath = inputs_.imageFile;
      changed = true;
    }
    for (Pattern pattern : allPatterns()) {
      if (ImGui::Selectable(std::string(patternName(pattern)).c_str(), spec.pattern == pattern)) {
        spec.pattern = pattern;
        spec.imagePath.reset();
        changed = true;
      }
    }
    if (changed) spec.values.reset();  // typed values come back through the values box
    ImGui::EndCombo();
  }
  if (!art_ && !video_ && drawValuesBox(valuesBox_)) {
    loadValues(valuesBox_.text, valuesBox_.type);
    return;
  }
  if (spec.pattern) {
    // The size follows the slider while it is dragged; the input is rebuilt once it is let go.
    static_assert(sizeof(spec.width) == sizeof(int));
    int size[2] = {spec.width, spec.height};
    ImGui::SliderInt2("size", size, 1, 4096, "%d", ImGuiSliderFlags_Logarithmic);
    spec.width = std::max(1, size[0]);
    spec.height = std::max(1, size[1]);
    if (ImGui::IsItemDeactivatedAfterEdit()) changed = true;
  } else if (!art_ && !spec.values && ImGui::BeginCombo("key", std::string(pixelKeyName(spec.order.key)).c_str())) {
    for (std::string_view name : pixelKeyNames()) {
      if (ImGui::Selectable(std::string(name).c_str(), pixelKeyName(spec.order.key) == name)) {
        spec.order.key = *parsePixelKey(name);
        changed = true;
      }
    }
    ImGui::EndCombo();
  }
  // Art mode's key, direction and path are in its own panel; its picture is always an image.
  if (art_) {
    if (changed) chooseInput(spec);
    if (ImGui::Button("fit")) handleKey(ViewerKey::Fit);
    return;
  }
  int axis = spec.order.axis == Axis::Columns ? 0 : 1;
  bool axisChanged = ImGui::RadioButton("columns", &axis, 0);
  ImGui::SameLine();
  axisChanged |= ImGui::RadioButton("rows", &axis, 1);
  if (axisChanged) {
    spec.order.axis = axis == 0 ? Axis::Columns : Axis::Rows;
    changed = true;
  }
  ImGui::SameLine();
  if (ImGui::Checkbox("descending", &spec.order.descending)) changed = true;
  if (changed) chooseInput(spec);

  int mode = view_.arrayMode ? 1 : 0;
  bool modeChanged = ImGui::RadioButton("image", &mode, 0);
  ImGui::SameLine();
  modeChanged |= ImGui::RadioButton("array", &mode, 1);
  if (modeChanged && (mode == 1) != view_.arrayMode) handleKey(ViewerKey::ToggleArray);
  ImGui::SameLine();
  if (ImGui::Button("fit")) handleKey(ViewerKey::Fit);
  if (view_.arrayMode) {
    ImGui::SameLine();
    bool dots = view_.arrayDrawing == render::ArrayDrawing::Dots;
    if (ImGui::Checkbox("dots (v)", &dots)) handleKey(ViewerKey::ToggleDrawing);
  }
  if (view_.arrayMode && inputs_.resolved->data.sequenceLength <= kMaxOverlayElements) ImGui::Checkbox("numbers", &config_.barNumbers);
  // The bars' scale in words: from 0 when the keys allow it, else from the smallest key.
  if (view_.arrayMode && !art_ && !lanes_.empty()) ImGui::TextWrapped("%s", lanes_.front()->barScale().text.c_str());
  const std::uint32_t sequences = inputs_.resolved->data.sequenceCount;
  if (view_.arrayMode && sequences > 1) {
    int sequence = static_cast<int>(view_.arraySequence);
    if (ImGui::SliderInt(inputs_.resolved->axis == Axis::Columns ? "column" : "row", &sequence, 0, static_cast<int>(sequences) - 1))
      view_.arraySequence = static_cast<std::uint32_t>(sequence);
  }
}

void ViewerApp::drawPlaybackControls() {
  const bool allFinished = std::all_of(lanes_.begin(), lanes_.end(), [](const auto& lane) { return lane->finished(); });
  const float button = 44.0f * uiScale_;
  if (ImGui::Button("|<", ImVec2(button, 0))) handleKey(ViewerKey::Restart);
  ImGui::SameLine();
  if (ImGui::Button("<", ImVec2(button, 0))) handleKey(ViewerKey::StepBack);
  ImGui::SameLine();
  // One fixed-width button whose label says what a press will do.
  // A clip plays on from its frame; a finished sort replays from pass 0.
  const char* playLabel = playback_.playing ? "Pause###play" : allFinished && !video_ ? "Replay###play" : "Play###play";
  if (ImGui::Button(playLabel, ImVec2(button * 1.6f, 0))) handleKey(ViewerKey::PlayPause);
  ImGui::SameLine();
  if (ImGui::Button(">", ImVec2(button, 0))) handleKey(ViewerKey::StepForward);
  ImGui::SameLine();
  if (ImGui::Button(">|", ImVec2(button, 0))) handleKey(ViewerKey::Finish);

  if (const auto progress = stepBackProgress()) {
    // A long step back replays from a checkpoint over several frames: say how far it has come.
    char label[64];
    std::snprintf(label, sizeof label, "back to pass %u: replaying", *playback_.targetPass);
    ImGui::ProgressBar(static_cast<float>(*progress), ImVec2(-FLT_MIN, 0), label);
  }
  int speed = playback_.speed == Playback::Speed::PassesPerSecond ? 0 : 1;
  bool speedChanged = ImGui::RadioButton("passes/s", &speed, 0);
  ImGui::SameLine();
  speedChanged |= ImGui::RadioButton("whole sort in", &speed, 1);
  if (speedChanged) playback_.speed = speed == 0 ? Playback::Speed::PassesPerSecond : Playback::Speed::WholeSortSeconds;
  if (playback_.speed == Playback::Speed::PassesPerSecond) {
    float rate = static_cast<float>(playback_.passesPerSecond);
    if (ImGui::SliderFloat("speed", &rate, static_cast<float>(kPassesPerSecondRange.min), static_cast<float>(kPassesPerSecondRange.max),
                           rate < 10.0f ? "%.1f passes/s" : "%.0f passes/s", ImGuiSliderFlags_Logarithmic))
      playback_.passesPerSecond = std::clamp<double>(rate, kPassesPerSecondRange.min, kPassesPerSecondRange.max);
  } else {
    float seconds = static_cast<float>(playback_.wholeSortSeconds);
    if (ImGui::SliderFloat("speed", &seconds, static_cast<float>(kWholeSortSecondsRange.min), static_cast<float>(kWholeSortSecondsRange.max),
                           "%.1f s", ImGuiSliderFlags_Logarithmic))
      playback_.wholeSortSeconds = std::clamp<double>(seconds, kWholeSortSecondsRange.min, kWholeSortSecondsRange.max);
  }
  if (playback_.heldToFrameBudget)
    ImGui::TextWrapped("running %.1f passes/s: a pass takes longer than a frame allows here, so faster plays no faster",
                       playback_.runningPassesPerSecond);
  bool soundOn = sound_->enabled();
  if (ImGui::Checkbox("sound (m)", &soundOn)) handleKey(ViewerKey::ToggleSound);
  ImGui::SameLine();
  bool everyComparison = sound_->mode() == audio::SoundMode::Comparisons;
  if (ImGui::Checkbox("every comparison (c)", &everyComparison)) handleKey(ViewerKey::ToggleSoundMode);
  if (!sound_->status().empty()) ImGui::TextWrapped("%s", sound_->status().c_str());
  // Radix compares nothing: said only while it would be heard, so the panel keeps its layout otherwise.
  if (sound_->enabled() && everyComparison && !art_ && !lanes_.empty() && lanes_.front()->sorter().digitPlace(0))
    ImGui::TextWrapped("radix compares nothing: each pass sounds the keys it moved");
}

void ViewerApp::drawLaneStatus(const SortLane& lane) {
  const Sorter& sorter = lane.sorter();
  const std::uint32_t pass = lane.shownPass();
  if (lanes_.size() > 1) ImGui::TextUnformatted(std::string(lane.algorithm().name).c_str());
  ImGui::TextUnformatted(passesRunText(pass, lane.passCount()).c_str());
  // Finishing the passes is not being sorted: a --shader-dir shader may compile and sort wrongly.
  switch (lane.outcome()) {
    case SortLane::Outcome::Unfinished: break;
    case SortLane::Outcome::Sorted:
      ImGui::SameLine();
      ImGui::TextColored(kGoodColour, "sorted");
      break;
    case SortLane::Outcome::NotSorted:
      ImGui::SameLine();
      ImGui::TextColored(kErrorColour, "NOT sorted (the GPU check failed)");
      break;
    case SortLane::Outcome::Unchecked:
      ImGui::SameLine();
      ImGui::TextDisabled("finished (not checked)");
      break;
    case SortLane::Outcome::Checking:
      ImGui::SameLine();
      ImGui::TextDisabled("finished, checking");
      break;
  }
  ImGui::TextWrapped("last: %s", pass > 0 ? sorter.describePass(pass - 1).c_str() : "(none: this is the input)");
  ImGui::TextWrapped("next: %s", lane.shownFinished() ? "(none: the sort is over)" : sorter.describePass(pass).c_str());

  const auto& times = lane.passMilliseconds();
  if (pass > 0 && pass - 1 < times.size() && !std::isnan(times[pass - 1]))
    ImGui::TextWrapped("%s time: last pass %.3f ms, so far %.3f ms", lane.clock().c_str(), times[pass - 1], lane.totalMilliseconds());
  else
    ImGui::Text("%s time so far: %.3f ms", lane.clock().c_str(), lane.totalMilliseconds());
  if (pass > 0) {
    drawPassPlot("time per pass", knownTimes(times, pass), "ms", 40.0f * uiScale_);
    std::vector<float> swaps;
    for (std::uint32_t p = 0; p < pass; ++p) {
      const auto counted = sorter.swapsInPass(p);
      if (!counted && swaps.empty()) continue;
      swaps.push_back(counted ? static_cast<float>(*counted) : 0.0f);
    }
    if (!swaps.empty()) drawPassPlot("swaps per pass", swaps, "", 40.0f * uiScale_);
  }
}

void ViewerApp::drawTeachingPanels(const SortLane& lane) {
  const Sorter& sorter = lane.sorter();
  const std::uint32_t length = inputs_.resolved->data.sequenceLength;
  const std::uint32_t pass = lane.pass();
  // Radix: the histogram of the digit the next pass sorts by, its prefix sum, the bucket starts.
  const auto place = sorter.digitPlace(lane.finished() && pass > 0 ? pass - 1 : pass);
  if (place && ImGui::CollapsingHeader("radix digits", ImGuiTreeNodeFlags_DefaultOpen)) {
    if (const auto* keys = overlaysShown() ? lane.keysAfter(pass) : nullptr) {
      // The counter matrix of the pass just run, where the sorter keeps one (small inputs).
      drawRadixPanel(*keys, *place, length, lane.digitCounters(kMaxCounterMatrixKeys));
      if (lane.options().teaching) drawTweenSlider(radixView_);
    } else {
      ImGui::TextWrapped("array mode (a) on a sequence of at most %u keys shows the digits", kMaxOverlayElements);
    }
  }
  if (const auto work = lane.artMode() ? std::nullopt
                                      : collectLaneWork(sorter, lane.algorithm(), lane.input().data);
      work && ImGui::CollapsingHeader("work (counted by the shaders)", ImGuiTreeNodeFlags_DefaultOpen)) {
    drawWorkPanel(*work, pass > 0 ? pass - 1 : 0, uiScale_);
    if (!work->perPass.empty()) drawDepthWorkTable({*work});
  }
  // bitonic-classic's network spans its padding's wires too.
  if (const std::uint32_t wires = drawnLength(sorter, length); wires <= kMaxNetworkWires && wires >= 2) {
    const auto& network = lane.network(kMaxNetworkWires);
    if (!network.empty() && ImGui::CollapsingHeader("network", ImGuiTreeNodeFlags_DefaultOpen)) {
      ImGui::Checkbox("in its own window", &drawing_.networkDetached);
      if (!drawing_.networkDetached) drawNetworkPanel(network, wires, pass > 0 ? pass - 1 : 0);
    }
    if (drawing_.networkDetached) {
      // A window of its own, large and resizable, for a projector: the wires fill its height.
      ImGui::SetNextWindowSize(ImVec2(900.0f * uiScale_, 600.0f * uiScale_), ImGuiCond_FirstUseEver);
      if (ImGui::Begin("comparator network", &drawing_.networkDetached, ImGuiWindowFlags_NoCollapse))
        drawNetworkPanel(network, wires, pass > 0 ? pass - 1 : 0, true);
      ImGui::End();
    }
  }
}

void ViewerApp::drawRaceControls() {
  bool race = racing();
  if (ImGui::Checkbox("race", &race)) {
    if (race) {
      std::vector<const AlgorithmInfo*> all;
      for (const AlgorithmInfo& algorithm : algorithms())
        if (all.size() < 4) all.push_back(&algorithm);
      chooseRace(all);
    } else {
      chooseAlgorithm(lanes_.front()->algorithm());
    }
  }
  if (!race) return;
  ImGui::SameLine();
  int clock = race_.byTime ? 1 : 0;
  bool changed = ImGui::RadioButton("by pass", &clock, 0);
  ImGui::SameLine();
  changed |= ImGui::RadioButton("by time", &clock, 1);
  if (changed && (clock == 1) != race_.byTime) {
    race_.byTime = clock == 1;
    // Lanes restart together on the new clock; by time needs every pass timed first.
    chooseRace(laneAlgorithms_);
  }
  if (race_.byTime) {
    float seconds = static_cast<float>(race_.seconds);
    if (ImGui::SliderFloat("slowest", &seconds, static_cast<float>(kRaceSecondsRange.min), static_cast<float>(kRaceSecondsRange.max),
                           "%.1f s", ImGuiSliderFlags_Logarithmic))
      race_.seconds = std::clamp<double>(seconds, kRaceSecondsRange.min, kRaceSecondsRange.max);
  }
}

void ViewerApp::drawRanking() {
  const std::vector<RankRow> rows = ranking();
  if (rows.empty()) {
    for (const auto& lane : lanes_)
      ImGui::Text("%-14s %s", std::string(lane->algorithm().name).c_str(), passesRunText(lane->shownPass(), lane->passCount()).c_str());
    return;
  }
  ImGui::TextUnformatted("finished:");
  // The lane headers show live times (as played, compiles included): not the ranking's figures.
  ImGui::TextWrapped("ranked by a timed re-run of each sort; lane headers show live time");
  // Depth (passes) and work (comparisons) of the lanes that counted theirs (work_panel.h).
  std::vector<LaneWork> work;
  for (const auto& lane : lanes_)
    if (!lane->artMode())
      if (auto counted = collectLaneWork(lane->sorter(), lane->algorithm(), lane->input().data)) work.push_back(*counted);
  auto workOf = [&](const std::string& algorithm) -> const LaneWork* {
    for (const LaneWork& lane : work)
      if (lane.algorithm == algorithm) return &lane;
    return nullptr;
  };
  // Columns as wide as their contents ("frag-odd-even" was cut short). Each lane's work follows
  // in a wrapped line: as two more columns it ran past the panel (a sideways scrollbar cut them).
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##ranking", 4, flags)) {
    ImGui::TableSetupColumn("#");
    ImGui::TableSetupColumn("algorithm");
    ImGui::TableSetupColumn("passes");
    ImGui::TableSetupColumn(lanes_.front()->clock() == "gpu" ? "re-run GPU ms" : "re-run wall ms");
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < rows.size(); ++i) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%zu", i + 1);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(rows[i].algorithm.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%u", rows[i].passes);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f%s%s", rows[i].milliseconds, rows[i].timedReRun ? "" : " (live)", rows[i].verified ? "" : " (unverified)");
    }
    ImGui::EndTable();
  }
  if (work.empty()) return;
  for (const RankRow& row : rows) {
    const LaneWork* counted = workOf(row.algorithm);
    if (!counted) continue;
    const DepthAndWorkText cells = depthAndWorkText(*counted);
    ImGui::TextWrapped("%s: %u passes, work %s, widest %s", row.algorithm.c_str(), row.passes, cells.work.c_str(),
                       cells.widest.c_str());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("passes = depth, work = what the passes do in all, widest = most in one pass");
  ImGui::PopStyleColor();
}

void ViewerApp::drawKeysHelp() {
  if (!ImGui::CollapsingHeader("keys")) return;
  for (const KeyBinding& binding : keyBindings()) {
    ImGui::Text("%-7s", std::string(binding.scriptName).c_str());
    ImGui::SameLine(80.0f * uiScale_);
    ImGui::TextUnformatted(std::string(binding.help).c_str());
  }
  ImGui::TextWrapped("mouse: scroll zooms, drag pans, double-click fits; drop an image file to sort it");
}

}  // namespace shadersort::ui
