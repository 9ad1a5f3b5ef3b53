#include "sort/stepper.h"

#include <string>

#include "gl/compute.h"
#include "sort/checkpoint_support.h"
#include "sort/storage_state.h"

namespace shadersort {

void StepperCheckpoint::keep(std::string_view label, const gl::Buffer& fromKeys, const gl::Buffer* fromValues,
                             std::size_t stateBytes) {
  const std::string name(label);
  refreshCopy(keys, bytes, name + ": checkpoint keys", fromKeys, stateBytes);
  if (fromValues != nullptr) {
    refreshCopy(values, bytes, name + ": checkpoint values", *fromValues, stateBytes);
  } else {
    values = {};
  }
  bytes = stateBytes;
}

void StepperCheckpoint::restoreInto(const gl::Buffer& toKeys, const gl::Buffer* toValues) const {
  if (bytes == 0) return;
  restoreBuffer(keys, toKeys, bytes);
  if (toValues != nullptr && values) restoreBuffer(values, *toValues, bytes);
}

void StepperCheckpoint::drop() {
  keys = {};
  values = {};
  bytes = 0;
}

void Stepper::beginLoad(const SortShape& shape) {
  shape_ = shape;
  passesRun_ = 0;
  slot_ = 0;
  loadId_ = newLoadId();
}

void Stepper::copyInput(const SortTarget& input) {
  const std::string name(algorithm_);
  copyIntoStorage(inputKeys_, name + ": input keys", input.keys, stateBytes());
  copyIntoStorage(inputValues_, name + ": input values", input.values, shape_.hasValues ? stateBytes() : 0);
}

void Stepper::makeState(int slots) {
  const std::string name(algorithm_);
  for (int slot = 0; slot < slots; ++slot) {
    const std::string suffix = slots == 1 ? "" : slot == 0 ? " A" : " B";
    keys_[slot].ensure(name + ": keys" + suffix, stateBytes());
    if (shape_.hasValues) values_[slot].ensure(name + ": values" + suffix, stateBytes());
  }
}

void Stepper::endLoad() {
  if (countWork_) workCounter_.reset(passCount());
  restart();
}

void Stepper::restart() {
  passesRun_ = 0;
  slot_ = 0;
  rewind();
}

void Stepper::rewind() {
  const std::size_t bytes = stateBytes();
  if (bytes == 0) return;
  // The copies overwrite what earlier dispatches wrote.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  gl::copyBuffer(inputKeys_.buffer(), keys_[0].buffer(), bytes);
  if (shape_.hasValues) gl::copyBuffer(inputValues_.buffer(), values_[0].buffer(), bytes);
}

void Stepper::runPass() {
  if (finished()) return;
  if (countWork_) workCounter_.beginPass(passesRun_);
  run(passesRun_);
  ++passesRun_;
}

SortData Stepper::read() const {
  const State now = state();
  return downloadSortData(shape_, now.keys.buffer(), now.values.buffer());
}

GpuStateView Stepper::gpuState() const {
  const State now = state();
  return {.storage = GpuStateView::Storage::Buffers,
          .keys = now.keys.id(),
          .values = shape_.hasValues ? now.values.id() : 0};
}

std::unique_ptr<Checkpoint> Stepper::checkpoint() const {
  std::unique_ptr<StepperCheckpoint> saved = newCheckpoint();
  saved->owner = this;
  saved->passesRun = passesRun_;
  saved->loadId = loadId_;
  saved->slot = slot_;
  save(*saved);
  return saved;
}

bool Stepper::refreshCheckpoint(Checkpoint& spare) const {
  auto* saved = dynamic_cast<StepperCheckpoint*>(&spare);
  if (saved == nullptr || saved->owner != this) return false;
  saved->passesRun = passesRun_;
  saved->loadId = loadId_;
  saved->slot = slot_;
  save(*saved);
  return true;
}

void Stepper::resume(const Checkpoint& checkpoint) {
  const auto* saved = dynamic_cast<const StepperCheckpoint*>(&checkpoint);
  if (saved == nullptr || saved->owner != this || saved->loadId != loadId_)
    throwForeignCheckpoint(algorithm_, checkpoint);
  passesRun_ = saved->passesRun;
  slot_ = saved->slot;
  restore(*saved);
}

void Stepper::save(StepperCheckpoint& into) const {
  const State now = state();
  into.keep(algorithm_, now.keys.buffer(), shape_.hasValues ? &now.values.buffer() : nullptr, stateBytes());
}

void Stepper::restore(const StepperCheckpoint& saved) {
  // Back into the slot it came from, so that gpuState() names the buffers it named then.
  const State now = state();
  saved.restoreInto(now.keys.buffer(), shape_.hasValues ? &now.values.buffer() : nullptr);
}

std::size_t Stepper::checkpointBytes() const { return shape_.elementCount() * (shape_.hasValues ? 8 : 4); }

std::optional<WorkCounts> Stepper::workCounts(std::uint32_t pass) const {
  if (!countWork_ || pass >= passesRun_) return std::nullopt;
  return workCounter_.read(pass);
}

}  // namespace shadersort
