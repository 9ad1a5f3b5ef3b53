#pragma once
// The work panel (issue 26): what the instrumented teaching shaders counted, per pass and in
// total, beside the textbook's figure, a plot of the counts per pass with its scale, and the
// depth / work table of the lanes (passes, total comparisons, the widest pass). Free functions
// over plain data (LaneWork), like teaching_panels.h: no GL; collectLaneWork() is the one call
// that asks a Sorter (its small, cached count read-backs).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sort/registry.h"
#include "sort/sorter.h"
#include "sort/work_counts.h"
#include "sort/work_model.h"

namespace shadersort::ui {

// The viewer counts work on lanes that draw one step per pass (the teaching schedule, or an
// algorithm with only one) for inputs of at most this many elements (a 128x128 picture): the
// atomics and the read-back after each pass cost little there. run and bench never count.
inline constexpr std::uint64_t kMaxCountedElements = 16384;
bool countWorkInViewer(const AlgorithmInfo& algorithm, const SorterOptions& options, std::uint64_t elementCount);

struct LaneWork {
  std::string algorithm;
  std::uint32_t sequenceLength = 0, sequenceCount = 0;
  std::uint32_t passCount = 0;  // what a full sort takes at most
  std::uint32_t passesRun = 0;
  bool finished = false;
  std::vector<WorkCounts> perPass;   // of the passes run, as counted on the GPU
  std::vector<WorkCounts> expected;  // the CPU model's, all passCount passes (empty: none)
  std::uint32_t digitPasses = 0;     // radix: the passes a full sort runs
  bool hasFastSchedule = true;       // counting ran the teaching schedule instead of a fused one
};

// The one line that says what was counted: the instrumented teaching schedule, one basic step
// per pass, not the fused fast schedule (whose passes do several steps and count nothing).
std::string countedScheduleNote(const LaneWork& work);

// What a lane counted so far; nullopt when its sorter does not count (counting off).
std::optional<LaneWork> collectLaneWork(const Sorter& sorter, const AlgorithmInfo& algorithm, const SortData& input);

// The depth and work of a parallel sort: passes, total comparisons, and the most comparisons one
// pass makes at once.
struct DepthAndWork {
  std::uint32_t depth = 0;
  std::uint64_t work = 0;
  std::uint64_t widestPass = 0;
};
DepthAndWork depthAndWork(const std::vector<WorkCounts>& perPass);

// The depth / work table's cells for a lane in its own terms, each with its unit: a comparison
// sort's passes and comparisons; radix, which compares nothing, in digit passes, histogram
// increments plus scatter writes (a key's count into its digit's bucket, and its move to its
// bucket slot: words, keys and values), its widest pass in scatter writes.
struct DepthAndWorkText {
  std::string depth;   // "6 passes", "2 digit passes"
  std::string work;    // "15 comparisons", "26 histogram increments + 26 scatter writes"
  std::string widest;  // "7 comparisons", "13 scatter writes"
};
DepthAndWorkText depthAndWorkText(const LaneWork& work);
// Radix only (else empty): one line on why its shared-memory traffic dwarfs the keys, with the
// last pass's counts: the Blelloch scans walk every slot of a block, however few keys it holds.
std::string sharedTrafficNote(const LaneWork& work);

WorkCounts total(const std::vector<WorkCounts>& perPass);
// The fields any pass has counted (others are not shown), in WorkField order.
std::vector<WorkField> fieldsCounted(const std::vector<WorkCounts>& perPass);

// The y range a plot of `values` uses: from 0 (or below the least) to above the largest, never
// empty, so one pass or equal passes draw a bar of visible height, not an empty or solid box.
struct PlotRange {
  float low = 0.0f, high = 1.0f;
};
PlotRange plotRange(const std::vector<float>& values);

// One line for `view --stats`: "work (teaching schedule, one step per pass): 64 passes, 2016
// comparisons (widest pass 32), ...; textbook n(n-1)/2 = 2016".
std::string workStatsLine(const LaneWork& work);

// The panel for one lane: counts of the pass `pass` (0-based, the last one run), totals so far
// and for the whole sort, the textbook figure, and the per-pass plot of `plotted`.
void drawWorkPanel(const LaneWork& work, std::uint32_t pass, float uiScale);
// One row per lane: algorithm, depth, work and widest pass in the lane's own terms
// (depthAndWorkText), and radix's shared traffic note.
void drawDepthWorkTable(const std::vector<LaneWork>& lanes);

}  // namespace shadersort::ui
