#include "art/pipeline_timing.h"

#include <glad/gl.h>

#include <chrono>

#include "gl/gpu_timer.h"

namespace shadersort::art {
namespace {

// Clears the observer however timing ends, so that a failed run leaves the pipeline unobserved.
class ObserverScope {
 public:
  ObserverScope(ArtPipeline& pipeline, ArtPipeline::StageObserver observer) : pipeline_(pipeline) {
    pipeline_.observeStages(std::move(observer));
  }
  ~ObserverScope() { pipeline_.observeStages({}); }
  ObserverScope(const ObserverScope&) = delete;
  ObserverScope& operator=(const ObserverScope&) = delete;

 private:
  ArtPipeline& pipeline_;
};

}  // namespace

PipelineTimings timePipeline(ArtPipeline& pipeline, Sorter& sorter, const ArtSettings& settings,
                             const PipelineTimingPlan& plan) {
  const auto runOnce = [&] {
    if (!plan.keepMap) pipeline.forgetMap();
    pipeline.setSettings(settings);
    pipeline.sort(sorter, plan.passes);
  };
  if (plan.keepMap) {
    pipeline.setSettings(settings);
    pipeline.prepare(pipeline.packingFor(sorter));  // builds the map when it is not this path's
  }

  PipelineTimings timings;
  using Clock = std::chrono::steady_clock;
  const auto warmupStart = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - warmupStart).count(); };
  while (elapsed() < plan.warmupSeconds) {
    runOnce();
    glFinish();  // the GPU must do the work, not queue it
    ++timings.warmupRuns;
  }
  timings.warmupSeconds = elapsed();

  gl::StepTimer timer;
  timings.clock = timer.clock();
  std::vector<ArtStage> order;  // of this run's marks
  const ObserverScope observe(pipeline, [&](ArtStage stage) {
    order.push_back(stage);
    timer.mark(artStageName(stage));
  });
  for (int run = 0; run < plan.runs; ++run) {
    order.clear();
    timer.start();
    runOnce();
    const std::vector<gl::StepTimer::Step> steps = timer.finish();
    double whole = 0.0;
    for (std::size_t i = 0; i < steps.size() && i < order.size(); ++i) {
      timings.stages[static_cast<std::size_t>(order[i])].push_back(steps[i].milliseconds);
      whole += steps[i].milliseconds;
    }
    timings.whole.push_back(whole);
  }
  return timings;
}

}  // namespace shadersort::art
