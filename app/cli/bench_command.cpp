// `shadersort bench`: time algorithms over sizes and distributions against std::sort, and
// `shadersort plot`: draw a bench CSV (for figures measured on another machine).

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>

#include "bench/bench_report.h"
#include "bench/benchmark.h"
#include "bench/tune_cache.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_identity.h"
#include "core/input_file.h"
#include "core/quoting.h"

namespace shadersort::cli {
int runBench(const GlobalOptions& global, const BenchOptions& options) {
  const KeyType type = *parseKeyType(options.keyType);  // names and numbers were checked with the command line
  std::vector<const AlgorithmInfo*> chosen;
  for (const std::string& name : options.algorithms) chosen.push_back(&findAlgorithm(name));
  const std::vector<std::pair<const char*, const std::string*>> outputs = {
      {"--csv", &options.csvPath}, {"--json", &options.jsonPath}, {"--plot", &options.plotPath}};
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i].second->empty()) continue;
    requireWritableOutput(*outputs[i].second);
    for (std::size_t j = i + 1; j < outputs.size(); ++j)
      if (!outputs[j].second->empty() && sameFile(*outputs[i].second, *outputs[j].second))
        throw UsageError(std::string(outputs[i].first) + " " + quote(*outputs[i].second) + " and " + outputs[j].first + " " +
                         quote(*outputs[j].second) + " are the same file");
  }

  GpuSession gpu(global);
  std::vector<std::size_t> sizes = options.sizes;
  if (sizes.empty()) {
    // A CPU rasterizer is thousands of times slower than a GPU: keep its default run short.
    sizes = gpu.limits().isSoftwareRenderer() ? std::vector<std::size_t>{1u << 10, 1u << 12, 1u << 14}
                                              : std::vector<std::size_t>{1u << 16, 1u << 18, 1u << 20, 1u << 22, 1u << 24};
  }
  if (chosen.empty())
    for (const auto& algorithm : algorithms()) chosen.push_back(&algorithm);
  // The command line's settings are checked once per algorithm before any case runs.
  for (const AlgorithmInfo* algorithm : chosen) createSorter(*algorithm, options.sorter, gpu.sortContext(), global.useTuneCache);
  const bool terminal = ::isatty(STDERR_FILENO);
  std::vector<bench::BenchResult> results;
  const std::size_t total = chosen.size() * sizes.size() * options.distributions.size();
  std::printf("%-14s %11s %-14s %-4s %5s %11s %11s %9s %11s %8s %s\n", "algorithm", "n", "distribution", "type", "clock",
              "median ms", "min ms", "Mkeys/s", "cpu ms", "vs cpu", "verified");
  // Algorithms innermost: cases on the same data follow each other and share the CPU reference.
  for (std::size_t count : sizes) {
    for (const std::string& distribution : options.distributions) {
      for (const AlgorithmInfo* algorithm : chosen) {
        if (terminal)
          std::fprintf(stderr, "\r[%zu/%zu] %s n=%zu %s...   ", results.size() + 1, total, std::string(algorithm->name).c_str(),
                       count, distribution.c_str());
        // Counts are below 2^32; segments divide them (checked with the command line).
        const std::uint32_t segment = options.segmentLength == 0 ? static_cast<std::uint32_t>(count) : options.segmentLength;
        const SortShape shape{static_cast<std::uint32_t>(count / std::max<std::uint32_t>(segment, 1)), segment, options.pairs};
        if (const std::string why = algorithm->whyCannotSort(shape, gpu.limits()); !why.empty()) {
          if (terminal) std::fprintf(stderr, "\r\033[K");
          std::printf("%-14s %11zu %-14s skipped: %s\n", std::string(algorithm->name).c_str(), count, distribution.c_str(),
                      why.c_str());
          continue;
        }
        bench::BenchCase benchCase;
        benchCase.algorithm = algorithm;
        benchCase.options = bench::withTunedSettings(*algorithm, options.sorter, gpu.sortContext(), global.useTuneCache);
        benchCase.count = count;
        benchCase.distribution = distribution;
        benchCase.type = type;
        benchCase.pairs = options.pairs;
        benchCase.repetitions = options.repetitions;
        benchCase.steps = options.steps;
        benchCase.segmentLength = options.segmentLength;
        benchCase.throughLibrary = options.throughLibrary;
        benchCase.segmentsAsOffsets = options.segmentOffsets;
        const bench::BenchResult r = bench::runBenchCase(gpu.sortContext(), benchCase);
        gpu.requireNoGlErrors();
        if (terminal) std::fprintf(stderr, "\r\033[K");
        std::printf("%-14s %11zu %-14s %-4s %5s %11.4f %11.4f %9.3f %11.4f %7.2fx %s\n", r.algorithm.c_str(), r.count,
                    r.distribution.c_str(), r.type.c_str(), r.clock.c_str(), r.medianMs, r.minMs, r.keysPerSecond() / 1e6,
                    r.cpuMedianMs, r.medianMs > 0 ? r.cpuMedianMs / r.medianMs : 0.0, r.verified ? "yes" : "NO");
        if (!r.steps.empty()) {
          std::printf("  steps (%s clock, median of %d sorts):", r.stepClock.c_str(), r.repetitions);
          for (const auto& step : r.steps) {
            std::printf(" %s %dx %.4f ms", step.name.c_str(), step.count, step.totalMs);
            if (step.bytes > 0 && r.copyGigabytesPerSecond() > 0) {
              // Three significant digits at least, so that a CPU rasterizer's 0.13 GB/s says something.
              const double rate = step.gigabytesPerSecond();
              std::printf(" (%.*f GB/s, %.0f%% of copy)", rate < 1 ? 3 : rate < 10 ? 2 : rate < 100 ? 1 : 0, rate,
                          100 * rate / r.copyGigabytesPerSecond());
            }
            std::printf(";");
          }
          std::printf("\n  copy of the same %zu bytes by a compute shader, buffer to buffer: %.4f ms, %.1f GB/s read + write\n",
                      r.copyBytes, r.copyMs, r.copyGigabytesPerSecond());
        }
        std::fflush(stdout);
        results.push_back(r);
      }
    }
  }
  // Also when every case was skipped: the settings were checked by building sorters.
  gpu.requireNoGlErrors();
  // All outputs or none: each is complete in its temporary file before any is renamed.
  std::vector<std::unique_ptr<StagedFile>> staged;
  auto stage = [&](const std::string& path, const std::string& text) {
    staged.push_back(std::make_unique<StagedFile>(path, std::vector<std::uint8_t>(text.begin(), text.end())));
  };
  if (!options.csvPath.empty()) stage(options.csvPath, bench::toCsv(results));
  if (!options.jsonPath.empty()) stage(options.jsonPath, bench::toJson(results, gpu.limits().renderer, gpu.limits().version));
  if (!options.plotPath.empty())
    staged.push_back(std::make_unique<StagedFile>(options.plotPath,
                                                  bench::renderPlot(results, bench::plotTitleFrom(gpu.limits().renderer))));
  for (const auto& output : staged) output->commit();
  const bool allVerified = std::all_of(results.begin(), results.end(), [](const auto& r) { return r.verified; });
  if (!allVerified) std::cerr << "shadersort: bench: some outputs were wrong (verified = NO)\n";
  return allVerified ? 0 : 1;
}

int runPlot(const PlotOptions& options) {
  requireWritableOutput(options.outputPath);
  const std::vector<std::uint8_t> bytes = readWholeFile(options.csvPath, bench::kMaxCsvBytes);
  const auto results = bench::fromCsv(std::string(bytes.begin(), bytes.end()), options.csvPath);
  std::vector<bench::ReferenceSeries> references;
  for (const std::string& path : options.referencePaths) {
    const std::vector<std::uint8_t> referenceBytes = readWholeFile(path, bench::kMaxReferenceCsvBytes);
    for (bench::ReferenceSeries& series : bench::referencesFromCsv(std::string(referenceBytes.begin(), referenceBytes.end()), path))
      references.push_back(std::move(series));
  }
  writeFileAtomically(options.outputPath, bench::renderPlot(results, options.title, references));
  return 0;
}

}  // namespace shadersort::cli
