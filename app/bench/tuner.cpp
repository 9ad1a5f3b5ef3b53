#include "bench/tuner.h"

#include "core/error.h"

namespace shadersort::bench {
namespace {

TuneTrial measure(SortContext& context, const AlgorithmInfo& algorithm, const TunedSettings& settings, std::size_t count, int repetitions) {
  BenchCase benchCase;
  benchCase.algorithm = &algorithm;
  benchCase.options.settings = settings;
  benchCase.count = count;
  benchCase.repetitions = repetitions;
  TuneTrial trial;
  trial.settings = describeSettings(benchCase.options);
  try {
    const BenchResult result = runBenchCase(context, benchCase);
    trial.medianMs = result.medianMs;
    trial.verdict = result.verified ? "ok" : "wrong output";
  } catch (const UserError& refused) {
    trial.verdict = refused.what();
  }
  return trial;
}

}  // namespace

TuneOutcome tuneAlgorithm(SortContext& context, const AlgorithmInfo& algorithm, std::size_t count, int repetitions,
                          const std::function<void(const TuneTrial&)>& onTrial) {
  const std::vector<Tunable> tunables = algorithm.tunables(context.limits());
  TuneOutcome outcome;
  for (const Tunable& tunable : tunables) outcome.best[tunable.name] = tunable.defaultValue;
  const TuneTrial defaults = measure(context, algorithm, outcome.best, count, repetitions);
  onTrial(defaults);
  outcome.trials.push_back(defaults);
  if (defaults.verdict != "ok")
    throw UserError(std::string(algorithm.name) + " with its default settings: " + defaults.verdict);
  outcome.defaultMs = outcome.bestMs = defaults.medianMs;

  for (const Tunable& tunable : tunables) {
    for (int candidate : tunable.candidates) {
      if (candidate == outcome.best[tunable.name]) continue;
      TunedSettings trialSettings = outcome.best;
      trialSettings[tunable.name] = candidate;
      const TuneTrial trial = measure(context, algorithm, trialSettings, count, repetitions);
      onTrial(trial);
      outcome.trials.push_back(trial);
      if (trial.verdict == "ok" && trial.medianMs < outcome.bestMs) {
        outcome.bestMs = trial.medianMs;
        outcome.best = trialSettings;
      }
    }
  }
  return outcome;
}

}  // namespace shadersort::bench
