#pragma once
// The stepper for an algorithm that brings an engine and no stepper of its own: one pass, the
// whole sort, which the engine runs in place on the state. Stepper holds the rest (the input
// copy, the state, restart, checkpoints), so a new algorithm is an engine and a registry row:
//   create = [](SortContext& c, const SorterOptions& o) -> std::unique_ptr<Sorter> {
//     return std::make_unique<WholeSortStepper>("name", std::make_unique<NameEngine>(c, o)); }

#include <memory>
#include <string>

#include "sort/engine.h"
#include "sort/stepper.h"

namespace shadersort {

class WholeSortStepper final : public Stepper {
 public:
  WholeSortStepper(std::string algorithm, std::unique_ptr<SortEngine> engine);

  SortEngine* engine() override { return engine_.get(); }

  using Sorter::load;
  void load(const SortTarget& input) override;
  std::uint32_t passCount() const override;
  std::string describePass(std::uint32_t pass) const override;

 private:
  void run(std::uint32_t pass) override;

  std::unique_ptr<SortEngine> engine_;
  std::uint32_t differingBits_ = 0xFFFFFFFFu;
};

}  // namespace shadersort
