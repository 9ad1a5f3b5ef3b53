#include "ui/sort_lane.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "gl/gpu_timer.h"
#include "ui/work_panel.h"

namespace shadersort::ui {
namespace {

// Thin inputs (2 x 2000) would draw under a pixel wide: each side gets at least this much.
constexpr float kMinimumSidePixels = 48.0f;

// What a lane's sorter holds when art mode has nothing to sort, so that every call on it stays
// valid: one element, no pass the lane would show.
SortData placeholderState() { return singleSequence({0u}, {0u}); }

}  // namespace

std::unique_ptr<Sorter> SortLane::makeLoadedSorter(const SorterOptions& options, const ResolvedInput& input) const {
  if (!art_) requireSortable(*algorithm_, input.data.shape(), context_->limits());
  // Work counting is chosen when a sorter is made (its shaders are compiled for it).
  SorterOptions counted = options;
  counted.countWork = !art_ && countWorkInViewer(*algorithm_, options, input.data.size());
  std::unique_ptr<Sorter> sorter = algorithm_->create(*context_, counted);
  if (!art_) {
    sorter->load(input.data);
  } else {
    art_->pipeline().load(*sorter);
    if (art_->pipeline().packedNothing()) sorter->load(placeholderState());
  }
  return sorter;
}

SortLane::SortLane(SortContext& context, const AlgorithmInfo& algorithm, const SorterOptions& options,
                   std::shared_ptr<const ResolvedInput> input, std::shared_ptr<ArtSource> art,
                   std::size_t checkpointBudgetBytes)
    : context_(&context),
      algorithm_(&algorithm),
      options_(options),
      art_(std::move(art)),
      checkpointBudgetBytes_(checkpointBudgetBytes),
      painter_(context.shaders()),
      orderCheck_(context.shaders()) {
  sorter_ = makeLoadedSorter(options, *input);
  cursor_ = std::make_unique<PassCursor>(*sorter_, checkpointBudgetBytes_);
  input_ = std::move(input);
  measureKeyRange();
  afterStateChange();
}

void SortLane::load(std::shared_ptr<const ResolvedInput> input) {
  requireSortable(*algorithm_, input->data.shape(), context_->limits());
  art_.reset();
  if (countWorkInViewer(*algorithm_, options_, input->data.size()) != sorter_->canCountWork()) {
    sorter_ = makeLoadedSorter(options_, *input);  // counting on or off: other shaders
    cursor_ = std::make_unique<PassCursor>(*sorter_, checkpointBudgetBytes_);
  } else {
    sorter_->load(input->data);
    cursor_->reset();
  }
  input_ = std::move(input);
  measureKeyRange();
  afterStateChange();
}

void SortLane::rebuild(const SorterOptions& options) {
  std::unique_ptr<Sorter> fresh = makeLoadedSorter(options, *input_);
  // The trial sort compiles every kernel this input needs, so a broken shader is found now.
  fresh->runAll();
  fresh->restart();
  const std::uint32_t at = sorter_->passesRun();
  auto cursor = std::make_unique<PassCursor>(*fresh, checkpointBudgetBytes_);
  cursor->seek(at);
  sorter_ = std::move(fresh);
  cursor_ = std::move(cursor);
  options_ = options;
  afterStateChange();
}

void SortLane::reloadArt() {
  // The same sorter takes the new packing (its kernels stay compiled while a slider moves); the
  // pass count and the checkpoints' interval follow the packing's shape.
  art_->pipeline().load(*sorter_);
  if (art_->pipeline().packedNothing()) sorter_->load(placeholderState());
  cursor_->reset();
  afterStateChange();
}

void SortLane::hold() {
  if (!held_) held_ = Held{shownPass(), finished(), outcome()};
}

void SortLane::afterStateChange() {
  held_.reset();
  timer_.discard();
  orderCheck_.cancel();
  // The GPU order check knows plain sequences; an art packing is checked by its tests instead.
  if (!art_) orderCheck_.expect(render::expectedFingerprint(input_->data));
  measuredPassMs_.clear();
  verifiedAfter_.reset();
  verificationFailed_ = false;
  checkedPass_.reset();
  smallStates_.clear();
  digitCounters_.reset();
  network_.reset();
  recordCurrentState();
  passMilliseconds_.assign(sorter_->passCount(), std::numeric_limits<float>::quiet_NaN());
  repaint_ = true;
}

void SortLane::measureKeyRange() {
  // Once per input, not per change: an art setting dragged over a 4K picture must not scan its
  // 8 M keys on the CPU every frame.
  const auto& keys = input_->data.keys;
  const auto [min, max] = std::minmax_element(keys.begin(), keys.end());
  barScale_ = keys.empty() ? render::BarScale{}
                           : render::barScale(input_->keyType, *min, *max, options_.descendingKeys);
}

void SortLane::recordSmallStates(std::optional<std::uint32_t> sequence) {
  if (sequence != recordedSequence_) smallStates_.clear();
  recordedSequence_ = sequence;
  recordCurrentState();
}

void SortLane::recordCurrentState() {
  if (art_ || !recordedSequence_ || smallStates_.count(sorter_->passesRun())) return;
  const SortShape shape = input_->data.shape();
  if (*recordedSequence_ >= shape.sequenceCount) return;
  const SortData state = sorter_->read();
  const auto first = state.keys.begin() + static_cast<std::ptrdiff_t>(std::size_t{*recordedSequence_} * shape.sequenceLength);
  smallStates_[sorter_->passesRun()] = std::vector<std::uint32_t>(first, first + shape.sequenceLength);
}

const std::vector<std::uint32_t>* SortLane::keysAfter(std::uint32_t pass) const {
  const auto found = smallStates_.find(pass);
  return found == smallStates_.end() ? nullptr : &found->second;
}

const std::vector<std::uint32_t>* SortLane::digitCounters(std::size_t limitKeys) const {
  if (!digitCounters_ || digitCounters_->first != sorter_->passesRun())
    digitCounters_.emplace(sorter_->passesRun(), sorter_->digitCounters(limitKeys));
  return digitCounters_->second ? &*digitCounters_->second : nullptr;
}

const std::vector<std::vector<Comparator>>& SortLane::network(std::size_t limit) const {
  if (!network_) {
    network_.emplace();
    // Only a schedule whose every pass is one compare-exchange step draws as a network; a pass
    // may still have no pair (the odd round of two elements).
    // An art packing's rows are not the input's sequences: no network for them.
    const bool oneStepPerPass = !art_ && (options_.teaching || !algorithm_->hasTeachingSchedule);
    bool anyComparator = false;
    for (std::uint32_t pass = 0; oneStepPerPass && pass < sorter_->passCount(); ++pass) {
      network_->push_back(sorter_->comparators(pass, limit));
      anyComparator |= !network_->back().empty();
    }
    if (!anyComparator) network_->clear();
  }
  return *network_;
}

std::uint32_t SortLane::seek(std::uint32_t target, std::uint32_t maxPasses) {
  if (nothingToSort()) return 0;
  target = std::min(target, sorter_->passCount());
  if (target < sorter_->passesRun()) {
    timer_.discard();
    const std::uint32_t ran = cursor_->seek(target, maxPasses);
    recordCurrentState();
    return ran;
  }
  std::uint32_t ran = 0;
  // One pass at a time, each in its own timer interval.
  while (sorter_->passesRun() < target && !sorter_->finished() && ran < maxPasses) {
    timer_.begin(sorter_->passesRun());
    ran += cursor_->seek(sorter_->passesRun() + 1, 1);
    timer_.end();
    recordCurrentState();
  }
  return ran;
}

const std::vector<double>& SortLane::measurePassTimes() {
  if (!measuredPassMs_.empty() || sorter_->passCount() == 0) return measuredPassMs_;
  const std::uint32_t at = sorter_->passesRun();
  // A first whole sort compiles the kernels each pass needs (sorters build them on first use),
  // so no pass's time holds a shader compile.
  sorter_->restart();
  sorter_->runAll();
  sorter_->restart();
  while (!sorter_->finished()) measuredPassMs_.push_back(gl::timeGpuWork([&] { sorter_->runPass(); }).milliseconds);
  cursor_->reset();
  sorter_->restart();
  cursor_->seek(at);
  return measuredPassMs_;
}

void SortLane::checkIfFinished() {
  while (const auto result = orderCheck_.poll()) {
    if (result->pass != sorter_->passesRun()) continue;  // a state since stepped away from
    verificationFailed_ = !(result->ordered && result->conserved);
    if (!verificationFailed_) verifiedAfter_ = result->pass;
  }
  if (art_ || !sorter_->finished() || checkedPass_ == sorter_->passesRun()) return;
  if (orderCheck_.start(sorter_->gpuState(), input_->data.shape(), sorter_->passesRun()))
    checkedPass_ = sorter_->passesRun();
}

SortLane::Outcome SortLane::outcome() const {
  if (held_) return held_->outcome;
  if (!finished()) return Outcome::Unfinished;
  if (verifiedAfter_ == pass()) return Outcome::Sorted;
  if (verificationFailed_) return Outcome::NotSorted;
  // An art packing has no GPU check (its tests check it); a plain sort's answer comes frames later.
  return art_ ? Outcome::Unchecked : Outcome::Checking;
}

void SortLane::collectResults() {
  for (const auto& result : timer_.collect())
    if (result.tag < passMilliseconds_.size()) passMilliseconds_[result.tag] = static_cast<float>(result.milliseconds);
}

double SortLane::typicalPassMilliseconds() const {
  std::vector<float> known;
  for (float ms : passMilliseconds_)
    if (!std::isnan(ms)) known.push_back(ms);
  if (known.empty()) return 0.0;
  std::nth_element(known.begin(), known.begin() + static_cast<std::ptrdiff_t>(known.size() / 2), known.end());
  return known[known.size() / 2];
}

double SortLane::totalMilliseconds() const {
  double total = 0.0;
  for (std::uint32_t pass = 0; pass < shownPass() && pass < passMilliseconds_.size(); ++pass)
    if (!std::isnan(passMilliseconds_[pass])) total += passMilliseconds_[pass];
  return total;
}

void SortLane::updatePicture(const LaneView& view) {
  const bool viewChanged = view.arrayMode != paintedView_.arrayMode ||
                           (view.arrayMode && (view.arraySequence != paintedView_.arraySequence ||
                                               view.arrayDrawing != paintedView_.arrayDrawing)) ||
                           (art_ && view.spanOverlay != paintedView_.spanOverlay) || view.gpuView != paintedView_.gpuView ||
                           (art_ && (view.split >= 0) != (paintedView_.split >= 0));
  // Held: the picture of the pass being left stays (its state is gone until the replay ends).
  if (held_ || (!repaint_ && !viewChanged && paintedPass_ == sorter_->passesRun())) return;
  if (art_) {
    paintArt(view);
    return;
  }
  // bitonic-classic draws its padded state, padding included (ui/bitonic_marks.h greys it).
  SortShape shape = input_->data.shape();
  GpuStateView state = sorter_->gpuState();
  if (auto padded = sorter_->paddedState()) {
    shape.sequenceLength = padded->length;
    state = padded->state;
  }
  render::DisplayLayout layout = render::ImageLayout{.axis = input_->axis};
  if (view.arrayMode) {
    layout = render::ArrayLayout{.sequence = std::min(view.arraySequence, shape.sequenceCount ? shape.sequenceCount - 1 : 0),
                                 .minKey = barScale_.minKey,
                                 .maxKey = barScale_.maxKey,
                                 .descending = options_.descendingKeys,
                                 .height = 256,
                                 .drawing = view.arrayDrawing};
  }
  painter_.paint(state, shape, layout, picture_);
  if (const auto workgroupLayout = view.gpuView ? workgroups() : std::nullopt) {
    if (!workgroupPainter_) workgroupPainter_ = std::make_unique<render::WorkgroupPainter>(context_->shaders());
    workgroupPainter_->recolour(*workgroupLayout, shape, layout, picture_);
  }
  paintedPass_ = sorter_->passesRun();
  paintedView_ = view;
  repaint_ = false;
}

void SortLane::paintArt(const LaneView& view) {
  art::ArtPipeline& pipeline = art_->pipeline();
  if (view.split >= 0) {
    // The split view's left side: the input (the current frame of a clip), painted on the GPU.
    pipeline.paintInput();
    inputPicture_.resize(pipeline.width(), pipeline.height());
    glCopyImageSubData(pipeline.resultTexture(), GL_TEXTURE_2D, 0, 0, 0, 0, inputPicture_.id(), GL_TEXTURE_2D, 0, 0, 0,
                       0, pipeline.width(), pipeline.height(), 1);
    inputPicture_.generateMipmaps();
  }
  if (view.spanOverlay)
    pipeline.paintSpanOverlay();
  else
    pipeline.paint(*sorter_);
  // A GPU copy into the display texture, whose mipmaps keep a large picture shown small free of
  // aliasing and whose enlargement keeps pixels as crisp blocks.
  picture_.resize(pipeline.width(), pipeline.height());
  glCopyImageSubData(pipeline.resultTexture(), GL_TEXTURE_2D, 0, 0, 0, 0, picture_.id(), GL_TEXTURE_2D, 0, 0, 0, 0,
                     pipeline.width(), pipeline.height(), 1);
  picture_.generateMipmaps();
  paintedPass_ = sorter_->passesRun();
  paintedView_ = view;
  repaint_ = false;
}

SortLane::Placement SortLane::place(ImVec2 rectMin, ImVec2 rectMax, const LaneView& view) const {
  const float availableWidth = std::max(1.0f, rectMax.x - rectMin.x);
  const float availableHeight = std::max(1.0f, rectMax.y - rectMin.y);
  const float pictureWidth = static_cast<float>(std::max(1, picture_.width()));
  const float pictureHeight = static_cast<float>(std::max(1, picture_.height()));
  ImVec2 size;
  if (view.arrayMode) {
    // Bars fill the lane: their heights are a chart, not pixels of a picture.
    size = ImVec2(availableWidth, availableHeight);
  } else {
    float scale = std::min(availableWidth / pictureWidth, availableHeight / pictureHeight);
    // Enlarged pictures use whole multiples, so every element is a block of equal size.
    if (scale >= 1.0f) scale = std::floor(scale);
    size = ImVec2(pictureWidth * scale, pictureHeight * scale);
    size.x = std::max(size.x, std::min(kMinimumSidePixels, availableWidth));
    size.y = std::max(size.y, std::min(kMinimumSidePixels, availableHeight));
  }
  size = ImVec2(size.x * view.zoom, size.y * view.zoom);
  const ImVec2 centre((rectMin.x + rectMax.x) / 2, (rectMin.y + rectMax.y) / 2);
  const ImVec2 min(std::round(centre.x - view.centre.x * size.x), std::round(centre.y - view.centre.y * size.y));
  return {min, ImVec2(min.x + size.x, min.y + size.y)};
}

void SortLane::draw(ImDrawList* list, ImVec2 rectMin, ImVec2 rectMax, const LaneView& view) const {
  const Placement placement = place(rectMin, rectMax, view);
  list->PushClipRect(rectMin, rectMax, true);
  const auto texture = [](const render::DisplayTexture& picture) {
    return reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(picture.id()));
  };
  if (art_ && view.split >= 0 && !view.arrayMode) {
    // Before / after: the input left of the divider, the result right of it, one picture's
    // coordinates across both, and the divider as a line.
    const float split = std::clamp(view.split, 0.0f, 1.0f);
    const float x = placement.min.x + split * (placement.max.x - placement.min.x);
    list->AddImage(texture(inputPicture_), placement.min, ImVec2(x, placement.max.y), ImVec2(0, 0), ImVec2(split, 1));
    list->AddImage(texture(picture_), ImVec2(x, placement.min.y), placement.max, ImVec2(split, 0), ImVec2(1, 1));
    list->AddLine(ImVec2(x, placement.min.y), ImVec2(x, placement.max.y), IM_COL32(255, 255, 255, 220), 2.0f);
  } else {
    list->AddImage(texture(picture_), placement.min, placement.max);
  }
  if (view.gpuView && view.arrayMode && !art_) drawUnitBoundaries(list, placement, view);
  list->PopClipRect();
}

// [SECTION] GPU view

std::optional<WorkgroupLayout> SortLane::workgroups() const {
  if (nothingToSort() || passCount() == 0) return std::nullopt;
  return sorter_->workgroupLayout(workgroupPass());
}

void SortLane::drawUnitBoundaries(ImDrawList* list, const Placement& bars, const LaneView& view) const {
  const std::uint32_t length = input_->data.sequenceLength;
  // Past a few hundred bars the lines would cover the bars.
  if (length == 0 || length > render::kMaxBoundaryBars) return;
  const auto layout = workgroups();
  if (!layout) return;
  const float barWidth = (bars.max.x - bars.min.x) / static_cast<float>(length);
  for (std::uint32_t start : render::workgroupStarts(*layout, view.arraySequence, length)) {
    // Whole pixels, so the line is the same opaque colour on every rasteriser.
    const float x = std::floor(bars.min.x + static_cast<float>(start) * barWidth);
    list->AddRectFilled(ImVec2(x - 1.0f, bars.min.y), ImVec2(x + 1.0f, bars.max.y), render::kUnitBoundaryColour);
  }
}

}  // namespace shadersort::ui
