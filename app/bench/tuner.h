#pragma once
// Workgroup-size tuning: sweep an algorithm's tunables on this GPU, verify every candidate's
// output, keep the fastest. Coordinate descent: each setting in turn tries all its candidates
// with the others at their best so far, starting from the defaults, so the result is never slower
// than the defaults on the measured case.

#include <functional>
#include <string>
#include <vector>

#include "bench/benchmark.h"
#include "bench/tune_cache.h"

namespace shadersort::bench {

struct TuneTrial {
  std::string settings;  // what was tried
  double medianMs = 0;
  std::string verdict;   // "ok", "wrong output", or why the sorter refused the combination
};

struct TuneOutcome {
  TunedSettings best;  // every tunable, at its chosen value
  double defaultMs = 0, bestMs = 0;
  std::vector<TuneTrial> trials;
};

// Throws UserError when the defaults themselves fail.
TuneOutcome tuneAlgorithm(SortContext& context, const AlgorithmInfo& algorithm, std::size_t count, int repetitions,
                          const std::function<void(const TuneTrial&)>& onTrial);

}  // namespace shadersort::bench
