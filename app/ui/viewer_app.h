#pragma once
// The viewer: a window (or an offscreen framebuffer) that plays sorts pass by pass.
// [SECTION] configuration, [SECTION] the app: init (constructor) / frame / input / shutdown
// (destructor), state grouped by what uses it, in sokol's shape. cli/ calls this; ui/ never
// calls cli/.

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "art/animation.h"
#include "audio/chord_synth.h"
#include "audio/pass_sonifier.h"
#include "data/inputs.h"
#include "sort/registry.h"
#include "ui/art_panel.h"
#include "ui/art_source.h"
#include "ui/sort_lane.h"
#include "ui/radix_view.h"
#include "ui/values_box.h"
#include "ui/video_playback.h"
#include "ui/viewer_drawing.h"
#include "ui/viewer_host.h"
#include "ui/viewer_input.h"
#include "ui/viewer_keys.h"
#include "ui/viewer_playback.h"
#include "ui/viewer_recording.h"

namespace shadersort::ui {

// [SECTION] configuration
struct ViewerConfig {
  std::string algorithm = "frag-odd-even";
  InputSpec input;
  SorterOptions sorter;  // for the first algorithm (command-line --set, --teaching ...)
  bool teaching = true;  // the one-step-per-pass schedule where an algorithm has a faster one
  bool arrayMode = false;
  render::ArrayDrawing arrayDrawing = render::ArrayDrawing::Bars;  // array view: bars or dots (v)
  bool barNumbers = true;  // array view: keys over the bars, indices under them (render/bar_labels.h)
  // A slide (run --slides, view --slide): no panel; the pass's caption along the foot and the
  // network's current column at the right, the text scaled for the frame (slideUiScale).
  bool slideLayout = false;
  double tweenSeconds = kDefaultTweenSeconds;  // radix's scatter tween in teaching mode (ui/radix_view.h); 0: off
  std::optional<double> pinnedTween;           // draw every tween at this time, 0 to 1 (offscreen screenshots)
  bool startPlaying = true;
  double toneSeconds = audio::kDefaultToneSeconds;  // each pass's chord when the sound (m) is on
  audio::SoundMode soundMode = audio::SoundMode::Exchanges;  // what a pass sounds (c switches)
  int frames = 0;              // > 0: quit after this many frames; a frame is 1/30 s of playing (one pass at 30 passes/s)
  std::string screenshotPath;  // written after the last frame
  std::string exportPath;      // where w writes the finished art picture (.png, .jpg, .webp); empty: beside the input
  std::vector<ViewerKey> keys;  // pressed one per frame, from the first frame
  std::vector<MouseEvent> mouse;  // one per frame, from the first frame (a Wheel of 0 notches: none)
  std::optional<std::string> shaderDirectory;
  std::string recordPath;  // record the lanes from the first frame to the last as this GIF
  // A race: one lane per algorithm (2 to 4) on the same input, started together.
  std::vector<std::string> race;
  bool raceByTime = false;     // lanes advance by their measured GPU time, not one pass a tick
  double raceSeconds = 10.0;   // by time: how long the slowest lane takes to play
  // Open in pixel-sort art mode with these settings (one lane, no race, image view).
  std::optional<ArtConfig> art;
  // Play this clip (in a loop, at its frame rate) as the input, in art mode with `art` (without
  // it each frame sorted whole along the input's axis); no image, pattern or race with it.
  std::string videoPath;
  bool videoStrict = false;  // --strict: a damaged clip is refused before any window opens
  PlaybackClock videoClock;  // what the clip plays by unscripted (tests); empty: the steady clock
  // The clip's keyframed art settings (a preset's tracks): each frame takes them at its time.
  art::Animation animation;
  // The preset they came from, which the panel's run command names to carry them.
  std::string presetPath;
  // GPU memory each lane's step-back checkpoints may hold; less means longer replays.
  std::size_t checkpointBudgetBytes = SortLane::kDefaultCheckpointBudgetBytes;
  // At most this many passes a frame in real-time play and replays (0: as many as the frame's
  // time budget holds). Tests set it so that a replay spans frames on a fast GPU as on llvmpipe.
  std::uint32_t maxPassesPerFrame = 0;
  // Adds the tuning cache's settings for an algorithm (the caller owns that policy).
  std::function<SorterOptions(SortContext&, const AlgorithmInfo&, const SorterOptions&)> withTunedSettings;
};

// Frame statistics for `view --stats`.
struct ViewerStats {
  int frames = 0;
  double seconds = 0.0;
  std::string clock;                // "gpu" or "wall"
  double medianDisplayMilliseconds = 0.0;  // painting the lanes' pictures and the panels
  double medianSortMilliseconds = 0.0;     // the passes run in a frame (and an art change's pipeline), over frames that ran any
};

class ViewerApp {
 public:
  // Creates the ImGui context, then the host (window or offscreen) with `makeHost`, then the
  // first lane. Throws UserError / GpuError in one line when the input or GPU refuses.
  ViewerApp(ViewerConfig config, const std::function<std::unique_ptr<ViewerHost>()>& makeHost);
  ~ViewerApp();
  ViewerApp(const ViewerApp&) = delete;
  ViewerApp& operator=(const ViewerApp&) = delete;

  bool done() const;
  void frame();
  // Runs frames until done.
  void run();

  // The panel's values box: loads `text` (keys of `type`) as one sequence, or keeps the input and
  // shows why not (valuesBox().error); what the Load button does.
  void loadValues(const std::string& text, KeyType type);
  const ValuesBox& valuesBox() const { return valuesBox_; }

  // What tests and --stats look at.
  std::size_t laneCount() const { return lanes_.size(); }
  const SortLane& lane(std::size_t index) const { return *lanes_.at(index); }
  // Where lane `index`'s picture was drawn in the last frame, in framebuffer pixels.
  SortLane::Placement lanePlacement(std::size_t index) const;
  // How many lanes show a check mark (verified sorted).
  std::uint64_t verifiedLanes() const;
  const LaneView& view() const { return view_; }
  // The art mode's mask brush (its size and feather are the panel's sliders).
  Brush& brush() { return input_.brush; }
  const InputSpec& inputSpec() const { return inputs_.spec; }
  bool playing() const { return playback_.playing; }
  double passesPerSecond() const { return playback_.passesPerSecond; }
  // Playing slower than the speed asks, because a pass takes longer than a frame allows.
  bool heldToFrameBudget() const { return playback_.heldToFrameBudget; }
  const std::string& message() const { return message_; }
  // The art panel's `shadersort run` command, writing `outputPath` (empty outside art mode): a
  // clip's keyframes travel as the preset they came from.
  std::string artRunCommand(const std::string& outputPath) const;
  // While a step back replays passes over several frames: how far it has come, 0 to 1.
  std::optional<double> stepBackProgress() const;
  // Algorithms a race could not run on this input, with the reason (shown in their lanes).
  const std::vector<std::pair<std::string, std::string>>& refusals() const { return refusals_; }
  struct RankRow {
    std::string algorithm;
    std::uint32_t passes = 0;
    double milliseconds = 0.0;
    bool verified = false;
    // milliseconds is the timed re-run's; false: the live time (no re-run was made).
    bool timedReRun = true;
  };
  // How a reader tells the figures apart: "timed re-run" or "live" (the lane headers' figure).
  static const char* timingLabel(const RankRow& row) { return row.timedReRun ? "timed re-run" : "live"; }
  // Once every lane has finished: the lanes ranked by GPU time (empty before).
  std::vector<RankRow> ranking() const;
  bool racing() const { return laneAlgorithms_.size() > 1; }
  const std::string& shaderError() const { return shaderError_; }
  // Where the panel drew message() in the last frame (framebuffer pixels), if it drew one.
  using ScreenArea = ui::ScreenArea;
  const std::optional<ScreenArea>& messageArea() const { return drawing_.messageArea; }
  // What the teaching brackets showed in the last frame ("brackets: pass 1 (next)"), or empty.
  const std::string& overlayCaption() const { return drawing_.overlayCaption; }
  // What the numbers on the bars left out in the last frame ("keys: every 3rd"), or empty.
  const std::string& labelNote() const { return drawing_.labelNote; }
  bool teaching() const { return teaching_; }
  // The sound (m): on or off, and what it says in the panel.
  const audio::PassSonifier& sound() const { return *sound_; }
  ViewerStats stats() const;
  ViewerHost& host() { return *host_; }
  // Art mode's pixel-sort, or null when art mode is off.
  const ArtSource* art() const { return art_.get(); }
  // Art mode: a change shows its finished result at once (else its passes play).
  bool showsResultAfterChange() const { return artShowsResult_; }
  // `view --video`'s clip, or null.
  const VideoPlayback* video() const { return video_.get(); }
  // The clip's frame shown (its index from 0, its time in seconds).
  std::int64_t videoFrameIndex() const { return videoFrame_.index; }
  double videoFrameSeconds() const { return videoFrame_.seconds; }
  // Clip frames shown, and their rate (frames/s) over the last ones (up to kVideoRateWindow).
  std::int64_t videoFramesShown() const { return videoFramesShown_; }
  // Of those, the frames that reached the GPU as 4:2:0 planes (converted there, not on the CPU).
  std::int64_t videoFramesAsPlanes() const { return videoFramesAsPlanes_; }
  double videoShownRate() const;
  // What bounds the rate the clip plays at, in a line: the decoder, sorting and drawing, or the
  // clip's own rate (with each one's time a frame).
  std::string videoBound() const;
  // Why recordings or screenshots (s) could not be written, one line each, oldest first: the
  // command reports them and fails once the viewer has quit.
  const std::vector<std::string>& outputFailures() const { return recording_.outputFailures; }

 private:
  using Playback = PlaybackState;
  struct Inputs {
    InputSpec spec;
    std::shared_ptr<const ResolvedInput> resolved;
    std::optional<std::string> imageFile;  // the --image or dropped file, to choose again later
  };
  struct FrameClock {
    gl::FrameTimer display, sort;
    std::vector<double> displayMs, sortMs;
    std::set<std::uint64_t> framesWithPasses;  // sort work is counted over frames that ran passes
    std::chrono::steady_clock::time_point firstFrame;
  };

  // [SECTION] input (viewer_input.cpp): the key table's dispatch, drops, the lane area's mouse
  void handleKey(ViewerKey key);
  // The art keys, and the keys that mean something else in art mode; false for the rest.
  bool handleArtKey(ViewerKey key);
  void handleDrops(const std::vector<std::string>& paths);
  void handleMouse(ImVec2 rectMin, ImVec2 rectMax);
  // [SECTION] changes that can be refused: each shows its reason and keeps the last good state
  void chooseAlgorithm(const AlgorithmInfo& algorithm);
  void chooseRace(std::vector<const AlgorithmInfo*> algorithms);
  // New lanes for `chosen` on `input` (refused algorithms of a race become refusals); throws
  // when not one lane can be made, leaving the current lanes as they were.
  void replaceLanes(const std::vector<const AlgorithmInfo*>& chosen, std::shared_ptr<const ResolvedInput> input);
  void chooseInput(const InputSpec& spec);
  void setTeaching(bool teaching);
  void reloadShadersIfChanged();
  // [SECTION] art mode (viewer_art.cpp)
  void setArtMode(bool on);
  // New settings: sorted again from pass 0 (played, or finished at once); a refusal keeps the old.
  // Applies a change of the art settings (sorting again from pass 0); `remember` keeps the
  // settings before it for undo (z) and forgets what could be redone (y).
  // w: the finished picture at full resolution (config_.exportPath, else beside the input) and its preset.
  void exportArt();
  // The mask brush: a stroke segment between two picture points, then the picture re-sorted.
  void paintMaskStroke(ImVec2 from, ImVec2 to);
  void drawBrushControls();
  void changeArt(const ArtConfig& config, bool remember = true);
  void showArtChange();
  ArtConfig startingArtConfig() const;
  void drawArtControls();
  // Art mode: the settings as a preset next to a screenshot (X.png gives X.toml).
  void writeArtPreset(const std::string& screenshotPath);
  // [SECTION] video (viewer_video.cpp): a clip played through art mode, frame by frame
  // The play / pause and frame-step keys, and those that mean something else with a clip;
  // false for the rest.
  bool handleVideoKey(ViewerKey key);
  // Takes the frames owed (playing: by the clip's rate; paused: the steps asked for) from the
  // decoder, showing the last.
  void advanceVideo();
  void stepVideoFrame(int direction);
  // Uploads the frame into the art pipeline and sorts it again: to its end while playing or when
  // a change shows its result (e), else from pass 0 for the pass keys.
  void showVideoFrame(video::Frame frame);
  void drawVideoControls();
  // [SECTION] playback and race timing (viewer_playback.cpp; its decisions are free functions there)
  void advance();
  // Each lane's measured pass times, as viewer_playback's functions take them.
  std::vector<std::span<const double>> laneTimes() const;
  void stepRace(int direction);
  void seekAll(std::uint32_t target);
  std::uint32_t leadPass() const;
  std::uint32_t totalPasses() const;  // over the lanes: changes whenever any lane moves
  double effectivePassesPerSecond() const;
  // [SECTION] drawing (viewer_drawing.cpp: the lanes and overlays)
  void drawLanes();
  void drawLaneHeader(ImDrawList* list, std::size_t index, ImVec2 min, float width);
  // Teaching overlays: array mode on sequences of at most 64 elements.
  bool overlaysShown() const;
  void drawOverlays(ImDrawList* list, const SortLane& lane, const SortLane::Placement& bars);
  // [SECTION] the slide layout (viewer_slide.cpp): the caption and the network's current column
  float slideCaptionHeight() const;
  float slideNetworkWidth() const;  // 0 when the lane has no comparator network to show
  void drawSlideCaption(ImDrawList* list, ImVec2 min, ImVec2 max);
  void drawSlideNetwork(ImDrawList* list, ImVec2 min, ImVec2 max);
  // [SECTION] the panel (viewer_panel.cpp)
  void drawPanel();
  void drawMessages();
  void drawAlgorithmControls();
  void drawInputControls();
  void drawPlaybackControls();
  void drawLaneStatus(const SortLane& lane);
  void drawKeysHelp();
  void drawRaceControls();
  void drawRanking();
  void drawTeachingPanels(const SortLane& lane);
  // [SECTION] recording (viewer_recording.cpp): the lanes' part of each frame whose state changed, as GIF frames.
  // A recording runs until r stops it or the viewer quits, however it quits; each one ends
  // with its name printed, or with its failure in outputFailures().
  void startRecording(const std::string& path);
  void recordFrame();
  void stopRecording();
  void outputFailed(const std::string& why);
  void writeScreenshot(const std::string& path);
  // A free name "shadersort-ALGO-passN[-k].EXTENSION" next to the input image or in the working folder.
  std::string defaultOutputPath(const std::string& extension) const;

  SorterOptions optionsFor(const AlgorithmInfo& algorithm, const SorterOptions& explicitOptions) const;

  ViewerConfig config_;
  std::unique_ptr<ViewerHost> host_;
  // ImGui's OpenGL3 backend was initialised: its Shutdown asserts when Init never ran.
  bool openGl3BackendReady_ = false;
  std::unique_ptr<SortContext> sortContext_;  // of host_'s context, made with it
  Inputs inputs_;
  ValuesBox valuesBox_;
  std::vector<std::unique_ptr<SortLane>> lanes_;
  std::vector<const AlgorithmInfo*> laneAlgorithms_;  // asked for, refused ones included
  std::vector<std::pair<std::string, std::string>> refusals_;
  LaneView view_;
  std::unique_ptr<FrameClock> clock_;  // made once the host's GL context exists
  bool teaching_ = true;
  std::string message_;       // why the last change was refused, or what a screenshot wrote
  std::string shaderError_;   // the last shader rebuild's compile log, until one succeeds
  RadixView radixView_;       // radix's digit columns and scatter tween
  std::uint64_t shaderStamp_ = 0;
  std::chrono::steady_clock::time_point lastShaderCheck_;
  // The units' state (viewer_input.h, viewer_playback.h, viewer_drawing.h, viewer_recording.h).
  InputState input_;          // the lane area's mouse gestures
  Playback playback_;         // play / pause, speed, owed passes, a step's target
  RaceClock race_;            // a race's clock by GPU time
  DrawingState drawing_;      // what the last frame drew where
  RecordingState recording_;  // GIF recording, screenshots, and what failed to write
  int frame_ = 0;
  float uiScale_ = 1.0f;
  std::shared_ptr<ArtSource> art_;  // art mode's pixel-sort, shared with its lane
  ArtPanel artPanel_;
  bool artShowsResult_ = false;
  std::uint64_t artGeneration_ = 0;  // counts applied changes, so recordings see them
  // The art settings before each change (undo, z) and those undone (redo, y); cleared when art
  // mode is left or turned on.
  std::vector<ArtConfig> artUndo_, artRedo_;
  std::unique_ptr<VideoPlayback> video_;
  std::unique_ptr<audio::PassSonifier> sound_;  // m: the first lane's passes as chords
  struct VideoFrameShown {
    std::int64_t index = 0;
    double seconds = 0.0;
  } videoFrame_;
  std::int64_t videoFramesOwed_ = 0;  // to take from the decoder: a scripted frame's, or frame steps
  double videoOwedSeconds_ = 0.0;     // playing: clip time not yet shown
  std::optional<video::Frame> videoNext_;  // playing: the next frame, taken from the decoder, not yet due
  std::optional<std::int64_t> videoStepBackTo_;  // a step back asked for, its frame not shown yet
  std::chrono::steady_clock::time_point videoClock_ = std::chrono::steady_clock::now();
  // When the last clip frames were shown, for the rate the panel and --stats give.
  static constexpr std::size_t kVideoRateWindow = 120;
  std::deque<std::chrono::steady_clock::time_point> videoShownAt_;
  std::int64_t videoFramesShown_ = 0;
  std::int64_t videoFramesAsPlanes_ = 0;
};

}  // namespace shadersort::ui
