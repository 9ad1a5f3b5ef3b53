#pragma once
// Bitonic sort in compute shaders. The state is a key buffer (and a value buffer when the input
// has values; key-only sorts never touch one) sorted in place. Every sequence runs the network of
// the next power of two over its own elements, bounded by index (see bitonic_schedule.h), so any
// number of sequences of any length sort independently in the same dispatches.
//
// Fast schedule: one shared-memory dispatch sorts every tile; each merge wider than a tile then
// takes its wide steps through global memory (several fused per dispatch, in registers) and its
// narrow ones in one shared-memory dispatch. Teaching schedule: one dispatch per step.

#include <cstdint>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "gl/handles.h"
#include "gl/limits.h"
#include "gl/program.h"
#include "sort/bitonic_schedule.h"
#include "sort/registry.h"
#include "sort/sorter.h"

namespace shadersort {

struct BitonicSettings {
  int workgroupSize = 0;  // invocations per workgroup, in both kinds of dispatch
  int tileSize = 0;       // positions per shared-memory tile; tile / workgroup = items per invocation
  int fusedSteps = 0;     // global-memory steps per dispatch; each invocation holds 2^n elements

  // Defaults for this GPU, overridden by the options' settings; UserError on an unknown name or a
  // value the GPU cannot run.
  static BitonicSettings fromOptions(const SorterOptions& options, const gl::Limits& limits);
  static std::vector<Tunable> tunables(const gl::Limits& limits);
};

class BitonicSorter final : public Sorter {
 public:
  explicit BitonicSorter(const SorterOptions& options);
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);

  void load(const SortData& input) override;
  void restart() override;
  std::uint32_t passCount() const override { return static_cast<std::uint32_t>(passes_.size()); }
  std::uint32_t passesRun() const override { return passesRun_; }
  std::string describePass(std::uint32_t pass) const override;
  std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const override;
  void runPass() override;
  SortData read() const override;
  GpuStateView gpuState() const override;
  std::unique_ptr<Checkpoint> checkpoint() const override;
  void resume(const Checkpoint& saved) override;
  std::size_t checkpointBytes() const override;
  void observeSteps(StepObserver observer) override { observer_ = std::move(observer); }

  // What the network does beyond describePass's one line, for the viewer's help.
  static std::string_view explanation();

 private:
  // A compiled shader variant and its uniform locations (-1 where the variant has none).
  struct Kernel {
    gl::Program program;
    GLint sequenceCount = -1, sequenceLength = -1, paddedLog2 = -1;
    GLint groupCount = -1, sortWidth = -1;       // tile kernel
    GLint masks = -1, invocationCount = -1;      // global-steps kernel
  };
  const Kernel& kernelFor(const BitonicPass& pass);

  BitonicSettings settings_;
  bool teaching_ = false;
  bool descendingKeys_ = false;
  // By (values or not, fused steps; 0 for the tile kernel): built on first use, kept across loads.
  std::map<std::pair<bool, std::uint32_t>, Kernel> kernels_;

  SortShape shape_;
  std::uint32_t paddedLength_ = 1;
  std::vector<BitonicPass> passes_;
  std::uint32_t passesRun_ = 0;
  gl::Buffer inputKeys_, inputValues_;  // the loaded input, for restart()
  gl::Buffer keys_, values_;            // the state
  StepObserver observer_;
  std::uint64_t loadId_ = 0;  // ties checkpoints to this load()
};

}  // namespace shadersort
