#pragma once
// What every teaching stepper keeps besides its own passes, held once (issue 35): the passes run,
// the load its checkpoints belong to, the work counts and, for a state of keys (and values) in
// storage buffers, the input copy, the state's buffers, restart, read(), gpuState() and
// checkpoints. A new stepper derives from Stepper and writes
//   load():        beginLoad(shape); copyInput(input); makeState(1); its own plan; endLoad();
//   passCount(), describePass(pass) and run(pass) (one pass on stateKeys(0) and stateValues(0));
// everything else then works: stepping, restart, step-back, read-back, drawing, work counts. A
// stepper whose state lies elsewhere (padded, in textures, in scratch of its own) overrides the
// hooks at the end that say so.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "gl/handles.h"
#include "sort/compute/storage_buffer.h"
#include "sort/sorter.h"
#include "sort/work_counter.h"

namespace shadersort {

class Stepper;

// A stepper's checkpoint: the state's keys and values (none where the stepper keeps them
// elsewhere) and the slot they were in. A stepper with more to keep derives from it
// (Stepper::newCheckpoint) and adds its fields.
struct StepperCheckpoint : Checkpoint {
  const Stepper* owner = nullptr;  // compared, never followed: whose checkpoint it is
  int slot = 0;                    // the state slot that held the state (ping-pong steppers)
  gl::Buffer keys, values;
  std::size_t bytes = 0;  // what `keys` holds, and `values` when it holds any

  // Copies `bytes` of `keys` (and of `values` when given) here, into the buffers already held
  // when they are that size (a refreshed checkpoint allocates nothing).
  void keep(std::string_view label, const gl::Buffer& keys, const gl::Buffer* values, std::size_t bytes);
  // Copies them back over `keys` (and `values`, when they were kept).
  void restoreInto(const gl::Buffer& keys, const gl::Buffer* values) const;
  // Holds nothing (a state the stepper can make again without a copy).
  void drop();
};

class Stepper : public Sorter {
 public:
  std::string_view algorithmName() const final { return algorithm_; }
  // Pass 0, the state back to the input (rewind()).
  void restart() final;
  std::uint32_t passesRun() const final { return passesRun_; }
  // Unless finished(): run(passesRun()) with its work counted (when counting), one pass more.
  void runPass() final;
  SortData read() const override;
  GpuStateView gpuState() const override;
  std::unique_ptr<Checkpoint> checkpoint() const final;
  bool refreshCheckpoint(Checkpoint& spare) const final;
  void resume(const Checkpoint& saved) final;
  // The keys and values of the state.
  std::size_t checkpointBytes() const override;
  bool canCountWork() const final { return countWork_; }
  std::optional<WorkCounts> workCounts(std::uint32_t pass) const final;

 protected:
  // `algorithm`: the registry row's name.
  Stepper(std::string algorithm, bool countWork) : algorithm_(std::move(algorithm)), countWork_(countWork) {}

  // [SECTION] load(): beginLoad first, endLoad last.
  // A new load of `shape`: pass 0, slot 0, a load id that no checkpoint of an earlier one has.
  void beginLoad(const SortShape& shape);
  // Copies the input's keys (and values, when the shape has them) into the input copy, kept
  // across loads and grown only; a values buffer exists even without values (kernels bind one).
  void copyInput(const SortTarget& input);
  // `slots` (1, or 2 to ping-pong) state buffers of stateBytes() for keys (and values), grown only.
  void makeState(int slots);
  // Counters for passCount() passes (when counting), then restart().
  void endLoad();

  const SortShape& shape() const { return shape_; }
  std::size_t stateBytes() const { return shape_.elementCount() * 4; }  // of the keys, and of the values
  bool countsWork() const { return countWork_; }
  const compute::StorageBuffer& inputKeys() const { return inputKeys_; }
  const compute::StorageBuffer& inputValues() const { return inputValues_; }
  const compute::StorageBuffer& stateKeys(int slot) const { return keys_[slot]; }
  const compute::StorageBuffer& stateValues(int slot) const { return values_[slot]; }
  // The slot that holds the state after passesRun() passes (0 unless a stepper ping-pongs).
  int slot() const { return slot_; }
  void setSlot(int slot) { slot_ = slot; }

  // [SECTION] hooks
  // Runs pass `pass` (= passesRun(), which counts it afterwards).
  virtual void run(std::uint32_t pass) = 0;
  // Puts the input into the state: by default a copy of it into slot 0.
  virtual void rewind();
  // Where the state lies now (read(), gpuState() and checkpoints): by default slot(). `values`
  // is read only when the shape has values.
  struct State {
    const compute::StorageBuffer& keys;
    const compute::StorageBuffer& values;
  };
  virtual State state() const { return {keys_[slot_], values_[slot_]}; }
  // A stepper that keeps more in a checkpoint makes its own kind here, and fills and reads its
  // fields in save() and restore() (a static_cast: resume() has checked whose it is).
  virtual std::unique_ptr<StepperCheckpoint> newCheckpoint() const { return std::make_unique<StepperCheckpoint>(); }
  // Fills `into` (a new checkpoint, or an older one of this stepper) with the current state:
  // by default state()'s keys and values.
  virtual void save(StepperCheckpoint& into) const;
  // Makes `saved` current again, after passesRun() and slot() are set back to its own: by
  // default its keys and values into state().
  virtual void restore(const StepperCheckpoint& saved);

 private:
  std::string algorithm_;
  bool countWork_ = false;
  WorkCounter workCounter_;
  SortShape shape_;
  std::uint32_t passesRun_ = 0;
  std::uint64_t loadId_ = 0;  // ties checkpoints to one load()
  int slot_ = 0;
  compute::StorageBuffer inputKeys_, inputValues_;      // the loaded input, for restart()
  std::array<compute::StorageBuffer, 2> keys_, values_;  // the state: slot 0, and 1 to ping-pong
};

}  // namespace shadersort
