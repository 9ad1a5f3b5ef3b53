// `shadersort run` with --path / --spans: a pixel-sort of spans along paths, through the art
// pipeline, with any sorter.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <algorithm>
#include <memory>
#include <optional>

#include "art/art_pipeline.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "cli/run_recording.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/memory_budget.h"
#include "core/quoting.h"
#include "sort/registry.h"

namespace shadersort::cli {
namespace {

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// An image the settings name (mask, intervals, key image); its size is checked against the
// picture's by the plan.
std::unique_ptr<Image> loadNamedImage(const std::string& path) {
  if (path.empty()) return nullptr;
  return std::make_unique<Image>(loadImage(path));
}

}  // namespace

int runArt(const GlobalOptions& global, const RunOptions& options) {
  const ArtRequest& request = *options.art;
  if (!options.outputPath.empty()) requireWritableOutput(options.outputPath);
  requireRecordableOutputs(options);
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  // An unfinished state can only be drawn where pixels never leave their span on the way: the
  // compare-exchange sorts. Radix and bitonic move pixels across the packed row mid-sort.
  const bool drawsUnfinished = algorithm.name == "odd-even" || algorithm.name == "frag-odd-even";
  if ((options.passes || options.record.any()) && !drawsUnfinished)
    throw UsageError(std::string(options.passes ? "--passes" : "--gif and --sheet") +
                     " with a pixel-sort need odd-even or frag-odd-even (" + std::string(algorithm.name) +
                     "'s unfinished states mix the spans of a row)");

  const InputPlan plan = planInput(options.input);
  // planInput charged the decoding and an ordinary sort; spans along paths need more.
  const std::uint64_t pixels = static_cast<std::uint64_t>(plan.width) * static_cast<std::uint64_t>(plan.height);
  requireMemory(pixels * (kSortBytesPerPixel + art::kArtBytesPerPixel), plan.description + " as a pixel-sort");
  const ResolvedInput input = resolveInput(plan);
  const auto mask = loadNamedImage(request.maskPath);
  const auto intervals = loadNamedImage(request.intervalsPath);
  const auto keyImage = loadNamedImage(request.keyImagePath);

  const auto planStart = std::chrono::steady_clock::now();
  const art::ArtPipeline pipeline(request.settings, {&input.image, mask.get(), intervals.get(), keyImage.get()});
  const double planMs = millisecondsSince(planStart);

  GpuSession gpu(global);
  auto sorter = createSorter(algorithm, options.sorter, gpu.limits(), global.useTuneCache);
  const SortShape shape = pipeline.packed().data.shape();
  if (!pipeline.empty())
    requireSortableInput(algorithm, shape, gpu.limits(),
                         plan.description + " packed into " + std::to_string(shape.sequenceCount) + " rows of " +
                             std::to_string(shape.sequenceLength) + " for its spans");
  const auto sortStart = std::chrono::steady_clock::now();
  std::optional<RunRecording> recording;
  if (options.record.any() && !pipeline.empty()) {
    pipeline.load(*sorter);
    recording.emplace(options.record, input.image.width, input.image.height,
                      std::min(options.passes.value_or(sorter->passCount()), sorter->passCount()));
    recording->run(*sorter, [&](const Sorter& state) { return art::applySources(input.image, pipeline.sources(state)); });
  } else if (options.record.any()) {
    throw UserError("nothing to record: this pixel-sort has no span of two pixels or more");
  } else {
    pipeline.sort(*sorter, options.passes);
  }
  const std::vector<std::uint32_t> sources = pipeline.sources(*sorter);
  const double sortMs = millisecondsSince(sortStart);
  gpu.requireNoGlErrors();

  // A finished sort is checked before it is written (spans in order, each holding its own
  // pixels, the rest in place); --verify also holds a stable sort to the CPU reference.
  const bool finished = pipeline.empty() || sorter->finished();
  std::string problem;
  if (finished) {
    problem = art::checkSources(pipeline.plan(), sources, algorithm.stable);
    if (problem.empty() && options.verify && algorithm.stable && sources != art::referenceSources(pipeline.plan()))
      problem = "differs from the CPU reference";
  } else if (options.verify) {
    std::cerr << "verify: after " << sorter->passesRun() << " of " << sorter->passCount()
              << " passes only finished sorts are checked\n";
  }
  if (!problem.empty()) return reportWrongResult(options, algorithm.name, problem);
  if (recording) recording->commit();
  if (!options.outputPath.empty()) savePng(art::applySources(input.image, sources), options.outputPath);
  if (options.stats) {
    const art::ArtPlan& artPlan = pipeline.plan();
    std::printf("%s: %s, spans %s: %zu spans of 2+ pixels (%llu pixels, longest %u) on %u lines; packed %u x %u\n",
                std::string(algorithm.name).c_str(), art::pathSpecText(artPlan.settings.path).c_str(),
                std::string(art::spanModeName(artPlan.settings.spans)).c_str(), artPlan.spans.size(),
                static_cast<unsigned long long>(artPlan.spanPixels()), artPlan.longestSpan(), artPlan.map.lineCount(),
                shape.sequenceCount, shape.sequenceLength);
    std::printf("%s: %u of %u passes, plan %.3f ms (CPU: path map, keys, spans, packing), sort %.3f ms "
                "(wall clock, including upload and read-back)\n",
                std::string(algorithm.name).c_str(), pipeline.empty() ? 0u : sorter->passesRun(),
                pipeline.empty() ? 0u : sorter->passCount(), planMs, sortMs);
    if (recording) std::fputs(recording->summary().c_str(), stdout);
  }
  return 0;
}

}  // namespace shadersort::cli
