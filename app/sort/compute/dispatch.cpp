#include "sort/compute/dispatch.h"

#include "gl/compute.h"

namespace shadersort::compute {

void dispatchStep(std::uint64_t groups, const Step& step, const Sorter::StepObserver& observer) {
  gl::dispatchLinear(groups);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  if (observer) observer(step.name, step.bytes);
}

}  // namespace shadersort::compute
