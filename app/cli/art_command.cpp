// `shadersort run` with --path / --spans: a pixel-sort of spans along paths, through the art
// pipeline, with any sorter.

#include <cstdio>
#include <iostream>
#include <algorithm>
#include <memory>
#include <optional>

#include "art/art_pipeline.h"
#include "art/pipeline_timing.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "cli/run_recording.h"
#include "data/picture_formats.h"
#include "video/video_io.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/memory_budget.h"
#include "core/quoting.h"
#include "sort/registry.h"

namespace shadersort::cli {

std::unique_ptr<Image> loadArtImage(const std::string& path) {
  if (path.empty()) return nullptr;
  if (video::looksLikeVideo(path))
    throw UsageError("a clip as an art image (" + quote(path) + ") is an animated mask, which only run --video takes "
                     "(--mask CLIP); give a picture here");
  return std::make_unique<Image>(loadImage(path));
}

std::string checkArtResult(const art::ArtPipeline& pipeline, const Sorter& sorter, const AlgorithmInfo& algorithm,
                           const art::ArtSettings& settings, const art::ArtImages& images) {
  const bool finished = pipeline.packedNothing() || sorter.finished();
  const art::ArtPlan reference = art::planArt(settings, images);
  const std::vector<std::uint32_t> sources = pipeline.sources(sorter);
  std::string problem = art::checkSources(
      reference, sources,
      !finished ? art::SourceCheck::SpansKeepTheirPixels
                : algorithm.stable ? art::SourceCheck::SortedStably : art::SourceCheck::Sorted);
  if (problem.empty() && finished && algorithm.stable && sources != art::referenceSources(reference))
    problem = "differs from the CPU reference";
  // The then pass, over what the first pass made: a stable radix sort, so exactly the reference.
  if (problem.empty() && finished && settings.then) {
    if (pipeline.thenPass() == nullptr) return "the then pass (--then) did not run";
    const Image firstResult = art::applySources(*images.picture, sources);
    art::ArtImages thenImages = images;
    thenImages.picture = &firstResult;
    const art::ArtPlan thenReference = art::planArt(art::thenPassSettings(settings), thenImages);
    const std::vector<std::uint32_t> thenSources = pipeline.thenSources();
    problem = art::checkSources(thenReference, thenSources, art::SourceCheck::SortedStably);
    if (problem.empty() && thenSources != art::referenceSources(thenReference)) problem = "differs from the CPU reference";
    if (!problem.empty()) problem = "the then pass " + problem;
  }
  return problem;
}

int runArt(const GlobalOptions& global, const RunOptions& options) {
  const ArtRequest& request = *options.art;
  // Slides are the viewer's array view of a plain sort; a pixel-sort's packed rows have none.
  if (!options.record.slidesPath.empty())
    throw UsageError("--slides draws a plain sort's array view: the pixel-sort options (--path, --spans, --preset, ...) do not go with it");
  if (!options.outputPath.empty()) requireWritableOutput(options.outputPath);
  requireRecordableOutputs(options);
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  // An unfinished state can only be drawn where pixels never leave their span on the way: the
  // compare-exchange sorts. Radix and bitonic move pixels across the packed row mid-sort.
  const bool drawsUnfinished = algorithm.compareExchange;
  if ((options.passes || options.record.any()) && !drawsUnfinished)
    throw UsageError(std::string(options.passes ? "--passes" : "--gif and --sheet") +
                     " with a pixel-sort need odd-even or frag-odd-even (" + std::string(algorithm.name) +
                     "'s unfinished states mix the spans of a row)");

  const InputPlan plan = planInput(options.input);
  // planInput charged the decoding and an ordinary sort; spans along paths need more.
  const std::uint64_t pixels = static_cast<std::uint64_t>(plan.width) * static_cast<std::uint64_t>(plan.height);
  requireMemory(pixels * (kSortBytesPerPixel + art::kArtBytesPerPixel), plan.description + " as a pixel-sort");
  const ResolvedInput input = resolveInput(plan);
  const auto mask = loadArtImage(request.maskPath);
  const auto intervals = loadArtImage(request.intervalsPath);
  const auto keyImage = loadArtImage(request.keyImagePath);

  GpuSession gpu(global, options.shaderDirectory);
  auto sorter = createSorter(algorithm, options.sorter, gpu.sortContext(), global.useTuneCache);
  art::ArtPipeline pipeline(gpu.sortContext());
  pipeline.setImages({&input.image, mask.get(), intervals.get(), keyImage.get()});
  pipeline.setSettings(request.settings);
  pipeline.prepare(pipeline.packingFor(*sorter));
  const SortShape shape = pipeline.packed().shape;
  if (!pipeline.packedNothing())
    requireSortableInput(algorithm, shape, gpu.limits(),
                         plan.description + " packed into " + std::to_string(shape.sequenceCount) + " rows of " +
                             std::to_string(shape.sequenceLength) + " for its spans");
  std::optional<RunRecording> recording;
  if (options.record.any() && !pipeline.empty()) {
    pipeline.load(*sorter);
    recording.emplace(options.record, input.image.width, input.image.height,
                      std::min(options.passes.value_or(sorter->passCount()), sorter->passCount()),
                      std::string(algorithm.name) + " pixel-sort of " + plan.description);
    recording->run(*sorter, [&](const Sorter& state) {
      pipeline.paint(state);
      return pipeline.readResult();
    });
    pipeline.paint(*sorter);
  } else if (options.record.any()) {
    throw UserError("nothing to record: this pixel-sort has no span of two pixels or more");
  } else {
    pipeline.sort(*sorter, options.passes);
  }
  gpu.requireNoGlErrors();

  // --verify: the CPU reference works out the same pixel-sort and the GPU's result must keep
  // every pixel in its span and the rest in place, sort finished spans, and match a stable sort
  // exactly.
  if (options.verify) {
    const bool finished = pipeline.packedNothing() || sorter->finished();
    const std::string problem = checkArtResult(pipeline, *sorter, algorithm, request.settings,
                                               {&input.image, mask.get(), intervals.get(), keyImage.get()});
    if (problem.empty() && !finished)
      std::cerr << "verify: after " << sorter->passesRun() << " of " << sorter->passCount()
                << " passes: every pixel in its span, the rest in place (order is checked on finished sorts)\n";
    if (!problem.empty()) return reportWrongResult(options, algorithm.name, problem);
  }
  if (recording) recording->commit();
  if (!options.outputPath.empty()) savePicture(pipeline.readResult(), options.outputPath);
  if (options.stats) {
    const art::SpanCounts& spans = pipeline.spanCounts();
    std::printf("sorter: %s\n", sorterLabel(algorithm, options.sorter).c_str());
    // The span mode, with what else cuts the spans: a key of their own, a mask beside the mode.
    std::string spanWords(art::spanModeName(request.settings.spans));
    if (request.settings.spans == art::SpanMode::Threshold && request.settings.spanKey)
      spanWords += ", span key " + std::string(pixelKeyName(*request.settings.spanKey));
    if (request.settings.spans != art::SpanMode::Mask && !request.maskPath.empty()) spanWords += ", masked";
    std::printf("%s: %s, spans %s: %u spans of 2+ pixels (%llu pixels, longest %u); packed as %s, %u x %u\n",
                std::string(algorithm.name).c_str(),
                (art::pathSpecText(request.settings.path) +
                 (request.settings.then ? " then " + art::pathSpecText(*request.settings.then) : std::string()))
                    .c_str(),
                spanWords.c_str(), spans.spanCount,
                static_cast<unsigned long long>(spans.spanPixels), spans.longestSpan,
                (std::string(art::packingName(pipeline.packed().packing)) + (pipeline.packed().wholeLines ? " of whole lines" : "")).c_str(), shape.sequenceCount,
                shape.sequenceLength);
    // The whole pipeline once more, warm (kernels built), from the path map to the written-back
    // picture: one run, so --stats costs little (bench --art times many, with a clock warm-up and
    // the stages).
    art::PipelineTimingPlan timing;
    timing.runs = 1;
    timing.passes = options.passes;
    const art::PipelineTimings timings = art::timePipeline(pipeline, *sorter, request.settings, timing);
    std::printf("%s: %u of %u passes; pipeline %.3f ms (%s clock; path map, keys, spans, packing, sort, write-back; "
                "one run: bench --art for a median)\n",
                std::string(algorithm.name).c_str(), pipeline.packedNothing() ? 0u : sorter->passesRun(),
                pipeline.packedNothing() ? 0u : sorter->passCount(), timings.whole.front(), timings.clock.c_str());
    gpu.requireNoGlErrors();
    if (recording) std::fputs(recording->summary().c_str(), stdout);
  }
  return 0;
}

}  // namespace shadersort::cli
