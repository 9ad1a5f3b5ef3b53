#pragma once
// The GPU side of work counting: one slot of counters per pass in a storage buffer, which the
// instrumented shaders (compiled with workCountDefines(), see shaders/sort/work_count.glsl) add
// to with atomics. A pass that runs again (after restart(), seek() or resume()) clears its slot
// first, so its counts replace the earlier ones. Only sorters loaded with counting on own one;
// the fast path neither binds nor reads it.

#include <cstdint>
#include <optional>
#include <vector>

#include "gl/program.h"
#include "sort/compute/storage_buffer.h"
#include "sort/work_counts.h"

namespace shadersort {

// Binding 7: free in every teaching kernel (radix's tickets, the only other user, belong to its
// chained fast pipeline), and within GL 4.3's minimum of 8 storage blocks.
inline constexpr GLuint kWorkCountBinding = 7;

// COUNT_WORK, WORK_COUNT_BINDING and the WORK_<FIELD> word indices.
gl::ShaderDefines workCountDefines();

class WorkCounter {
 public:
  // A zeroed slot for each of `passCount` passes; earlier counts are dropped.
  void reset(std::uint32_t passCount);
  // Clears pass `pass`'s slot and binds it to kWorkCountBinding for the pass's dispatches/draws.
  void beginPass(std::uint32_t pass);
  // The counts of pass `pass` (read back once, then kept until the pass runs again); nullopt for
  // a pass that never began since reset().
  std::optional<WorkCounts> read(std::uint32_t pass) const;

 private:
  compute::StorageBuffer buffer_;
  std::vector<bool> begun_;
  mutable std::vector<std::optional<WorkCounts>> cache_;
};

}  // namespace shadersort
