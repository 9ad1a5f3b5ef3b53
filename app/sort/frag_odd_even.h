#pragma once
// Odd-even transposition sort as texture ping-pong: the state lives in two RG32UI textures
// (width = sequence length, one row per sequence, texel = key and value); each pass is one
// full-screen draw from one texture into the other.

#include <array>

#include "gl/handles.h"
#include "gl/limits.h"
#include "gl/program.h"
#include "sort/registry.h"
#include "sort/sort_context.h"
#include "sort/stepper.h"

namespace shadersort {

class FragOddEvenSorter final : public Stepper {
 public:
  FragOddEvenSorter(const SortContext& context, const SorterOptions& options);
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);

  using Sorter::load;
  void load(const SortTarget& input) override;
  std::uint32_t passCount() const override;
  std::string describePass(std::uint32_t pass) const override;
  std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const override;
  // The state in textures: Stepper's buffer state is not used.
  SortData read() const override;
  GpuStateView gpuState() const override;
  std::size_t checkpointBytes() const override;

 private:
  // Stepper's hooks, for a state in textures (the slot is the texture of the ping-pong pair).
  void run(std::uint32_t pass) override;
  void rewind() override;
  std::unique_ptr<StepperCheckpoint> newCheckpoint() const override;
  void save(StepperCheckpoint& into) const override;
  void restore(const StepperCheckpoint& saved) override;
  void fillInput(const SortTarget& input);

  gl::ShaderSource shaders_;  // the context's
  bool descendingKeys_ = false;
  gl::Program program_;  // the instrumented one when counting work
  gl::Program loadProgram_;  // built on the first load
  GLint parityLocation_ = -1;
  GLint lengthLocation_ = -1;
  GLint stateLocation_ = -1;
  gl::VertexArray emptyVertexArray_;
  gl::Texture input_;                       // kept for restart()
  std::array<gl::Texture, 2> state_;        // ping-pong pair: state_[slot()] holds the state
  std::array<gl::Framebuffer, 2> targets_;  // targets_[i] draws into state_[i]
};

}  // namespace shadersort
