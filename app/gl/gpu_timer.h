#pragma once
// Times GPU work. Timer queries (GL_TIME_ELAPSED) where the driver's are trustworthy; elsewhere
// (llvmpipe reads 0 for compute work) wall-clock time around the calls, closed by glFinish. Every
// figure says which clock made it.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace shadersort::gl {

struct Timing {
  double milliseconds = 0.0;
  std::string clock;  // "gpu" (timer query) or "wall" (glFinish around the calls)
};

// Runs `work` once (after a glFinish so earlier work is not counted) and times it.
Timing timeGpuWork(const std::function<void()>& work);

// Times the steps of one piece of GPU work: start(), then mark(name) after each step, then
// finish(). With trusted timer queries a GL_TIMESTAMP query goes into the command stream at each
// mark (recorded once everything before it has completed), so the steps are not slowed down;
// elsewhere each mark waits with glFinish and reads the wall clock ("wall").
class StepTimer {
 public:
  struct Step {
    std::string name;
    double milliseconds = 0.0;
  };
  StepTimer();
  ~StepTimer();
  StepTimer(const StepTimer&) = delete;
  StepTimer& operator=(const StepTimer&) = delete;

  void start();
  void mark(std::string_view name);
  // Waits for the GPU; the steps in the order marked.
  std::vector<Step> finish();
  const std::string& clock() const { return clock_; }

 private:
  struct Queries;
  std::string clock_;
  std::vector<std::string> names_;
  std::vector<double> wallMarks_;
  std::unique_ptr<Queries> queries_;  // null where the wall clock is used
};

}  // namespace shadersort::gl
