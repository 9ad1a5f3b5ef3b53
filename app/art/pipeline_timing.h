#pragma once
// Times the whole pixel-sort pipeline and each of its stages, as `bench --art` and `run --stats`
// report them: untimed runs first for a wall-clock time (a GPU's idle clock needs work to ramp
// up), then runs each with a GPU timestamp at every stage boundary (gl::StepTimer; the wall clock
// and glFinish where the driver's timer queries are not trusted).

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "art/art_pipeline.h"

namespace shadersort::art {

struct PipelineTimingPlan {
  int runs = 5;
  double warmupSeconds = 0.0;  // of untimed runs, each closed by glFinish; 0: none
  bool keepMap = false;        // the path map built once before timing; else every run rebuilds it
  std::optional<std::uint32_t> passes;  // of the sort; empty: all
};

struct PipelineTimings {
  std::string clock;  // "gpu" (timestamps) or "wall" (glFinish at each boundary)
  int warmupRuns = 0;
  double warmupSeconds = 0.0;  // spent warming up
  // Milliseconds per timed run, by ArtStage; the map's stays empty when it is kept. A stage's time
  // runs from the previous boundary to its own, so CPU work the pipeline does in between (an
  // angled path's line geometry, the read-back of the span counts) falls in its stage.
  std::array<std::vector<double>, 5> stages;
  std::vector<double> whole;  // per run, from its first timestamp to its last
  const std::vector<double>& of(ArtStage stage) const { return stages[static_cast<std::size_t>(stage)]; }
};

// Runs setSettings(settings) and sort(sorter, passes) on `pipeline` as the plan says and times the
// timed runs. The pipeline must hold its images; the sorter's state afterwards is the last run's.
PipelineTimings timePipeline(ArtPipeline& pipeline, Sorter& sorter, const ArtSettings& settings,
                             const PipelineTimingPlan& plan);

}  // namespace shadersort::art
