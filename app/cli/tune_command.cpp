// `shadersort tune`: sweep each algorithm's tunables on this GPU and cache the fastest.

#include <cstdio>
#include <iostream>

#include "bench/tune_cache.h"
#include "bench/tuner.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/error.h"
#include "core/quoting.h"

namespace shadersort::cli {

int runTune(const GlobalOptions& global, const TuneOptions& options) {
  std::vector<const AlgorithmInfo*> chosen;
  for (const std::string& name : options.algorithms) chosen.push_back(&findAlgorithm(name));
  // The cache is checked before the sweep, which can take minutes: if it cannot be written the
  // user hears it now, and the results are still printed.
  std::string cacheProblem;
  try {
    bench::requireTuneCacheWritable();
  } catch (const UserError& problem) {
    cacheProblem = problem.what();
    std::cerr << "shadersort: " << printable(cacheProblem) << "; the results are printed, not cached\n";
  }
  GpuSession gpu(global);
  if (chosen.empty())
    for (const auto& algorithm : algorithms()) chosen.push_back(&algorithm);
  const std::size_t count = options.count > 0 ? options.count : gpu.limits().isSoftwareRenderer() ? (1u << 14) : (1u << 22);
  std::printf("tuning on %s (%s), %zu random u32 keys, median of %d\n", gpu.limits().renderer.c_str(),
              gpu.limits().version.c_str(), count, options.repetitions);
  for (const AlgorithmInfo* algorithm : chosen) {
    if (algorithm->tunables(gpu.limits()).empty()) {
      std::printf("\n%s: nothing to tune\n", std::string(algorithm->name).c_str());
      continue;
    }
    // The count meets the algorithm's limits before any keys are made (counts are below 2^32).
    const SortShape shape{1, static_cast<std::uint32_t>(count), false};
    if (const std::string why = algorithm->whyCannotSort(shape, gpu.limits()); !why.empty()) {
      std::printf("\n%s: skipped: %s\n", std::string(algorithm->name).c_str(), why.c_str());
      continue;
    }
    std::printf("\n%s\n  %-48s %12s  %s\n", std::string(algorithm->name).c_str(), "settings", "median ms", "verdict");
    const bench::TuneOutcome outcome =
        bench::tuneAlgorithm(gpu.sortContext(), *algorithm, count, options.repetitions, [](const bench::TuneTrial& trial) {
          std::printf("  %-48s %12.4f  %s\n", trial.settings.c_str(), trial.medianMs, trial.verdict.c_str());
          std::fflush(stdout);
        });
    gpu.requireNoGlErrors();
    SorterOptions best;
    best.settings = outcome.best;
    std::printf("  best: %s, %.4f ms (defaults %.4f ms, %.2fx)\n", bench::describeSettings(best).c_str(), outcome.bestMs,
                outcome.defaultMs, outcome.bestMs > 0 ? outcome.defaultMs / outcome.bestMs : 1.0);
    std::fflush(stdout);
    if (cacheProblem.empty()) {
      try {
        bench::storeTunedSettings(gpu.limits(), std::string(algorithm->name), outcome.best);
      } catch (const UserError& problem) {
        cacheProblem = problem.what();
        std::cerr << "shadersort: " << printable(cacheProblem) << "; the results are printed, not cached\n";
      }
    }
  }
  // Also when nothing was tuned: finding that out queried the driver.
  gpu.requireNoGlErrors();
  if (!cacheProblem.empty()) return 1;
  std::printf("\ncached in %s\n", quote(bench::tuneCachePath()).c_str());
  return 0;
}

}  // namespace shadersort::cli
