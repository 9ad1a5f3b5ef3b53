#include "sort/pass_cursor.h"

#include <algorithm>

namespace shadersort {

CheckpointPlan planCheckpoints(std::uint32_t passCount, std::size_t checkpointBytes, std::size_t budgetBytes) {
  const std::uint64_t slots = std::min<std::uint64_t>(PassCursor::kMaxCheckpoints, budgetBytes / std::max<std::size_t>(checkpointBytes, 1));
  CheckpointPlan plan;
  // A quarter near (at least one when any fits): stepping back through the last passes is what
  // a person does most, one Left after another; the far ones bound a jump anywhere.
  plan.nearCount = static_cast<std::uint32_t>(slots == 0 ? 0 : std::max<std::uint64_t>(1, slots / 4));
  // Spaced so that they cover the last kNearPasses passes (or the whole of a shorter sort) however
  // the current pass falls between two of them: N at multiples of d below it reach N - 1 spans back.
  const std::uint32_t nearPasses = std::clamp<std::uint32_t>(passCount, 1, PassCursor::kNearPasses);
  const std::uint32_t spans = std::max<std::uint32_t>(plan.nearCount, 2) - 1;
  plan.nearSpacing = (nearPasses + spans - 1) / spans;
  const std::uint64_t far = slots - plan.nearCount;
  // Far checkpoints at K, 2K, ... <= passCount number passCount / K, at most `far`.
  plan.farInterval = static_cast<std::uint32_t>(std::min<std::uint64_t>(std::uint64_t{passCount} / (far + 1) + 1, UINT32_MAX));
  return plan;
}

PassCursor::PassCursor(Sorter& sorter, std::size_t memoryBudgetBytes)
    : sorter_(sorter), memoryBudgetBytes_(memoryBudgetBytes) {
  reset();
}

void PassCursor::reset() {
  sorter_.restart();
  const std::size_t bytes = std::max<std::size_t>(sorter_.checkpointBytes(), 1);
  // Kept for their storage when the new load's checkpoints are as big (a setting dragged live
  // reloads the same shape every frame); otherwise freed, so that the budget holds.
  if (bytes != checkpointBytes_) spares_.clear();
  for (Checkpoints* kept : {&far_, &near_}) {
    for (auto& [pass, checkpoint] : *kept)
      if (bytes == checkpointBytes_) spares_.push_back(std::move(checkpoint));
    kept->clear();
  }
  checkpointBytes_ = bytes;
  plan_ = planCheckpoints(sorter_.passCount(), bytes, memoryBudgetBytes_);
}

const Checkpoint* PassCursor::latestAtOrBefore(std::uint32_t pass) const {
  const Checkpoint* best = nullptr;
  for (const Checkpoints* kept : {&far_, &near_}) {
    auto found = kept->upper_bound(pass);
    if (found == kept->begin()) continue;
    const Checkpoint* candidate = std::prev(found)->second.get();
    if (best == nullptr || candidate->passesRun > best->passesRun) best = candidate;
  }
  return best;
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
    keepCheckpoint(sorter_.passesRun(), target);
  }
  return ran;
}

void PassCursor::keepCheckpoint(std::uint32_t pass, std::uint32_t target) {
  if (pass % plan_.farInterval == 0) {
    if (!far_.contains(pass)) far_.emplace(pass, takeCheckpoint());
    return;
  }
  if (plan_.nearCount == 0 || pass % plan_.nearSpacing != 0 || near_.contains(pass)) return;
  // Near ones of passes this far before the target would be dropped before the seek ends.
  if (target - pass >= std::uint64_t{plan_.nearCount} * plan_.nearSpacing) return;
  if (near_.size() >= plan_.nearCount) {
    // Full: the one furthest from this pass goes (its storage is the next one's).
    const auto distance = [pass](std::uint32_t other) { return other > pass ? other - pass : pass - other; };
    const auto lowest = near_.begin(), highest = std::prev(near_.end());
    const auto furthest = distance(lowest->first) >= distance(highest->first) ? lowest : highest;
    spares_.push_back(std::move(furthest->second));
    near_.erase(furthest);
  }
  near_.emplace(pass, takeCheckpoint());
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
