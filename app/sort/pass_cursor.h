#pragma once
// Moves one Sorter to any pass, backwards as well as forwards, without replaying the whole sort.
// It keeps checkpoints (GPU copies of the state) of two kinds while it runs passes:
//   far:  every K-th pass of the sort, so that a step back anywhere replays fewer than K passes;
//   near: every d-th pass of the N·d passes before the pass it last ran to, so that stepping back
//         through the last passes replays fewer than d passes each. A replay takes new near ones
//         on its way, dropping those furthest from it, so the near window follows the steps.
// planCheckpoints() splits the memory budget between the two. The viewer drives its lanes through this.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "sort/sorter.h"

namespace shadersort {

struct CheckpointPlan {
  std::uint32_t farInterval = 1;  // K (passCount + 1: no far checkpoint)
  std::uint32_t nearSpacing = 1;  // d
  std::uint32_t nearCount = 0;    // N
};

// The checkpoints that `budgetBytes` affords for a sort of `passCount` passes whose checkpoints
// are `checkpointBytes` each: at most PassCursor::kMaxCheckpoints, a quarter of them near (at
// least one; N of them spaced d = kNearPasses / (N - 1) apart, rounded up, to cover the last
// PassCursor::kNearPasses passes), the rest far.
CheckpointPlan planCheckpoints(std::uint32_t passCount, std::size_t checkpointBytes, std::size_t budgetBytes);

class PassCursor {
 public:
  static constexpr std::size_t kMaxCheckpoints = 64;
  // The viewer's budget per lane: 32 checkpoints of a 2048x2048 frag-odd-even state (32 MiB each).
  static constexpr std::size_t kDefaultBudgetBytes = std::size_t{1} << 30;
  // The passes before the current one that near checkpoints cover: the viewer's promise of a
  // quick step back holds for these.
  static constexpr std::uint32_t kNearPasses = 64;

  // Rewinds the sorter to pass 0 (see reset()); `memoryBudgetBytes` bounds the checkpoints' GPU memory.
  explicit PassCursor(Sorter& sorter, std::size_t memoryBudgetBytes = kDefaultBudgetBytes);

  // Call after the sorter's load() or restart(): drops the checkpoints, rewinds to pass 0 and
  // plans them for the loaded input.
  void reset();

  // Runs or rewinds toward exactly `pass` passes (clamped to what the sort reaches: a sorter may
  // finish early), running at most `maxPasses` passes in this call so that a long seek can be
  // spread over frames; call again to go on. Returns the passes it ran.
  std::uint32_t seek(std::uint32_t pass, std::uint32_t maxPasses = UINT32_MAX);

  // K: passes between far checkpoints (passCount() + 1 when the budget holds none).
  std::uint32_t checkpointInterval() const { return plan_.farInterval; }
  const CheckpointPlan& plan() const { return plan_; }
  std::size_t checkpointCount() const { return far_.size() + near_.size(); }

 private:
  using Checkpoints = std::map<std::uint32_t, std::unique_ptr<Checkpoint>>;  // by pass
  // The latest checkpoint at or before `pass`, or null.
  const Checkpoint* latestAtOrBefore(std::uint32_t pass) const;
  // After a pass run on the way to `target`: a checkpoint of it, when the plan has one there.
  void keepCheckpoint(std::uint32_t pass, std::uint32_t target);
  // The sorter's checkpoint of its current state, in a spare's storage when one fits.
  std::unique_ptr<Checkpoint> takeCheckpoint();

  Sorter& sorter_;
  std::size_t memoryBudgetBytes_;
  CheckpointPlan plan_;
  Checkpoints far_, near_;
  std::vector<std::unique_ptr<Checkpoint>> spares_;  // dropped ones, reused by the next ones
  std::size_t checkpointBytes_ = 0;                  // of each checkpoint of the current load
};

}  // namespace shadersort
