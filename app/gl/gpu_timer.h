#pragma once
// Times GPU work. Timer queries (GL_TIME_ELAPSED) where the driver's are trustworthy; elsewhere
// (llvmpipe reads 0 for compute work) wall-clock time around the calls, closed by glFinish. Every
// figure says which clock made it.

#include <functional>
#include <string>

namespace shadersort::gl {

struct Timing {
  double milliseconds = 0.0;
  std::string clock;  // "gpu" (timer query) or "wall" (glFinish around the calls)
};

// Runs `work` once (after a glFinish so earlier work is not counted) and times it.
Timing timeGpuWork(const std::function<void()>& work);

}  // namespace shadersort::gl
