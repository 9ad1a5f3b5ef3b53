#pragma once
// The one abstraction that matters. A Sorter owns its GPU resources, takes an input, says how
// many passes sorting it takes and what each pass does, and runs the passes one at a time or all
// at once. The viewer, the headless commands, the benchmark and the tests all drive sorters
// through this interface only. Sorters share nothing, so several can race on one input, and
// restart() rewinds to the loaded input without re-uploading it.

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sort/engine.h"
#include "sort/sort_data.h"
#include "sort/sort_target.h"
#include "sort/work_counts.h"

namespace shadersort {

// Where a sorter's current state lives on the GPU, so it can be drawn and checked there without
// a read-back. Buffers: std430 arrays of uint, sequence after sequence (values 0 when the shape
// has none). Texture: RG32UI, x = position, y = sequence, texel = (key, value).
struct GpuStateView {
  enum class Storage { Buffers, Texture };
  Storage storage = Storage::Buffers;
  GLuint keys = 0, values = 0;
  GLuint texture = 0;
};

// A compare-exchange between two positions of every sequence: after it, `low` holds the smaller
// key (the sorters sort ascending; descending inputs arrive with inverted keys).
struct Comparator {
  std::uint32_t low = 0, high = 0;
};

// The digit a radix pass buckets by: bits [shift, shift + bits) of each key.
struct DigitPlace {
  std::uint32_t shift = 0, bits = 0;
};

// Which workgroup handled which element in one dispatch of a pass (the one that moves the keys),
// as plain data for the viewer's GPU view. Element `position` of sequence `sequence` belongs to
//   x = sequence * sequenceStride + (position - firstPosition), skipped when position <
//       firstPosition or position - firstPosition >= positionsPerSequence (in no unit);
//   when mirrorWidth > 0 and x has the bit mirrorWidth / 2: x xor (mirrorWidth - 1) (the partner
//   of bitonic's mirror step, which is handled with its lower element);
//   x with the bits [skippedBit, skippedBit + skippedBitCount) taken out (bitonic's strided steps);
//   unit = x / unitLength (a pair, a tile, a partition), workgroup = unit / unitsPerWorkgroup,
//   then modulo workgroupCycle where fewer workgroups than units loop over them (0: none).
struct WorkgroupLayout {
  std::string dispatch;                // which step of the pass, e.g. "round", "tile sort", "downsweep"
  std::string unitName = "tile";       // what a unit is: "pair", "tile", "partition", "sequence"
  std::uint32_t workgroupSize = 0;     // invocations per workgroup
  std::uint64_t workgroupCount = 0;    // workgroups that hold at least one element
  std::uint32_t sequenceStride = 0;
  std::uint32_t firstPosition = 0;
  std::uint32_t positionsPerSequence = 0;
  std::uint32_t mirrorWidth = 0;
  std::uint32_t skippedBit = 0, skippedBitCount = 0;
  std::uint32_t unitLength = 1;
  std::uint32_t unitsPerWorkgroup = 1;
  std::uint32_t workgroupCycle = 0;
  // Units are taken by workgroups in arrival order (radix's chained scan: partition tickets), so
  // the colour says the unit (partition), not which workgroup id ran it.
  bool unitsTakenInArrivalOrder = false;
  std::string note;  // one line for the panel (e.g. why the tiles overlap)
};

// A copy of a sorter's state made on the GPU, to come back to exactly (see Sorter::checkpoint).
// It belongs to the sorter and the load() it was taken from (`loadId`, unique in the process).
class Checkpoint {
 public:
  virtual ~Checkpoint() = default;
  std::uint32_t passesRun = 0;
  std::uint64_t loadId = 0;
};

// The teaching stepper: what only the viewer, slides, recordings and counters need (the input
// copy, restart, passes one at a time, checkpoints, descriptions, comparators, work counts).
// Production paths sort through engine() where a stepper has one (sort/engine.h).
class Sorter {
 public:
  virtual ~Sorter() = default;

  // The registry row's name ("radix"): what the art pipeline and the panels look up facts by.
  virtual std::string_view algorithmName() const = 0;
  // The engine this stepper runs, when it can sort a target in place (production paths use it),
  // else nullptr: then load(), runAll() and gpuState() are the way to a sorted copy.
  virtual SortEngine* engine() { return nullptr; }

  // Takes the input from where it lies on the GPU (a copy made there; the target's buffers may
  // change afterwards), replacing any earlier one, and rewinds to pass 0. The input's shape must
  // have passed the registry's limit check for this GPU.
  virtual void load(const SortTarget& input) = 0;
  // The same for CPU data, through UploadedSortData (sort_target.cpp). Subclasses say
  // `using Sorter::load;` so that both stay callable.
  void load(const SortData& input);
  // Back to the loaded input, pass 0.
  virtual void restart() = 0;

  // Passes a full sort of the loaded input takes in the worst case.
  virtual std::uint32_t passCount() const = 0;
  virtual std::uint32_t passesRun() const = 0;
  // True once the state is sorted: after passCount() passes, or sooner when the sorter can tell.
  virtual bool finished() const { return passesRun() >= passCount(); }
  // What pass `pass` does, in words, for the loaded input.
  virtual std::string describePass(std::uint32_t pass) const = 0;

  // Runs pass passesRun(); does nothing once finished().
  virtual void runPass() = 0;
  // Runs every remaining pass; sorters with a faster whole-sort schedule override this.
  virtual void runAll() {
    while (!finished()) runPass();
  }

  // The current state, read back from the GPU.
  virtual SortData read() const = 0;

  // Diagnostics: a sorter whose passes are several GPU steps (dispatches) calls the observer after
  // each one, once its memory barrier is issued, with the step's short name (e.g. "downsweep")
  // and the bytes it must at least read and write in GPU memory (what a perfect kernel moves);
  // `bench --steps` puts a GPU timestamp there and gives each step's bandwidth. Sorters that
  // report no steps ignore it.
  using StepObserver = std::function<void(std::string_view step, std::uint64_t bytes)>;
  virtual void observeSteps(StepObserver observer) { (void)observer; }

  // [SECTION] for the viewer: drawing, stepping back, teaching overlays. None of these reads
  // the state back to the CPU.

  // The current state's GPU storage (valid until the next load(), restart() or pass).
  virtual GpuStateView gpuState() const = 0;

  // Copies the current state on the GPU; resume() makes it current again, so that passesRun(),
  // finished(), read() and later passes are what running passes up to there gives. A step back
  // then costs a copy and a few passes instead of a replay from pass 0. resume() throws
  // std::invalid_argument for a checkpoint of another sorter or of an earlier load().
  virtual std::unique_ptr<Checkpoint> checkpoint() const = 0;
  // checkpoint() into the storage of `spare`, an older checkpoint of this sorter that is no longer
  // wanted: false (spare untouched) when the sorter cannot reuse it. Saves a GPU allocation per
  // checkpoint when a setting dragged in the viewer reloads the same shape every frame.
  virtual bool refreshCheckpoint(Checkpoint& spare) const {
    (void)spare;
    return false;
  }
  virtual void resume(const Checkpoint& saved) = 0;
  // GPU memory one checkpoint of the loaded input holds, so callers can keep them within a budget.
  virtual std::size_t checkpointBytes() const = 0;

  // The comparators pass `pass` applies inside each sequence, or nothing when that pass is no
  // single compare-exchange step (radix, fused fast passes) or has more than `limit` of them.
  virtual std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const {
    (void)pass;
    (void)limit;
    return {};
  }
  // The digit pass `pass` sorts by, for sorters that bucket by digit.
  virtual std::optional<DigitPlace> digitPlace(std::uint32_t pass) const {
    (void)pass;
    return std::nullopt;
  }
  // Elements pass `pass` moved, where the sorter counts them on the GPU and the count has already
  // reached the CPU (never waits).
  virtual std::optional<std::uint64_t> swapsInPass(std::uint32_t pass) const {
    (void)pass;
    return std::nullopt;
  }

  // The digit counters the pass just run left on the GPU, as the sorter lays them out
  // ([sequence][digit][block]), for sorters that keep such a matrix and inputs of at most
  // `limitKeys` keys; nothing otherwise. Reading them is a state read-back (counted as one).
  virtual std::optional<std::vector<std::uint32_t>> digitCounters(std::size_t limitKeys) const {
    (void)limitKeys;
    return std::nullopt;
  }

  // [SECTION] padding (bitonic-classic): a sorter whose network runs over each sequence padded
  // with +infinity keys keeps the padded state beside gpuState() (which, like read(), holds the
  // real elements only, in their order), so that array view can draw the padding.
  struct PaddedState {
    GpuStateView state;                     // sequences of `length` positions each
    std::uint32_t length = 0;
    std::vector<std::uint8_t> padding;      // per position of every sequence: 1 where padding lies now
  };
  virtual std::optional<PaddedState> paddedState() const { return std::nullopt; }

  // [SECTION] GPU view: which workgroup handled which element in pass `pass` (see WorkgroupLayout),
  // or nothing where the sorter has no workgroups (frag-odd-even draws fragments) or no such pass.
  virtual std::optional<WorkgroupLayout> workgroupLayout(std::uint32_t pass) const {
    (void)pass;
    return std::nullopt;
  }

  // [SECTION] work counting (issue 26): sorters built with SorterOptions::countWork run
  // instrumented teaching shaders that count their own work (sort/work_counts.h says what each
  // count means); the fast path is compiled and run without them.
  virtual bool canCountWork() const { return false; }
  // The counts of pass `pass` once it has run, when counting is on (a small read-back the first
  // time; never called on the fast path). A pass run again replaces its counts.
  virtual std::optional<WorkCounts> workCounts(std::uint32_t pass) const {
    (void)pass;
    return std::nullopt;
  }

  // Runs or rewinds so that exactly `pass` passes (or all, if fewer) have run.
  void seek(std::uint32_t pass) {
    if (pass < passesRun()) restart();
    while (passesRun() < pass && !finished()) runPass();
  }
};

}  // namespace shadersort
