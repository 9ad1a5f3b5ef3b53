#pragma once
// The stepper for an algorithm that brings an engine and no stepper of its own: one pass, the
// whole sort. It holds what the viewer needs around the engine (the input copy, the state it
// sorts in place, restart, checkpoints), so a new algorithm is an engine and a registry row:
//   create = [](SortContext& c, const SorterOptions& o) -> std::unique_ptr<Sorter> {
//     return std::make_unique<WholeSortStepper>("name", std::make_unique<NameEngine>(c, o)); }

#include <memory>
#include <string>

#include "sort/compute/storage_buffer.h"
#include "sort/engine.h"
#include "sort/sorter.h"

namespace shadersort {

class WholeSortStepper final : public Sorter {
 public:
  WholeSortStepper(std::string algorithm, std::unique_ptr<SortEngine> engine);

  std::string_view algorithmName() const override { return algorithm_; }
  SortEngine* engine() override { return engine_.get(); }

  using Sorter::load;
  void load(const SortTarget& input) override;
  void restart() override;
  std::uint32_t passCount() const override;
  std::uint32_t passesRun() const override { return passesRun_; }
  std::string describePass(std::uint32_t pass) const override;
  void runPass() override;
  SortData read() const override;
  GpuStateView gpuState() const override;
  std::unique_ptr<Checkpoint> checkpoint() const override;
  void resume(const Checkpoint& saved) override;
  std::size_t checkpointBytes() const override;

 private:
  std::string algorithm_;
  std::unique_ptr<SortEngine> engine_;
  SortShape shape_{};
  std::uint32_t differingBits_ = 0xFFFFFFFFu;
  std::uint32_t passesRun_ = 0;
  std::uint64_t loadId_ = 0;
  // Kept across loads and grown only: the loaded input and the state the engine sorts in place.
  compute::StorageBuffer inputKeys_, inputValues_, keys_, values_;
};

}  // namespace shadersort
