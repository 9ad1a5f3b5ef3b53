#include "sort/pass_cursor.h"

#include <algorithm>

namespace shadersort {

PassCursor::PassCursor(Sorter& sorter, std::size_t memoryBudgetBytes)
    : sorter_(sorter), memoryBudgetBytes_(memoryBudgetBytes) {
  reset();
}

void PassCursor::reset() {
  sorter_.restart();
  const std::uint64_t passCount = sorter_.passCount();
  const std::size_t bytes = std::max<std::size_t>(sorter_.checkpointBytes(), 1);
  // Kept for their storage when the new load's checkpoints are as big (a setting dragged live
  // reloads the same shape every frame); otherwise freed, so that the budget holds.
  if (bytes != checkpointBytes_) spares_.clear();
  for (auto& [pass, checkpoint] : checkpoints_)
    if (bytes == checkpointBytes_) spares_.push_back(std::move(checkpoint));
  checkpoints_.clear();
  checkpointBytes_ = bytes;
  const std::uint64_t affordable = std::min<std::uint64_t>(kMaxCheckpoints, memoryBudgetBytes_ / bytes);
  // Checkpoints at K, 2K, ... <= passCount number passCount / K, at most `affordable`.
  interval_ = static_cast<std::uint32_t>(std::min<std::uint64_t>(passCount / (affordable + 1) + 1, UINT32_MAX));
}

const Checkpoint* PassCursor::latestAtOrBefore(std::uint32_t pass) const {
  auto found = checkpoints_.upper_bound(pass);
  if (found == checkpoints_.begin()) return nullptr;
  return std::prev(found)->second.get();
}

std::uint32_t PassCursor::seek(std::uint32_t pass, std::uint32_t maxPasses) {
  const std::uint32_t target = std::min(pass, sorter_.passCount());
  // Back: from the nearest checkpoint at or before the target, else from pass 0. Forward: from
  // a checkpoint past the current pass when one lies on the way (after an earlier step back).
  const Checkpoint* start = latestAtOrBefore(target);
  if (target < sorter_.passesRun()) {
    if (start != nullptr) {
      sorter_.resume(*start);
    } else {
      sorter_.restart();
    }
  } else if (start != nullptr && start->passesRun > sorter_.passesRun()) {
    sorter_.resume(*start);
  }

  std::uint32_t ran = 0;
  while (ran < maxPasses && sorter_.passesRun() < target && !sorter_.finished()) {
    sorter_.runPass();
    ++ran;
    const std::uint32_t now = sorter_.passesRun();
    if (now % interval_ == 0 && !checkpoints_.contains(now)) checkpoints_.emplace(now, takeCheckpoint());
  }
  return ran;
}

std::unique_ptr<Checkpoint> PassCursor::takeCheckpoint() {
  while (!spares_.empty()) {
    std::unique_ptr<Checkpoint> spare = std::move(spares_.back());
    spares_.pop_back();
    if (sorter_.refreshCheckpoint(*spare)) return spare;
    // Another shape: its memory goes back now, before the new checkpoint takes its own.
  }
  return sorter_.checkpoint();
}

}  // namespace shadersort
