#pragma once
// Moves one Sorter to any pass, backwards as well as forwards, without replaying the whole sort:
// while it runs forward it keeps a checkpoint (a GPU copy of the state) every K passes, and a
// step back resumes the nearest one at or before the target and runs the few passes after it.
// K is chosen so that the checkpoints fit the memory budget and number at most kMaxCheckpoints,
// so a step back runs fewer than K passes. The viewer drives its lanes through this.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "sort/sorter.h"

namespace shadersort {

class PassCursor {
 public:
  static constexpr std::size_t kMaxCheckpoints = 64;

  // Rewinds the sorter to pass 0 (see reset()); `memoryBudgetBytes` bounds the checkpoints' GPU memory.
  explicit PassCursor(Sorter& sorter, std::size_t memoryBudgetBytes = 256u << 20);

  // Call after the sorter's load() or restart(): drops the checkpoints, rewinds to pass 0 and
  // chooses K for the loaded input.
  void reset();

  // Runs or rewinds toward exactly `pass` passes (clamped to what the sort reaches: a sorter may
  // finish early), running at most `maxPasses` passes in this call so that a long seek can be
  // spread over frames; call again to go on. Returns the passes it ran.
  std::uint32_t seek(std::uint32_t pass, std::uint32_t maxPasses = UINT32_MAX);

  // K: passes between checkpoints (passCount() + 1 when the budget holds none).
  std::uint32_t checkpointInterval() const { return interval_; }
  std::size_t checkpointCount() const { return checkpoints_.size(); }

 private:
  // The latest checkpoint at or before `pass`, or null.
  const Checkpoint* latestAtOrBefore(std::uint32_t pass) const;
  // The sorter's checkpoint of its current state, in a spare's storage when one fits.
  std::unique_ptr<Checkpoint> takeCheckpoint();

  Sorter& sorter_;
  std::size_t memoryBudgetBytes_;
  std::uint32_t interval_ = 1;
  std::map<std::uint32_t, std::unique_ptr<Checkpoint>> checkpoints_;  // by pass
  std::vector<std::unique_ptr<Checkpoint>> spares_;  // dropped by reset(), reused by the next ones
  std::size_t checkpointBytes_ = 0;                  // of each checkpoint of the current load
};

}  // namespace shadersort
