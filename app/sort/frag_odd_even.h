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
#include "sort/sorter.h"
#include "sort/work_counter.h"

namespace shadersort {

class FragOddEvenSorter final : public Sorter {
 public:
  std::string_view algorithmName() const override { return "frag-odd-even"; }
  FragOddEvenSorter(const SortContext& context, const SorterOptions& options);
  static std::string whyCannotSort(const SortShape& shape, const gl::Limits& limits);

  using Sorter::load;
  void load(const SortTarget& input) override;
  void restart() override;
  std::uint32_t passCount() const override;
  std::uint32_t passesRun() const override { return passesRun_; }
  std::string describePass(std::uint32_t pass) const override;
  std::vector<Comparator> comparators(std::uint32_t pass, std::size_t limit) const override;
  void runPass() override;
  SortData read() const override;
  GpuStateView gpuState() const override;
  std::unique_ptr<Checkpoint> checkpoint() const override;
  void resume(const Checkpoint& saved) override;
  std::size_t checkpointBytes() const override;
  bool canCountWork() const override { return countWork_; }
  std::optional<WorkCounts> workCounts(std::uint32_t pass) const override;

 private:
  void fillInput(const SortTarget& input);

  gl::ShaderSource shaders_;  // the context's
  bool descendingKeys_ = false;
  bool countWork_ = false;  // program_ is the instrumented one
  WorkCounter workCounter_;
  gl::Program program_;
  gl::Program loadProgram_;  // built on the first load
  GLint parityLocation_ = -1;
  GLint lengthLocation_ = -1;
  GLint stateLocation_ = -1;
  gl::VertexArray emptyVertexArray_;
  gl::Texture input_;                       // kept for restart()
  std::array<gl::Texture, 2> state_;        // ping-pong pair
  std::array<gl::Framebuffer, 2> targets_;  // targets_[i] draws into state_[i]
  SortShape shape_;
  std::uint32_t passesRun_ = 0;
  int current_ = 0;  // state_[current_] holds the state after passesRun_ passes
  std::uint64_t loadId_ = 0;  // ties checkpoints to this load()
};

}  // namespace shadersort
