#pragma once
// LSD radix sort in compute shaders, stable, one drawn pass per digit place. The sorter owns the
// buffers, picks a pipeline per load and runs its passes:
//  - classic (teaching, 4-bit digits; radix/classic_pipeline.h);
//  - fast, partitioned, with reduce-then-scan or a chained scan (radix/partitioned_pipeline.h);
//  - fast, one workgroup per sequence (radix/sequence_pipeline.h);
//  - fast, many sequences of a few keys: one invocation each, by insertion (radix/short_pipeline.h).
// The pipelines share the partition layout: a partition is a run of keys inside one sequence,
// and every count is kept per [sequence][digit][partition], so a prefix sum over that matrix
// already places each sequence's keys inside the sequence's own range.
// Digit places where every key has the same digit are skipped (found on the CPU at load).

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "gl/limits.h"
#include "gl/program.h"
#include "sort/radix/classic_pipeline.h"
#include "sort/radix/kernel_defines.h"
#include "sort/radix/layout.h"
#include "sort/radix/partitioned_pipeline.h"
#include "sort/radix/pass.h"
#include "sort/radix/ranking_probe.h"
#include "sort/radix/sequence_pipeline.h"
#include "sort/radix/short_pipeline.h"
#include "sort/radix/settings.h"
#include "sort/registry.h"
#include "sort/segmented_sort.h"
#include "sort/stepper.h"

namespace shadersort {

class RadixSorter final : public Stepper, public SortEngine {
 public:
  SortEngine* engine() override { return this; }
  RadixSorter(SortContext& context, const SorterOptions& options);
  ~RadixSorter() override;
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);
  static std::vector<Tunable> tunables(const gl::Limits& limits) { return RadixSettings::table().tunables(limits); }

  using Sorter::load;
  void load(const SortTarget& input) override;

  // The engine's call (the library's): sorts `target` where it lies, with no copy of the input.
  // The passes alternate between the target's buffers and this sorter's scratch so that the last
  // one writes into the target (a copy back only when a single digit place differs). Offsets
  // must be multiples of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT (std::invalid_argument
  // otherwise). Scratch is kept between calls and only grows; kernels are kept for every
  // partition layout met. Afterwards the sorter holds no state to step, read or draw (load()
  // gives one again).
  void sortInPlace(const SortTarget& target) override;
  // Makes the scratch and builds the kernels that sorts of up to `count` keys (one sequence,
  // with or without values) need, so that such sorts create no GL object. Returns the bytes of
  // scratch held.
  std::size_t reserve(std::uint64_t count, bool hasValues);
  std::size_t reserve(const SortShape& largest) override { return reserve(largest.elementCount(), largest.hasValues); }
  // GPU memory this sorter's scratch holds now.
  std::size_t scratchBytes() const override;
  // The scratch reserve(count, hasValues) would hold, allocating nothing. Forgets any load.
  std::size_t scratchBytesFor(std::uint64_t count, bool hasValues);
  std::size_t scratchBytesFor(const SortShape& largest) override {
    return scratchBytesFor(largest.elementCount(), largest.hasValues);
  }
  // Segment offsets and GPU counts go through SegmentedSort, which sorts pairs with this engine.
  std::size_t reserveSegmented(const SortShape& largest) override;
  std::size_t scratchBytesForSegmented(const SortShape& largest) override;
  std::uint32_t passCount() const override;
  std::string describePass(std::uint32_t pass) const override;
  std::optional<DigitPlace> digitPlace(std::uint32_t pass) const override;
  // The state's keys and values and the counter matrix.
  std::size_t checkpointBytes() const override;

  // What load() chose, for --stats and the viewer: "classic", "fast/portable", "fast/chained",
  // "fast/workgroup-per-sequence", "fast/short-sequences"; the ranking ("match NV", "ballot KHR", "ballot ARB",
  // "shared memory") and the subgroup width it uses.
  std::string pipelineName() const;
  std::string rankingName() const { return std::string(radix::rankingName(ranking_.ballotKind)); }
  std::uint32_t subgroupWidth() const { return ranking_.subgroupWidth; }
  // What the pipelines do beyond describePass's one line, for the viewer's help.
  static std::string_view explanation();

  // GPU view (radix_sorter.cpp's last section).
  std::optional<WorkgroupLayout> workgroupLayout(std::uint32_t pass) const override;

  void observeSteps(StepObserver observer) override { observer_ = std::move(observer); }
  // Diagnostics for the fast portable pipeline: the counter matrix [sequence][digit][partition]
  // as it is now (digit counts after "upsweep", each count's output position after the prefix
  // scan), and the keys per partition.
  std::vector<std::uint32_t> readCounters() const;
  // The portable fast pipeline's counter matrix, for the viewer's radix panel.
  std::optional<std::vector<std::uint32_t>> digitCounters(std::size_t limitKeys) const override;

 private:
  // Stepper's hooks. The state is this sorter's scratch: the input copy before any pass (no
  // pass writes it, so restart() copies nothing), then the buffers the last pass wrote.
  // Checkpoints also keep the counter matrix, and none at pass 0.
  void run(std::uint32_t pass) override;
  void rewind() override {}
  State state() const override { return {stateKeysAfter(passesRun()), stateValuesAfter(passesRun())}; }
  std::unique_ptr<StepperCheckpoint> newCheckpoint() const override;
  void save(StepperCheckpoint& into) const override;
  void restore(const StepperCheckpoint& saved) override;

  // The tests' view of the internals below (defined only in tests/sorter_test_access.h), so that
  // this class carries no test API.
  friend struct RadixSorterTestAccess;

  // Fills the chained scan's look-back status words and tickets with `word`, as another sort's
  // leftovers (or a driver's uninitialised memory) would, to show that the first pass's kernels
  // zero what they must.
  void fillChainedState(std::uint32_t word) const;
  // The chained pipeline's state as it is now: the look-back status words
  // [pass][partition][digit], the partition tickets [pass], the digit histograms
  // [sequence][place][digit].
  struct ChainedState {
    std::vector<std::uint32_t> status, tickets, histograms;
  };
  ChainedState readChainedState() const;
  // The defines every kernel of this sorter is compiled with, for a given ranking (BALLOT_KIND)
  // and subgroup width: tests compile the variants this GPU cannot run with an offline validator.
  gl::ShaderDefines kernelDefines(radix::BallotKind ballotKind, std::uint32_t subgroupWidth) const;
  // The same for the one-workgroup-per-sequence kernel (its own workgroup size and tile).
  gl::ShaderDefines sequenceKernelDefines(radix::BallotKind ballotKind, std::uint32_t subgroupWidth,
                                          std::uint32_t workgroupSize) const;
  // The one-workgroup-per-sequence kernel's workgroup size for this input: no wider than the
  // sequences need, so that short ones do not leave most invocations idle.
  std::uint32_t sequenceWorkgroupFor(std::uint32_t sequenceLength) const;
  // Longest sequence the one-workgroup-per-sequence kernel takes.
  static constexpr std::uint32_t kMaxWorkgroupSortLength = radix::kMaxWorkgroupSortLength;
  // Fewest sequences for which auto picks one workgroup per sequence (about half an H100's SMs).
  static constexpr std::uint32_t kWorkgroupSortMinSequences = 64;
  std::uint32_t partitionSize() const;

  enum class Pipeline { Classic, Fast, Sequence, Short };

  // Everything load() decides for `shape` and `differingBits`, and the scratch it needs (grown,
  // never shrunk); no input is copied.
  void plan(const SortShape& shape, std::uint32_t differingBits, bool allocate = true);
  // Bytes of each scratch buffer the planned load needs (0: none).
  struct ScratchSizes {
    std::size_t keys[2] = {0, 0}, values[2] = {0, 0};
    std::size_t histograms = 0, digitStarts = 0, status = 0, tickets = 0, counters = 0, offsets = 0;
    std::vector<std::size_t> scanTotals;
  };
  ScratchSizes scratchSizes() const;
  // One count of each partition layout sorts of 2 to `count` keys in one sequence can get, the
  // largest first (reserve and scratchBytesFor).
  std::vector<std::uint64_t> layoutCounts(std::uint64_t count) const;
  // No input loaded: what reserve and scratchBytesFor leave after planning their layouts.
  void forgetLoad();
  void choosePipeline();
  // Keys per invocation and histogram partitions per workgroup for this input (automatic ones
  // follow its size); drops kernels compiled for others.
  void choosePartitions();
  void allocateBuffers();
  radix::KernelLayout kernelLayout(radix::BallotKind ballotKind, std::uint32_t subgroupWidth) const;
  std::uint32_t scanBlock() const;  // counters one workgroup of the counter scan takes
  std::uint32_t workgroupSize() const;  // of the pipeline's kernels (not the one-per-sequence kernel)
  std::uint32_t digitBits() const {
    return pipeline_ == Pipeline::Classic ? radix::kTeachingBits : static_cast<std::uint32_t>(settings_.radixBits);
  }
  // The state after `passes` passes: the input before any.
  compute::StorageRange keysAfter(std::uint32_t passes) const;
  compute::StorageRange valuesAfter(std::uint32_t passes) const;
  // Where pass `pass` writes: 0 and 1 the scratch pair, 2 the target of an in-place sort.
  std::uint32_t outputSlot(std::uint32_t pass) const;
  compute::StorageRange keysIn(std::uint32_t slot) const;
  compute::StorageRange valuesIn(std::uint32_t slot) const;
  // The state after `passes` passes of a load() (not of an in-place sort), which owns it.
  const compute::StorageBuffer& stateKeysAfter(std::uint32_t passes) const;
  const compute::StorageBuffer& stateValuesAfter(std::uint32_t passes) const;
  // Throws std::logic_error after an in-place sort, which keeps no state to read or step.
  void requireLoadedState(const char* what) const;

  gl::ShaderSource shaders_;  // the context's
  SegmentedSort segmented_{shaders_};
  RadixSettings settings_;
  bool descendingKeys_ = false;
  std::uint64_t maxStorageBlockBytes_ = 0;  // of the context this sorter was made for
  radix::Ranking ranking_;
  bool chained_ = false;                      // the fast pipeline's scan, resolved
  std::uint32_t largeSortWorkgroup_ = 256;    // auto workgroup-size above 2^16 keys on this GPU
  std::uint32_t workgroupSize_ = 256;         // of the partitioned kernels, for this input
  std::uint32_t keysPerThread_ = 10;          // of the partitioned kernels, for this input
  std::uint32_t histogramPartitions_ = 16;    // per workgroup of the upfront histogram
  bool earlyCounts_ = false;                  // the chained downsweep publishes counts before ranking
  std::uint32_t sequenceWorkgroupSize_ = 0;  // of the one-workgroup-per-sequence kernel; 0 when none fits

  radix::ClassicPipeline classic_;
  // The partitioned kernels of every layout met so far (workgroup, keys per invocation,
  // histogram partitions, early counts), so that a sorter alternating sizes compiles each once.
  using PartitionLayoutKey = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, bool>;
  std::map<PartitionLayoutKey, radix::PartitionedPipeline> partitionedByLayout_;
  radix::PartitionedPipeline* partitioned_ = nullptr;  // this load's, in partitionedByLayout_
  radix::SequencePipeline sequence_;
  radix::ShortPipeline short_;

  Pipeline pipeline_ = Pipeline::Fast;
  radix::RadixLoad load_;
  gl::ShaderDefines sequenceDefines_;  // of this load's one-workgroup-per-sequence kernel
  gl::ShaderDefines shortDefines_;     // of the short-sequence kernel
  std::uint32_t keyMask_ = 0xFFFFFFFFu;  // this load's differing bits (the short kernel compares those)
  std::vector<std::uint32_t> places_;  // digit places that differ between keys, lowest first
  radix::RadixBuffers buffers_;
  StepObserver observer_;
  // sortInPlace: the caller's keys and values, read by the first pass and written by the last.
  bool inPlace_ = false;
  compute::StorageRange targetKeys_, targetValues_;
};

}  // namespace shadersort
