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
#include "sort/stepper.h"

namespace shadersort {

class BitonicClassicSorter final : public Stepper {
 public:
  BitonicClassicSorter(const SortContext& context, const SorterOptions& options);
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);

  using Sorter::load;
  void load(const SortTarget& input) override;
  std::uint32_t passCount() const override { return static_cast<std::uint32_t>(passes_.size()); }
  std::string describePass(std::uint32_t pass) const override;
  std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const override;
  std::optional<PaddedState> paddedState() const override;
  // The padded state's keys and values.
  std::size_t checkpointBytes() const override;
  std::optional<WorkgroupLayout> workgroupLayout(std::uint32_t pass) const override;

  static constexpr std::uint32_t kWorkgroupSize = 256;  // within GL 4.3's guaranteed 1024

 private:
  // Stepper's hooks: the state drawn and read is the compact one; restart expands the input into
  // the padded state, and checkpoints hold the padded state (the padding follows from the passes).
  void run(std::uint32_t pass) override;
  void rewind() override;
  State state() const override { return {compactKeys(), compactValues()}; }
  void save(StepperCheckpoint& into) const override;
  void restore(const StepperCheckpoint& saved) override;

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
  bool hasPadding() const { return paddedLength_ != shape().sequenceLength; }
  // The real elements in order: the compact copy, or the padded state itself without padding.
  const compute::StorageBuffer& compactKeys() const { return hasPadding() ? keys_ : paddedKeys_; }
  const compute::StorageBuffer& compactValues() const { return hasPadding() ? values_ : paddedValues_; }

  gl::ShaderSource shaders_;
  bool descendingKeys_ = false;
  compute::Kernel<StepUniforms> stepKernel_;
  compute::Kernel<LayoutUniforms> expandKernel_, compactKernel_;
  bool kernelsHaveValues_ = false;

  std::uint32_t paddedLength_ = 1;
  std::vector<BitonicPass> passes_;
  std::vector<std::uint8_t> padding_;  // after passesRun() passes
  compute::StorageBuffer ranks_;       // classicRanks(padding_)
  compute::StorageBuffer paddedKeys_, paddedValues_;  // the network's state
  compute::StorageBuffer keys_, values_;              // its real elements, compact (with padding only)
};

}  // namespace shadersort
