// `shadersort run`: sort an image or pattern headlessly and write the state after N passes.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "bench/tune_cache.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "cli/run_recording.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_identity.h"
#include "data/picture_formats.h"
#include "render/sorter_picture.h"
#include "sort/registry.h"
#include "sort/size_advice.h"
#include "sort/verify.h"

namespace shadersort::cli {

int reportWrongResult(const RunOptions& options, std::string_view algorithm, const std::string& problem) {
  std::cerr << "shadersort: " << (options.verify ? "verify failed: " : "") << algorithm
            << " gave a wrong result on this GPU (" << problem << "); nothing written\n";
  return options.verify ? 1 : 3;
}

namespace {

// --out, --gif and --sheet (run writes one at least) paint the whole state in one texture,
// whatever sorts it: when it cannot hold the picture no other algorithm helps, a smaller input does.
void requirePaintablePictures(const RunOptions& options, const InputPlan& plan, const gl::Limits& limits) {
  std::vector<std::string> pictures;
  if (!options.outputPath.empty()) pictures.push_back("--out");
  if (!options.record.gifPath.empty()) pictures.push_back("--gif");
  if (!options.record.sheetPath.empty()) pictures.push_back("--sheet");
  if (!options.record.slidesPath.empty()) pictures.push_back("--slides");
  if (pictures.empty()) return;
  const std::string why = whyPictureTooLarge(plan.width, plan.height, limits);
  if (why.empty()) return;
  std::string named;
  for (std::size_t i = 0; i < pictures.size(); ++i)
    named += (i == 0 ? "" : i + 1 == pictures.size() ? " and " : ", ") + pictures[i];
  throw UserError(plan.description + ": " + why + ", so no algorithm can write it to " + named + "; give an input of at most " +
                  std::to_string(limits.maxTextureSize) + " pixels a side");
}

// The viewer the slides are drawn with: the run's algorithm, input, schedule and settings (the
// viewer's lane sorts them again, the same way, pass by pass beside the run).
ui::ViewerConfig slideViewerConfig(const GlobalOptions& global, const RunOptions& options) {
  ui::ViewerConfig config;
  config.algorithm = options.algorithm;
  config.input = options.input;
  config.sorter = options.sorter;
  config.teaching = options.sorter.teaching;
  config.arrayDrawing = options.record.slideDrawing;
  if (!options.shaderDirectory.empty()) config.shaderDirectory = options.shaderDirectory;
  const bool useTuneCache = global.useTuneCache;
  config.withTunedSettings = [useTuneCache](SortContext& context, const AlgorithmInfo& algorithm,
                                            const SorterOptions& explicitOptions) {
    return bench::withTunedSettings(algorithm, explicitOptions, context, useTuneCache);
  };
  return config;
}

}  // namespace

int runRun(const GlobalOptions& global, const RunOptions& options) {
  // Before anything is made or written: two outputs that are one file would overwrite each other.
  requireDistinctOutputs(
      {{"--out", options.outputPath}, {"--gif", options.record.gifPath}, {"--sheet", options.record.sheetPath}});
  if (options.video.given()) return runVideo(global, options);
  if (options.art) return runArt(global, options);
  if (!options.outputPath.empty()) requireWritableOutput(options.outputPath);
  requireRecordableOutputs(options);
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  // The input's size (an image's header, a pattern's WxH) meets every limit before it is built.
  const InputPlan plan = planInput(options.input);

  GpuSession gpu(global, options.shaderDirectory);
  requirePaintablePictures(options, plan, gpu.limits());
  auto sorter = createSorter(algorithm, options.sorter, gpu.sortContext(), global.useTuneCache);
  requireSortableInput(algorithm, plan.shape, gpu.limits(), plan.description);
  const ResolvedInput input = resolveInput(plan);
  sorter->load(input.data);
  std::optional<RunRecording> recording;
  if (options.record.any()) {
    const std::uint32_t lastPass = std::min(options.passes.value_or(sorter->passCount()), sorter->passCount());
    std::unique_ptr<SlideViewer> slideViewer;
    if (!options.record.slidesPath.empty())
      slideViewer = std::make_unique<SlideViewer>(slideViewerConfig(global, options), options.record.slideWidth,
                                                  options.record.slideHeight, lastPass);
    recording.emplace(options.record, input.image.width, input.image.height, lastPass,
                      std::string(algorithm.name) + " on " + plan.description, std::move(slideViewer));
  }

  const auto start = std::chrono::steady_clock::now();
  if (recording) {
    recording->run(*sorter, input.data.shape(), input.axis);
  } else if (options.passes) {
    sorter->seek(*options.passes);
  } else {
    sorter->runAll();
  }
  const SortData state = sorter->read();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  gpu.requireNoGlErrors();

  // A finished sort is always checked (cheaply, or fully with --verify): a wrong result from a
  // faulty driver or sorter is reported and never written.
  std::string problem;
  if (sorter->finished()) {
    problem = options.verify ? verifySorted(input.data, state) : quickCheckSorted(input.data, state);
  } else if (options.verify) {
    problem = verifyConserved(input.data, state);
    if (problem.empty())
      std::cerr << "verify: pixels conserved (after " << sorter->passesRun() << " of " << sorter->passCount()
                << " passes the order is not checked)\n";
  }
  if (!problem.empty()) return reportWrongResult(options, algorithm.name, problem);
  if (recording) recording->commit();
  if (!options.outputPath.empty()) {
    // The picture is painted on the GPU from the sorter's own state, the same path the viewer
    // draws through, so a `run --out` image is the viewer's picture.
    const Image image = render::SorterPictures().pictureOf(*sorter, input.data.shape(), input.axis);
    gpu.requireNoGlErrors();
    savePicture(image, options.outputPath);
  }
  if (options.stats) {
    const char* schedule = !algorithm.hasTeachingSchedule ? "its one schedule"
                           : options.sorter.teaching     ? "teaching schedule"
                                                         : "fast schedule";
    std::printf("%s: %u of %u passes (%s), %.3f ms (wall clock, including read-back%s)\n",
                std::string(algorithm.name).c_str(), sorter->passesRun(), sorter->passCount(), schedule, seconds * 1e3,
                recording ? " and recording" : "");
    if (recording) std::fputs(recording->summary().c_str(), stdout);
  }
  return 0;
}

}  // namespace shadersort::cli
