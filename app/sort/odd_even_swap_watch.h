#pragma once
// How the CPU learns that odd-even transposition has sorted its input, without stalling the GPU.
//
// Every pass adds the swaps of its closing rounds (its last two rounds, or its only round) to its
// own counter in a GPU buffer. Odd-even transposition is sorted exactly when an even and an odd
// round in a row swap nothing: together they compare every neighbouring pair, and found each in
// order. Every `checkInterval` passes the new counters are copied into a small staging buffer
// behind a fence. The CPU reads a staging buffer only once its fence has signalled, so it never
// waits for the pass it just issued; only when every staging buffer of the ring is still in
// flight does it wait, and then for the oldest, `ring size x checkInterval` passes back.

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "gl/handles.h"
#include "sort/compute/storage_buffer.h"

namespace shadersort {

class SwapWatch {
 public:
  static constexpr std::uint32_t kRingSize = 4;

  // Allocates the counters and the staging ring for an input sorted in at most `passCount`
  // passes of `roundsPerPass` rounds each; rewinds.
  void reset(std::uint32_t passCount, std::uint32_t roundsPerPass, std::uint32_t checkInterval);
  // Back to pass 0: counters zeroed, checks in flight dropped.
  void rewind();

  // One word per pass; pass p adds its closing-round swaps to word p.
  const compute::StorageBuffer& counters() const { return counters_; }

  // Call after each pass is issued; `passesRun` counts it. Issues a check when one is due, and
  // after the last pass, so that every pass's count reaches the CPU.
  void passIssued(std::uint32_t passesRun);
  // Reads every check that has completed, without waiting.
  void poll();
  // The number of passes after which the state was seen to be sorted, once a check showed it.
  std::optional<std::uint32_t> sortedAfter() const { return sortedAfter_; }
  // Pass `pass`'s counter, once a completed check has brought it to the CPU. A count depends
  // only on the loaded input, so the counts read survive rewind(); reset() forgets them.
  std::optional<std::uint32_t> countOf(std::uint32_t pass) const;

  // What a checkpoint keeps of the watch: the counters, copied on the GPU (zero from the
  // checkpoint's pass on), and what the CPU had read of them by then.
  struct Saved {
    gl::Buffer counters;
    std::uint32_t readUpTo = 0;
    std::optional<std::uint32_t> sortedAfter;
  };
  Saved save() const;
  // Back to a point saved `passesRun` passes in: its counters and knowledge, and the checks that
  // were in flight then issued again, so early exit comes where running passes would bring it.
  void restore(const Saved& saved, std::uint32_t passesRun);

 private:
  struct SyncDeleter {
    void operator()(GLsync sync) const { glDeleteSync(sync); }
  };
  using Fence = std::unique_ptr<std::remove_pointer_t<GLsync>, SyncDeleter>;

  struct Check {
    gl::Buffer staging;
    Fence fence;
    std::uint32_t firstPass = 0;  // the pass whose counter is the staging buffer's word 0
    std::uint32_t count = 0;      // counters copied
  };

  void issueCheck(std::uint32_t passesRun);
  void consumeOldest();  // reads the oldest check in flight; its fence must have signalled
  bool isQuiet(const std::uint32_t* counts, std::uint32_t firstPass, std::uint32_t pass) const;

  compute::StorageBuffer counters_;
  std::array<Check, kRingSize> ring_;
  std::uint32_t oldest_ = 0;   // ring index of the oldest check in flight
  std::uint32_t inFlight_ = 0;
  std::uint32_t passCount_ = 0;
  std::uint32_t roundsPerPass_ = 1;
  std::uint32_t checkInterval_ = 1;
  std::uint32_t checkedUpTo_ = 0;  // passes whose counters a check has already taken
  std::uint32_t readUpTo_ = 0;     // passes whose counters the CPU has read
  std::vector<std::optional<std::uint32_t>> countsRead_;  // per pass
  std::optional<std::uint32_t> sortedAfter_;
};

}  // namespace shadersort
