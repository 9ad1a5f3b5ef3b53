#pragma once
// The one way the compute sorters run a dispatch: the workgroups, the barrier that lets the next
// dispatch read what this one wrote, then the step observer (`bench --steps`).

#include <cstdint>
#include <string_view>

#include "sort/sorter.h"

namespace shadersort::compute {

// A dispatch as Sorter::StepObserver sees it: a short name ("downsweep") and the bytes a
// perfect kernel must read and write in GPU memory for it.
struct Step {
  std::string_view name;
  std::uint64_t bytes = 0;
};

// Runs `groups` workgroups of the program in use (as a 2D grid beyond one dimension's limit:
// gl::dispatchLinear), issues GL_SHADER_STORAGE_BARRIER_BIT, then calls `observer` with `step`
// when there is an observer. 0 groups dispatch nothing; the barrier and the report still come.
void dispatchStep(std::uint64_t groups, const Step& step, const Sorter::StepObserver& observer);

}  // namespace shadersort::compute
