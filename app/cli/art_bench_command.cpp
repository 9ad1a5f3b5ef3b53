// `shadersort bench --art IMAGE`: the pixel-sort pipeline timed whole and by stage, after a
// warm-up, with the median and spread of many runs.

#include <cstdio>
#include <string>
#include <vector>

#include "art/art_pipeline.h"
#include "art/pipeline_timing.h"
#include "bench/spread.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/atomic_file.h"
#include "core/memory_budget.h"
#include "data/pixel_keys.h"

namespace shadersort::cli {
namespace {

constexpr art::ArtStage kStages[] = {art::ArtStage::Map, art::ArtStage::Keys, art::ArtStage::Spans, art::ArtStage::Sort,
                                     art::ArtStage::WriteBack};

// Every setting, so that a figure says exactly what made it.
std::string settingsText(const art::ArtSettings& s) {
  const auto yesNo = [](bool value) { return value ? "yes" : "no"; };
  return "path=" + art::pathSpecText(s.path) + " spans=" + std::string(art::spanModeName(s.spans)) +
         " key=" + std::string(pixelKeyName(s.key)) + " descending=" + yesNo(s.descending) +
         " lower=" + art::decimalText(s.lower) + " upper=" + art::decimalText(s.upper) + " invert=" + yesNo(s.invert) +
         " span-length=" + std::to_string(s.spanLength) + " max-span=" + std::to_string(s.maxSpan) +
         " skip=" + art::decimalText(s.skipPercent) + " sort-transparent=" + yesNo(s.sortTransparent) +
         " seed=" + std::to_string(s.seed);
}

// A CSV field: quoted when it holds a separator, a quote or a line break (RFC 4180).
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

struct Row {
  std::string stage;
  bench::Spread spread;
};

std::string csvText(const std::vector<Row>& rows, const std::string& context) {
  std::string text = "stage,runs,median_ms,p10_ms,p90_ms,min_ms,max_ms,clock,width,height,sorter,map,warmup_s,settings,image\n";
  for (const Row& row : rows) {
    char numbers[160];
    std::snprintf(numbers, sizeof numbers, "%d,%.6f,%.6f,%.6f,%.6f,%.6f", row.spread.count, row.spread.median,
                  row.spread.p10, row.spread.p90, row.spread.min, row.spread.max);
    text += row.stage + "," + numbers + "," + context + "\n";
  }
  return text;
}

}  // namespace

int runArtBench(const GlobalOptions& global, const ArtBenchOptions& options) {
  if (!options.csvPath.empty()) requireWritableOutput(options.csvPath);
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  const InputPlan plan = planInput(options.input);
  const std::uint64_t pixels = static_cast<std::uint64_t>(plan.width) * static_cast<std::uint64_t>(plan.height);
  requireMemory(pixels * (kSortBytesPerPixel + art::kArtBytesPerPixel), plan.description + " as a pixel-sort");
  const ResolvedInput input = resolveInput(plan);
  const auto mask = loadArtImage(options.art.maskPath);
  const auto intervals = loadArtImage(options.art.intervalsPath);
  const auto keyImage = loadArtImage(options.art.keyImagePath);
  const art::ArtImages images{&input.image, mask.get(), intervals.get(), keyImage.get()};
  const art::ArtSettings& settings = options.art.settings;

  GpuSession gpu(global);
  auto sorter = createSorter(algorithm, options.sorter, gpu.sortContext(), global.useTuneCache);
  art::ArtPipeline pipeline(gpu.sortContext());
  pipeline.setImages(images);
  pipeline.setSettings(settings);
  pipeline.prepare(pipeline.packingFor(*sorter));
  const art::PackedSpans packed = pipeline.packed();
  if (!pipeline.packedNothing())
    requireSortableInput(algorithm, packed.shape, gpu.limits(),
                         plan.description + " packed into " + std::to_string(packed.shape.sequenceCount) + " rows of " +
                             std::to_string(packed.shape.sequenceLength) + " for its spans");
  // One untimed run, checked against the CPU reference: a wrong pixel-sort's time means nothing.
  // It also builds every kernel, so no timed run compiles one.
  pipeline.sort(*sorter);
  gpu.requireNoGlErrors();
  if (const std::string problem = checkArtResult(pipeline, *sorter, algorithm, settings, images); !problem.empty()) {
    std::fprintf(stderr, "shadersort: bench --art: the %s pixel-sort is wrong: %s\n", std::string(algorithm.name).c_str(),
                 problem.c_str());
    return 1;
  }

  art::PipelineTimingPlan timing;
  timing.runs = options.repetitions;
  timing.warmupSeconds = options.warmupSeconds;
  timing.keepMap = options.keepMap;
  const art::PipelineTimings timings = art::timePipeline(pipeline, *sorter, settings, timing);
  gpu.requireNoGlErrors();

  std::vector<Row> rows;
  for (art::ArtStage stage : kStages)
    if (!timings.of(stage).empty()) rows.push_back({std::string(art::artStageName(stage)), bench::spreadOf(timings.of(stage))});
  rows.push_back({"whole", bench::spreadOf(timings.whole)});

  const std::string label = sorterLabel(algorithm, options.sorter);
  std::printf("input: %s\n", plan.description.c_str());
  std::printf("settings: %s\n", settingsText(settings).c_str());
  const art::SpanCounts& spans = pipeline.spanCounts();
  std::printf("sorter: %s; %u spans of 2+ pixels (%llu pixels, longest %u), packed as %s, %u x %u; verified\n",
              label.c_str(), spans.spanCount, static_cast<unsigned long long>(spans.spanPixels), spans.longestSpan,
              (std::string(art::packingName(packed.packing)) + (packed.wholeLines ? " of whole lines" : "")).c_str(), packed.shape.sequenceCount,
              packed.shape.sequenceLength);
  std::printf("renderer: %s, OpenGL %s\n", gpu.limits().renderer.c_str(), gpu.limits().version.c_str());
  std::printf("clock: %s (%s at each stage boundary); warm-up %.2f s (%d runs); %d timed runs; path map %s\n",
              timings.clock.c_str(), timings.clock == "gpu" ? "GPU timestamp" : "glFinish and the wall clock",
              timings.warmupSeconds, timings.warmupRuns, options.repetitions,
              options.keepMap ? "built once before timing (--keep-map)" : "rebuilt in every run");
  std::printf("%-12s %11s %11s %11s %11s %11s\n", "stage", "median ms", "p10 ms", "p90 ms", "min ms", "max ms");
  for (const Row& row : rows)
    std::printf("%-12s %11.4f %11.4f %11.4f %11.4f %11.4f\n", row.stage.c_str(), row.spread.median, row.spread.p10,
                row.spread.p90, row.spread.min, row.spread.max);
  std::fflush(stdout);

  if (!options.csvPath.empty()) {
    char warmup[32];
    std::snprintf(warmup, sizeof warmup, "%.3f", timings.warmupSeconds);
    const std::string context = timings.clock + "," + std::to_string(plan.width) + "," + std::to_string(plan.height) + "," +
                                csvField(label) + "," + (options.keepMap ? "kept" : "rebuilt") + "," + warmup + "," +
                                csvField(settingsText(settings)) + "," + csvField(options.input.imagePath.value_or(""));
    const std::string text = csvText(rows, context);
    writeFileAtomically(options.csvPath, std::vector<std::uint8_t>(text.begin(), text.end()));
  }
  return 0;
}

}  // namespace shadersort::cli
