#pragma once
// LSD radix sort in compute shaders, stable, one drawn pass per digit place.
//
// Two pipelines share the partition layout: a partition is a run of keys inside one sequence,
// and every count is kept per [sequence][digit][partition], so a prefix sum over that matrix
// already places each sequence's keys inside the sequence's own range (no extra passes for the
// sequence index).
//  - classic (teaching, --radix-bits 4): 4-bit digits, three steps per pass: Blelloch scans of
//    digit flags per block with the block counts written digit-major, a Blelloch prefix sum over
//    the counter matrix, a scatter;
//  - fast (default, 8-bit digits), per pass either reduce-then-scan (each partition's digit
//    counts, one prefix sum over the whole counter matrix, rank and scatter) or, after one
//    upfront pass that builds every place's digit histograms, one chained-scan dispatch with
//    decoupled look-back; ranking uses subgroup ballots where they exist.
// Digit places where every key has the same digit are skipped (found on the CPU at load).

#include <array>
#include <map>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gl/handles.h"
#include "gl/limits.h"
#include "gl/program.h"
#include "sort/registry.h"
#include "sort/sorter.h"

namespace shadersort {

// The settings after defaults and checks; `scan` and `ballot` as asked (0 = auto).
struct RadixSettings {
  int radixBits = 8;
  int workgroupSize = 256;
  // 0: automatic (keysPerThreadFor in radix.cpp); 16 was the fastest from 2^20 to 2^28 keys on
  // an H100 (12 was 5% faster at 2^24 alone).
  int keysPerThread = 0;
  // 0 auto, 1 portable reduce-then-scan, 2 chained scan (onesweep), 3 one workgroup per sequence.
  // Auto: one workgroup per sequence for many sequences of up to workgroupSortMax keys, else the
  // chained scan up to chainedMax keys in all, else reduce-then-scan.
  int scan = 0;
  // The chained scan beat reduce-then-scan up to 2^20 keys on an H100 and lost from 2^22 on.
  int chainedMax = 1 << 20;
  int workgroupSortMax = 32768;
  // Chained scan: polls of a silent predecessor before counting its digits from its keys.
  int lookBackSpins = 64;
  // Chained scan: partitions each workgroup of the upfront histogram counts (0: automatic).
  int histogramPartitions = 0;
  int ballot = 0;  // 0 auto (subgroup ballots where they exist), 1 off, 2 the NV match instruction
};

// Throws UserError for unknown names and values this GPU cannot use.
RadixSettings parseRadixSettings(const SorterOptions& options, const gl::Limits& limits);

class RadixSorter final : public Sorter {
 public:
  explicit RadixSorter(const SorterOptions& options);
  ~RadixSorter() override;
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);
  static std::vector<Tunable> tunables(const gl::Limits& limits);

  void load(const SortData& input) override;
  void restart() override;
  std::uint32_t passCount() const override;
  std::uint32_t passesRun() const override { return passesRun_; }
  std::string describePass(std::uint32_t pass) const override;
  std::optional<DigitPlace> digitPlace(std::uint32_t pass) const override;
  void runPass() override;
  SortData read() const override;
  GpuStateView gpuState() const override;
  std::unique_ptr<Checkpoint> checkpoint() const override;
  void resume(const Checkpoint& saved) override;
  std::size_t checkpointBytes() const override;

  // What load() chose, for tests and --stats: "classic", "fast/portable", "fast/chained"; the
  // ranking ("match NV", "ballot KHR", "ballot ARB", "shared memory") and the subgroup width it uses.
  std::string pipelineName() const;
  std::string rankingName() const;
  std::uint32_t subgroupWidth() const { return subgroupWidth_; }
  // What the pipelines do beyond describePass's one line, for the viewer's help.
  static std::string_view explanation();

  void observeSteps(StepObserver observer) override { observer_ = std::move(observer); }
  // Diagnostics for the fast portable pipeline: the counter matrix [sequence][digit][partition]
  // as it is now (digit counts after "upsweep", each count's output position after "column-scan"), and
  // the keys per partition.
  std::vector<std::uint32_t> readCounters() const;
  // The defines every kernel of this sorter is compiled with, for a given ranking (BALLOT_KIND)
  // and subgroup width: tests compile the variants this GPU cannot run with an offline validator.
  gl::ShaderDefines kernelDefines(int ballotKind, std::uint32_t subgroupWidth) const;
  // The same for the one-workgroup-per-sequence kernel (its own workgroup size and tile).
  gl::ShaderDefines sequenceKernelDefines(int ballotKind, std::uint32_t subgroupWidth, std::uint32_t workgroupSize) const;
  // The one-workgroup-per-sequence kernel's workgroup size for this input: no wider than the
  // sequences need, so that short ones do not leave most invocations idle.
  std::uint32_t sequenceWorkgroupFor(std::uint32_t sequenceLength) const;
  // Longest sequence the one-workgroup-per-sequence kernel takes.
  static constexpr std::uint32_t kMaxWorkgroupSortLength = 65536;
  // Fewest sequences for which auto picks one workgroup per sequence (about half an H100's SMs).
  static constexpr std::uint32_t kWorkgroupSortMinSequences = 64;
  std::uint32_t partitionSize() const;

 private:
  struct Kernel;
  struct StorageBuffer {
    gl::Buffer buffer;
    std::size_t bytes = 0;
  };
  enum class Pipeline { Classic, Fast, Sequence };

  void choosePipeline();
  // Keys per invocation and histogram partitions per workgroup for this input (automatic ones
  // follow its size); drops kernels compiled for others.
  void choosePartitions();
  // `variant`: a define set to 1 on top of the common ones (CHAINED), or null.
  Kernel& kernel(std::unique_ptr<Kernel>& slot, const char* path, const char* variant = nullptr);
  void setGeometry(const Kernel& kernel) const;
  // glDispatchCompute over `groups` workgroups, a storage barrier, then the observer.
  // `bytes`: what the step must at least read and write in GPU memory, for the step observer.
  void dispatch(const char* step, std::uint64_t groups, std::uint64_t bytes);
  std::uint64_t keyBytes() const;    // the keys, once
  std::uint64_t movedBytes() const;  // keys (and values) read once and written once
  void runClassicPass(std::uint32_t place, const StorageBuffer& keysIn, const StorageBuffer& keysOut,
                      const StorageBuffer& valuesIn, const StorageBuffer& valuesOut);
  // Zeroes a whole buffer with glClearBufferSubData (ordered before later shader reads by GL).
  void zeroBuffer(const StorageBuffer& target);
  // Exclusive prefix sum of `count` counters in `data`, level `level` of the recursion.
  void scanCounters(std::size_t level, const StorageBuffer& data, std::uint64_t count);
  std::uint32_t scanBlock() const;  // counters one workgroup of the scan takes
  void runSequencePass(std::uint32_t place, const StorageBuffer& keysIn, const StorageBuffer& keysOut,
                       const StorageBuffer& valuesIn, const StorageBuffer& valuesOut);
  void runFastPass(std::uint32_t pass, std::uint32_t place, const StorageBuffer& keysIn, const StorageBuffer& keysOut,
                   const StorageBuffer& valuesIn, const StorageBuffer& valuesOut);
  std::uint32_t digitBits() const { return pipeline_ == Pipeline::Classic ? 4u : static_cast<std::uint32_t>(settings_.radixBits); }

  RadixSettings settings_;
  bool descendingKeys_ = false;
  bool chained_ = false;     // the fast pipeline's scan, resolved
  int ballotKind_ = 0;
  std::uint32_t keysPerThread_ = 16;       // of the partitioned kernels, for this input
  std::uint32_t histogramPartitions_ = 16;  // per workgroup of the upfront histogram
  bool kernelsHaveValues_ = false;          // the partitioned kernels move values (HAS_VALUES)       // 0 shared memory, 1 ARB, 2 KHR, 3 NV partitioned (the BALLOT_KIND define)
  std::uint32_t subgroupWidth_ = 16;
  std::uint32_t sequenceWorkgroupSize_ = 0;  // of the one-workgroup-per-sequence kernel; 0 when none fits

  // Built on first use, so that a sorter compiles only what its inputs need.
  std::unique_ptr<Kernel> classicBlock_, classicScan_, classicAdd_, classicScatter_;
  std::map<std::uint32_t, std::unique_ptr<Kernel>> sequenceSorts_;  // by workgroup size
  std::unique_ptr<Kernel> histogram_, digitStarts_, upsweep_, prefixScan_, prefixAdd_, downsweep_, chainedDownsweep_;

  SortShape shape_;
  Pipeline pipeline_ = Pipeline::Fast;
  std::vector<std::uint32_t> places_;  // digit places that differ between keys, lowest first
  std::uint32_t partsPerSequence_ = 0;
  std::uint64_t partitionCount_ = 0;
  StorageBuffer keysInput_, valuesInput_;            // the loaded input, read by the first pass
  std::array<StorageBuffer, 2> keys_, values_;       // pass i writes keys_[i % 2]
  StorageBuffer counters_;                           // [sequence][digit][partition] (not chained)
  StorageBuffer offsets_;                            // classic: each key's offset in its block
  std::vector<StorageBuffer> scanTotals_;            // block totals of each scan level
  StorageBuffer histograms_;                         // chained: [sequence][place][digit], then digit starts
  StorageBuffer status_, tickets_;                   // fast, chained scan
  std::uint32_t passesRun_ = 0;
  StepObserver observer_;
  std::uint64_t loadId_ = 0;  // ties checkpoints to this load()
};

}  // namespace shadersort
