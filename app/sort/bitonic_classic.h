#pragma once
// bitonic-classic: the textbook bitonic sort for teaching (bitonic_classic_schedule.h), one
// compare-exchange step per pass over every sequence padded with +infinity keys to the next power
// of two. The padded state lives in its own buffers (Sorter::paddedState, drawn by array view);
// after every pass a second dispatch writes its real keys, in position order, into the compact
// buffers that gpuState() and read() give (the padded buffers themselves for a power of two), so every other consumer sees the input's shape and a
// permutation of its elements, and read() gives exactly the sorted input once finished.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gl/limits.h"
#include "sort/bitonic_classic_schedule.h"
#include "sort/compute/kernel.h"
#include "sort/compute/storage_buffer.h"
#include "sort/registry.h"
#include "sort/sorter.h"
#include "sort/work_counter.h"

namespace shadersort {

class BitonicClassicSorter final : public Sorter {
 public:
  std::string_view algorithmName() const override { return "bitonic-classic"; }
  BitonicClassicSorter(const SortContext& context, const SorterOptions& options);
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);

  using Sorter::load;
  void load(const SortTarget& input) override;
  void restart() override;
  std::uint32_t passCount() const override { return static_cast<std::uint32_t>(passes_.size()); }
  std::uint32_t passesRun() const override { return passesRun_; }
  std::string describePass(std::uint32_t pass) const override;
  std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const override;
  void runPass() override;
  SortData read() const override;
  GpuStateView gpuState() const override;
  std::optional<PaddedState> paddedState() const override;
  std::unique_ptr<Checkpoint> checkpoint() const override;
  void resume(const Checkpoint& saved) override;
  std::size_t checkpointBytes() const override;
  bool canCountWork() const override { return countWork_; }
  std::optional<WorkCounts> workCounts(std::uint32_t pass) const override;
  std::optional<WorkgroupLayout> workgroupLayout(std::uint32_t pass) const override;

  static constexpr std::uint32_t kWorkgroupSize = 256;  // within GL 4.3's guaranteed 1024

 private:
  struct StepUniforms {
    std::uint32_t paddedLog2 = 0, mergeWidth = 0, distance = 0, pairCount = 0;
    static std::vector<compute::UniformField<StepUniforms>> fields();
  };
  struct LayoutUniforms {
    std::uint32_t paddedLog2 = 0, sequenceLength = 0, positionCount = 0;
    static std::vector<compute::UniformField<LayoutUniforms>> fields();
  };
  gl::ShaderDefines defines() const;
  // The padding map is `padding_`: uploads its ranks for the next dispatches.
  void uploadRanks();
  // EXPAND: compact `keys`/`values` (the input) into the padded state; else the padded state into
  // the compact buffers.
  void relayout(bool expand, const compute::StorageBuffer& keys, const compute::StorageBuffer& values);
  LayoutUniforms layoutUniforms() const;
  bool hasPadding() const { return paddedLength_ != shape_.sequenceLength; }
  // The real elements in order: the compact copy, or the padded state itself without padding.
  const compute::StorageBuffer& compactKeys() const { return hasPadding() ? keys_ : paddedKeys_; }
  const compute::StorageBuffer& compactValues() const { return hasPadding() ? values_ : paddedValues_; }

  gl::ShaderSource shaders_;
  bool countWork_ = false;
  bool descendingKeys_ = false;
  WorkCounter workCounter_;
  compute::Kernel<StepUniforms> stepKernel_;
  compute::Kernel<LayoutUniforms> expandKernel_, compactKernel_;
  bool kernelsHaveValues_ = false;

  SortShape shape_;
  std::uint32_t paddedLength_ = 1;
  std::vector<BitonicPass> passes_;
  std::uint32_t passesRun_ = 0;
  std::vector<std::uint8_t> padding_;  // after passesRun_ passes
  compute::StorageBuffer ranks_;       // classicRanks(padding_)
  compute::StorageBuffer inputKeys_, inputValues_;    // the loaded input, compact, for restart()
  compute::StorageBuffer paddedKeys_, paddedValues_;  // the network's state
  compute::StorageBuffer keys_, values_;              // its real elements, compact (with padding only)
  std::uint64_t loadId_ = 0;
};

}  // namespace shadersort
