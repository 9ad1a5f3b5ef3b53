#pragma once
// One lane of the viewer: a Sorter on the viewer's input, the picture of its state (made on the
// GPU, no read-back), where playback stands, and what each pass cost. A lane draws itself into
// a rectangle, so the viewer can hold several side by side.

#include <imgui.h>

#include <chrono>
#include <map>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "data/inputs.h"
#include "gl/frame_timer.h"
#include "sort/pass_cursor.h"
#include "sort/registry.h"
#include "render/bar_scale.h"
#include "render/display_layout.h"
#include "render/display_texture.h"
#include "render/gpu_order_check.h"
#include "render/state_painter.h"
#include "render/workgroup_view.h"
#include "ui/art_source.h"

namespace shadersort::ui {

// How a lane's picture is shown: which view, and the zoom and pan of the camera.
struct LaneView {
  bool arrayMode = false;
  std::uint32_t arraySequence = 0;  // array mode: which sequence
  render::ArrayDrawing arrayDrawing = render::ArrayDrawing::Bars;  // array mode: bars or dots (v)
  float zoom = 1.0f;                // 1 = fit
  ImVec2 centre{0.5f, 0.5f};        // the picture point (0..1) at the rectangle's centre
  bool spanOverlay = false;         // art mode: the spans instead of the sorted picture
  bool gpuView = false;             // coloured by workgroup (render/workgroup_view.h)
  // Art mode: before / after, split at this fraction of the picture's width (the input left of
  // it, the result right); negative: off.
  float split = -1.0f;
};

class SortLane {
 public:
  // Makes the sorter and loads `input`; throws UserError (input refused) or GpuError. With `art`
  // (art mode) the sorter sorts the art pipeline's packing of the input's picture instead, and
  // the picture is the pipeline's result.
  // `context` (the viewer's) outlives the lane.
  // `checkpointBudgetBytes`: GPU memory the step-back checkpoints may hold (PassCursor).
  SortLane(SortContext& context, const AlgorithmInfo& algorithm, const SorterOptions& options,
           std::shared_ptr<const ResolvedInput> input, std::shared_ptr<ArtSource> art = nullptr,
           std::size_t checkpointBudgetBytes = kDefaultCheckpointBudgetBytes);
  static constexpr std::size_t kDefaultCheckpointBudgetBytes = PassCursor::kDefaultBudgetBytes;

  const AlgorithmInfo& algorithm() const { return *algorithm_; }
  const SorterOptions& options() const { return options_; }
  const Sorter& sorter() const { return *sorter_; }
  // The input the sorter loaded (in art mode the sorter sorts the pipeline's packing of it).
  const ResolvedInput& input() const { return *input_; }
  // Array view's bar scale over the input's keys, and the line that states it.
  const render::BarScale& barScale() const { return barScale_; }

  // Replaces the input (same algorithm), back to pass 0; throws and keeps the old on refusal.
  void load(std::shared_ptr<const ResolvedInput> input);
  // A new sorter of the same algorithm with other options (schedule, rebuilt shaders), moved to
  // the pass this one is at. Every kernel the sort needs is compiled first by a trial sort, so a
  // shader error throws here and the lane keeps its working sorter.
  void rebuild(const SorterOptions& options);

  // Art mode, after the source's settings changed: the new packing, back to pass 0. Throws when
  // the sorter cannot take the packing, before loading it.
  void reloadArt();
  bool artMode() const { return art_ != nullptr; }
  // Art mode with no span of two pixels or more: no pass to run, the picture is the input.
  bool nothingToSort() const { return art_ && art_->pipeline().empty(); }

  std::uint32_t pass() const { return nothingToSort() ? 0 : sorter_->passesRun(); }
  // The pass the labels and the picture show: while held, the pass being left.
  std::uint32_t shownPass() const { return held_ ? held_->pass : pass(); }
  bool shownFinished() const { return held_ ? held_->finished : finished(); }
  // A step back's replay: the picture and the labels keep the pass shown now (not the passes
  // replayed) until release(). A load, a rebuild or a new packing releases it too.
  void hold();
  void release() { held_.reset(); }
  std::uint32_t passCount() const { return nothingToSort() ? 0 : sorter_->passCount(); }
  bool finished() const { return nothingToSort() || sorter_->finished(); }

  // Runs passes toward `target` (clamped to the sort), at most `maxPasses` this call; exact when
  // going back. Returns the passes run.
  std::uint32_t seek(std::uint32_t target, std::uint32_t maxPasses = UINT32_MAX);

  // Collects what the GPU has finished: pass times, swap counts.
  void collectResults();
  // Milliseconds of GPU (or, labelled, wall) time per pass so far, NaN where not yet known.
  const std::vector<float>& passMilliseconds() const { return passMilliseconds_; }
  const std::string& clock() const { return timer_.clock(); }
  // Median over the passes timed so far (0 when none): the playback budget's estimate.
  double typicalPassMilliseconds() const;
  double totalMilliseconds() const;

  // Times every pass of a whole sort, each on its own (waits for the GPU after each: call it
  // before playback, e.g. when a race by time starts), then returns to the pass it was at.
  const std::vector<double>& measurePassTimes();
  const std::vector<double>& measuredPassTimes() const { return measuredPassMs_; }

  // Starts a GPU check of a finished state (ordered, the input's elements: no read-back) once
  // per state, and collects its answer frames later; the pass count at which it passed, if it did.
  void checkIfFinished();
  std::optional<std::uint32_t> verifiedSortedAfter() const { return verifiedAfter_; }
  bool verificationFailed() const { return verificationFailed_; }
  // What may be said of the state shown: "sorted" only when the GPU check of this very state passed.
  enum class Outcome { Unfinished, Sorted, NotSorted, Unchecked, Checking };
  Outcome outcome() const;

  // Teaching overlays (array mode on sequences of at most 64 elements) need the viewed sequence's
  // keys after each pass: while `sequence` is set they are read back (a few hundred bytes) as
  // the lane reaches each pass. The one read-back of playback, and only for such small arrays.
  void recordSmallStates(std::optional<std::uint32_t> sequence);
  const std::vector<std::uint32_t>* keysAfter(std::uint32_t pass) const;
  // The sorter's digit counters (Sorter::digitCounters) after the current pass, read back once
  // per pass shown, not once per frame; null when the sorter has none for this input.
  const std::vector<std::uint32_t>* digitCounters(std::size_t limitKeys) const;
  // Every pass's comparators, for the network panel: empty unless every pass of the schedule is
  // one compare-exchange step (with at most `limit` pairs); computed once per input.
  const std::vector<std::vector<Comparator>>& network(std::size_t limit) const;

  // Makes the picture of the current state if the state or the view changed since the last one.
  void updatePicture(const LaneView& view);
  const render::DisplayTexture& picture() const { return picture_; }
  // The pass whose state the picture holds (none before the first paint).
  std::optional<std::uint32_t> paintedPass() const { return paintedPass_; }
  // GPU view: the pass whose workgroups are shown (the last run, or the next before any has) and
  // their layout (nothing for a sorter without workgroups).
  std::uint32_t workgroupPass() const { return pass() > 0 ? pass() - 1 : 0; }
  std::optional<WorkgroupLayout> workgroups() const;

  // Where the picture is drawn inside `rectMin`..`rectMax` for `view` (screen pixels).
  struct Placement {
    ImVec2 min, max;
  };
  Placement place(ImVec2 rectMin, ImVec2 rectMax, const LaneView& view) const;
  void draw(ImDrawList* list, ImVec2 rectMin, ImVec2 rectMax, const LaneView& view) const;

 private:
  void afterStateChange();
  std::unique_ptr<Sorter> makeLoadedSorter(const SorterOptions& options, const ResolvedInput& input) const;
  void paintArt(const LaneView& view);
  // GPU view in array mode: a line where each workgroup's elements start.
  void drawUnitBoundaries(ImDrawList* list, const Placement& bars, const LaneView& view) const;

  SortContext* context_;
  const AlgorithmInfo* algorithm_;
  SorterOptions options_;
  std::shared_ptr<const ResolvedInput> input_;
  std::shared_ptr<ArtSource> art_;
  std::unique_ptr<Sorter> sorter_;
  std::unique_ptr<PassCursor> cursor_;
  std::size_t checkpointBudgetBytes_;
  render::BarScale barScale_;  // over the input, for array mode's bar heights
  void measureKeyRange();

  render::StatePainter painter_;
  mutable std::unique_ptr<render::WorkgroupPainter> workgroupPainter_;  // made on the GPU view's first use
  render::DisplayTexture picture_;
  render::DisplayTexture inputPicture_;  // art mode, split view: the input, the left of the divider
  std::optional<std::uint32_t> paintedPass_;
  struct Held {
    std::uint32_t pass;
    bool finished;
    Outcome outcome;
  };
  std::optional<Held> held_;
  LaneView paintedView_;
  bool repaint_ = true;

  gl::FrameTimer timer_;
  std::vector<float> passMilliseconds_;
  std::vector<double> measuredPassMs_;
  std::optional<std::uint32_t> verifiedAfter_;
  bool verificationFailed_ = false;
  std::optional<std::uint32_t> checkedPass_;
  std::optional<std::uint32_t> recordedSequence_;
  std::map<std::uint32_t, std::vector<std::uint32_t>> smallStates_;  // by pass
  // The last digitCounters() read: the pass it belongs to, and what it gave.
  mutable std::optional<std::pair<std::uint32_t, std::optional<std::vector<std::uint32_t>>>> digitCounters_;
  mutable std::optional<std::vector<std::vector<Comparator>>> network_;
  void recordCurrentState();
  render::GpuOrderCheck orderCheck_;
};

}  // namespace shadersort::ui
