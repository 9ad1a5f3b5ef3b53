#include "sort/whole_sort_stepper.h"

#include "sort/checkpoint_support.h"
#include "sort/index_text.h"
#include "sort/storage_state.h"

namespace shadersort {
namespace {

struct WholeSortCheckpoint final : Checkpoint {
  gl::Buffer keys, values;
};

}  // namespace

WholeSortStepper::WholeSortStepper(std::string algorithm, std::unique_ptr<SortEngine> engine)
    : algorithm_(std::move(algorithm)), engine_(std::move(engine)) {}

void WholeSortStepper::load(const SortTarget& input) {
  shape_ = input.shape;
  differingBits_ = input.differingBits;
  loadId_ = newLoadId();
  const std::size_t bytes = shape_.elementCount() * 4;
  copyIntoStorage(inputKeys_, "whole sort: input keys", input.keys, bytes);
  keys_.ensure("whole sort: keys", bytes);
  if (shape_.hasValues) {
    copyIntoStorage(inputValues_, "whole sort: input values", input.values, bytes);
    values_.ensure("whole sort: values", bytes);
  }
  restart();
}

void WholeSortStepper::restart() {
  passesRun_ = 0;
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes == 0) return;
  restoreBuffer(inputKeys_.buffer(), keys_.buffer(), bytes);
  if (shape_.hasValues) restoreBuffer(inputValues_.buffer(), values_.buffer(), bytes);
}

std::uint32_t WholeSortStepper::passCount() const {
  return shape_.sequenceCount > 0 && shape_.sequenceLength >= 2 ? 1 : 0;
}

std::string WholeSortStepper::describePass(std::uint32_t pass) const {
  if (pass >= passCount()) return "no pass " + indexText(pass) + ": the keys are sorted";
  return passName(0, 1) + ": the whole sort, every sequence at once (" + algorithm_ + "'s engine)";
}

void WholeSortStepper::runPass() {
  if (finished()) return;
  engine_->sortInPlace(SortTarget{.shape = shape_,
                                  .keys = {keys_.id(), 0},
                                  .values = {shape_.hasValues ? values_.id() : keys_.id(), 0},
                                  .differingBits = differingBits_});
  // The state is drawn by shaders, read back and copied into checkpoints next.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  passesRun_ = 1;
}

SortData WholeSortStepper::read() const { return downloadSortData(shape_, keys_.buffer(), values_.buffer()); }

GpuStateView WholeSortStepper::gpuState() const {
  return {.storage = GpuStateView::Storage::Buffers, .keys = keys_.id(), .values = values_.id()};
}

std::unique_ptr<Checkpoint> WholeSortStepper::checkpoint() const {
  auto saved = std::make_unique<WholeSortCheckpoint>();
  saved->passesRun = passesRun_;
  saved->loadId = loadId_;
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes == 0) return saved;
  saved->keys = copyOfBuffer("whole sort: checkpoint keys", keys_.buffer(), bytes);
  if (shape_.hasValues) saved->values = copyOfBuffer("whole sort: checkpoint values", values_.buffer(), bytes);
  return saved;
}

void WholeSortStepper::resume(const Checkpoint& checkpoint) {
  const auto& saved = ownCheckpoint<WholeSortCheckpoint>(algorithm_, checkpoint, loadId_);
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes > 0) {
    restoreBuffer(saved.keys, keys_.buffer(), bytes);
    if (shape_.hasValues) restoreBuffer(saved.values, values_.buffer(), bytes);
  }
  passesRun_ = saved.passesRun;
}

std::size_t WholeSortStepper::checkpointBytes() const { return shape_.elementCount() * (shape_.hasValues ? 8 : 4); }

}  // namespace shadersort
