#include "sort/whole_sort_stepper.h"

#include "sort/index_text.h"

namespace shadersort {

WholeSortStepper::WholeSortStepper(std::string algorithm, std::unique_ptr<SortEngine> engine)
    : Stepper(std::move(algorithm), /*countWork=*/false), engine_(std::move(engine)) {}

void WholeSortStepper::load(const SortTarget& input) {
  beginLoad(input.shape);
  differingBits_ = input.differingBits;
  copyInput(input);
  makeState(1);
  endLoad();
}

std::uint32_t WholeSortStepper::passCount() const {
  return shape().sequenceCount > 0 && shape().sequenceLength >= 2 ? 1 : 0;
}

std::string WholeSortStepper::describePass(std::uint32_t pass) const {
  if (pass >= passCount()) return "no pass " + indexText(pass) + ": the keys are sorted";
  return passName(0, 1) + ": the whole sort, every sequence at once (" + std::string(algorithmName()) + "'s engine)";
}

void WholeSortStepper::run(std::uint32_t) {
  engine_->sortInPlace(SortTarget{.shape = shape(),
                                  .keys = {stateKeys(0).id(), 0},
                                  .values = {shape().hasValues ? stateValues(0).id() : stateKeys(0).id(), 0},
                                  .differingBits = differingBits_});
  // The state is drawn by shaders, read back and copied into checkpoints next.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

}  // namespace shadersort
