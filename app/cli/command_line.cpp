#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <climits>
#include <iostream>
#include <optional>

#include "bench/bench_report.h"
#include "bench/benchmark.h"
#include "cli/art_options.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/error.h"
#include "core/file_identity.h"
#include "core/memory_budget.h"
#include "core/number_text.h"
#include "core/quoting.h"
#include "data/key_encoding.h"
#include "data/value_list.h"
#include "sort/registry.h"
#include "ui/playback_limits.h"
#include "ui/radix_tween_limits.h"

namespace shadersort::cli {
namespace {

// Sides of a --size pattern: the largest texture any GPU offers is far below.
constexpr std::uint32_t kMaxPatternSide = 1u << 24;
// Key counts (bench --sizes, tune --size): a sort indexes its keys with 32 bits.
constexpr std::uint64_t kMaxKeyCount = 0xFFFFFFFFu;

// Options every input-taking command shares: --image | --pattern/--size, --key, --axis, --descending.
struct InputOptionText {
  std::string image, pattern, size = "256x256", key = "luminance", axis = "columns", seed = "1";
  std::string maxMemory;  // empty: the default budget
  bool descending = false;
  std::string values, type, range;  // --values, --type, --range (data/value_list.h)
  const CLI::Option* valuesOption = nullptr;  // given, even empty
};

// --seed, --key, --axis, --descending: what the art options take from the input (bench --art
// has these without the rest of the input options).
void addOrderOptions(CLI::App& command, InputOptionText& text) {
  command.add_option("--seed", text.seed, "seed of the pattern and of random spans and skips, 0 to 2^64 - 1")->capture_default_str();
  command.add_option("--key", text.key, "pixel key: " + pixelKeyList())
      ->capture_default_str();
  command.add_option("--axis", text.axis, "columns (each column ascends top to bottom) or rows (left to right)")
      ->capture_default_str();
  command.add_flag("--descending", text.descending, "reverse the order");
}

void addInputOptions(CLI::App& command, InputOptionText& text) {
  auto* image = command.add_option("--image", text.image, "input image (PNG, JPEG, BMP, TGA, ...); default: built-in picture");
  auto* pattern = command.add_option("--pattern", text.pattern,
                                     "pattern of keys instead of an image: random, sorted, reversed, few-unique, "
                                     "all-equal, sawtooth, nearly-sorted");
  image->excludes(pattern);
  auto* values = command.add_option("--values", text.values, "your own keys instead of an image, one sequence: e.g. 3,7,4,8,1");
  values->excludes(image)->excludes(pattern);
  text.valuesOption = values;
  command.add_option("--type", text.type, "key type of --values and --range: u32 (default), i32, f32 (--values only)");
  command.add_option("--range", text.range, "pattern keys from LO to HI inclusive, e.g. 0..99 (default: the whole 32 bits)");
  command.add_option("--size", text.size, "pattern size WxH")->capture_default_str();
  addOrderOptions(command, text);
  command.add_option("--max-memory", text.maxMemory,
                     "memory an input may take to decode and sort, e.g. 512M or 4G (default: 3/4 of physical memory)");
}

InputSpec toInputSpec(const InputOptionText& text) {
  InputSpec spec;
  if (!text.image.empty()) spec.imagePath = text.image;
  if (!text.pattern.empty()) {
    spec.pattern = parsePattern(text.pattern);
    if (!spec.pattern)
      throw UsageError("unknown pattern " + quote(text.pattern) +
                       " (known: random, sorted, reversed, few-unique, all-equal, sawtooth, nearly-sorted)");
  }
  const Dimensions size = parseDimensions(text.size, "--size", {1, 1}, {kMaxPatternSide, kMaxPatternSide});
  spec.width = static_cast<int>(size.width);
  spec.height = static_cast<int>(size.height);
  spec.seed = parseUnsigned(text.seed, "--seed", 0, UINT64_MAX);
  const auto key = parsePixelKey(text.key);
  if (!key)
    throw UsageError("unknown key " + quote(text.key) + " (known: " + pixelKeyList() + ")");
  const auto axis = parseAxis(text.axis);
  if (!axis) throw UsageError("unknown axis " + quote(text.axis) + " (known: columns, rows)");
  spec.order = {*key, *axis, text.descending};
  if (!text.type.empty() && !parseKeyType(text.type))
    throw UsageError("unknown key type " + quote(text.type) + " (known: u32, i32, f32)");
  const bool valuesGiven = text.valuesOption && text.valuesOption->count() > 0;
  if (!text.type.empty() && !valuesGiven && text.range.empty()) throw UsageError("--type needs --values or --range");
  spec.keyType = parseKeyType(text.type.empty() ? "u32" : text.type).value();
  if (!text.range.empty()) {
    if (!spec.pattern) throw UsageError("--range needs --pattern");
    spec.range = parseKeyRange(text.range, spec.keyType);
  }
  if (valuesGiven) spec.values = parseValueList(text.values, spec.keyType);
  if (!text.maxMemory.empty()) setMemoryBudget(parseCount(text.maxMemory, "--max-memory", 1ull << 20, UINT64_MAX));
  return spec;
}

// Options every sorting command shares: --teaching, --set NAME=VALUE, --radix-bits.
struct SorterOptionText {
  bool teaching = false;
  std::vector<std::string> settings;
  std::string radixBits;
  const CLI::Option* radixBitsOption = nullptr;
};

void addSorterOptions(CLI::App& command, SorterOptionText& text) {
  command.add_flag("--teaching", text.teaching, "one basic step per pass, where the algorithm has a faster schedule");
  command.add_option("--set", text.settings, "algorithm setting NAME=VALUE (see 'info'); repeatable");
  text.radixBitsOption = command.add_option("--radix-bits", text.radixBits, "radix: digit width, 4 (teaching) or 8 (fast)");
}

void addTuneCacheFlag(CLI::App& command, GlobalOptions& global) {
  command.add_flag("!--no-tune-cache", global.useTuneCache, "ignore the settings `shadersort tune` cached for this GPU");
}

// A number, or a word an algorithm's settings table names for one (--set scan=chained).
int settingValue(const std::string& name, std::string_view text) {
  const bool word = !text.empty() && text.front() >= 'a' && text.front() <= 'z';
  if (!word) return static_cast<int>(parseSigned(text, "--set " + name, INT_MIN, INT_MAX));
  const std::vector<NamedValue> named = namedSettingValues(name);
  std::optional<int> value;
  std::string words;
  for (const NamedValue& candidate : named) {
    words += (words.empty() ? "" : ", ") + std::string(candidate.word);
    if (candidate.word != text) continue;
    if (value && *value != candidate.value)
      throw UsageError("--set " + name + "=" + std::string(text) +
                       " stands for different numbers in different algorithms; give the number");
    value = candidate.value;
  }
  if (value) return *value;
  throw UsageError("--set " + name + " wants an integer" + (words.empty() ? "" : " or one of " + words) + ", got " +
                   quote(std::string(text)));
}

SorterOptions toSorterOptions(const SorterOptionText& text) {
  SorterOptions options;
  options.teaching = text.teaching;
  for (const std::string& setting : text.settings) {
    const auto equals = setting.find('=');
    const std::string name = setting.substr(0, equals);
    const bool nameOk = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
    if (equals == std::string::npos || !nameOk)
      throw UsageError("--set wants NAME=INTEGER or NAME=WORD (NAME in lower case, digits and '-'), got " +
                       quote(setting));
    options.settings[name] = settingValue(name, std::string_view(setting).substr(equals + 1));
  }
  if (text.radixBitsOption->count() > 0) {
    if (text.radixBits != "4" && text.radixBits != "8")
      throw UsageError("--radix-bits wants 4 (teaching) or 8 (fast), got " + quote(text.radixBits));
    options.settings["radix-bits"] = text.radixBits == "4" ? 4 : 8;
  }
  return options;
}

// `option` names where the name came from when that is not plain --algo ("--race: ").
void requireAlgorithm(const std::string& name, const std::string& option = "") {
  for (const AlgorithmInfo& algorithm : algorithms())
    if (algorithm.name == name) return;
  throw UsageError(option + "unknown algorithm " + quote(name) + " (known: " + algorithmNames() + ")");
}

void requireKeyType(const std::string& name) {
  if (!parseKeyType(name)) throw UsageError("unknown key type " + quote(name) + " (known: u32, i32, f32)");
}

int parseRepetitions(const std::string& text) { return static_cast<int>(parseSigned(text, "--reps", 1, INT_MAX)); }

render::ArrayDrawing parseDrawing(const std::string& text) {
  const auto drawing = render::arrayDrawingNamed(text);
  if (!drawing) throw UsageError("--drawing must be 'bars' or 'dots', got " + quote(text));
  return *drawing;
}

// The numbers of run --gif / --sheet, as given; read by the one number parser after parsing.
struct RecordNumberText {
  std::string every, fps = "20", scale = "1", slideSize = "1280x720", drawing = "bars";
  const CLI::Option* everyOption = nullptr;
};

// run --gif / --sheet and their settings. Bad values are command-line errors (exit 2), found
// before any GPU work.
void addRecordOptions(CLI::App& run, RecordOptions& record, RecordNumberText& numbers, const CLI::Option* out) {
  const auto extension = [](std::string wanted) {
    return CLI::Validator(
        [wanted](std::string& path) {
          std::string tail = path.size() >= wanted.size() ? path.substr(path.size() - wanted.size()) : "";
          for (char& c : tail) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
          return tail == wanted ? std::string() : "'" + path + "' does not end in " + wanted;
        },
        "PATH");
  };
  auto* gif = run.add_option("--gif", record.gifPath, "also write the run as an animated GIF (the picture only)")
                  ->check(extension(".gif"));
  auto* sheet = run.add_option("--sheet", record.sheetPath, "also write a contact sheet PNG: the states after passes 0, K, 2K, ...")
                    ->check(extension(".png"));
  auto* slides = run.add_option("--slides", record.slidesPath,
                                "also write slides into folder DIR: per pass, the viewer's array view as a PNG (--slide-size) and its caption, "
                                "network.svg and index.html (DIR empty, new or holding earlier slides)");
  auto* every = run.add_option("--every", numbers.every,
                               "record every K-th pass, and the last (default: every pass for --gif, 16 cells at most for --sheet)");
  numbers.everyOption = every;
  run.add_option("--fps", numbers.fps, "GIF frames per second, 1 to 100 (delays are whole 1/100 s; browsers "
                                       "slow delays under 2/100 s, so above 50 fps, down)")
      ->needs(gif)
      ->capture_default_str();
  auto* scale = run.add_option("--scale", numbers.scale, "enlarge the GIF and sheet pictures S times, 1 to 16 (pixels repeated)")
                    ->capture_default_str();
  run.add_option("--slide-size", numbers.slideSize,
                 "--slides: each slide's size WxH, 320x240 to 16384x16384 (the viewer's array view drawn at that size)")
      ->needs(slides)
      ->capture_default_str();
  run.add_option("--drawing", numbers.drawing, "--slides: array view's drawing, bars or dots (as view --drawing)")
      ->needs(slides)
      ->capture_default_str();
  run.callback([=] {
    if (out->count() == 0 && gif->count() == 0 && sheet->count() == 0 && slides->count() == 0)
      throw CLI::RequiredError("--out, --gif or --sheet (or --slides DIR)");
    if (every->count() > 0 && gif->count() == 0 && sheet->count() == 0)
      throw CLI::ValidationError(every->get_name(), "needs --gif or --sheet");
    // Slides are the viewer's frames, drawn at --slide-size: repeating pixels does not enlarge them.
    if (scale->count() > 0 && gif->count() == 0 && sheet->count() == 0)
      throw CLI::ValidationError(scale->get_name(), slides->count() > 0 ? "enlarges --gif and --sheet; slides are drawn at --slide-size WxH"
                                                                        : "needs --gif or --sheet");
  });
}

void parseRecordNumbers(const RecordNumberText& text, RecordOptions& record) {
  if (text.everyOption->count() > 0)
    record.every = static_cast<std::uint32_t>(parseUnsigned(text.every, "--every", 1, UINT32_MAX));
  record.fps = static_cast<int>(parseUnsigned(text.fps, "--fps", 1, 100));
  record.scale = static_cast<int>(parseUnsigned(text.scale, "--scale", 1, 16));
  const Dimensions slide = parseDimensions(text.slideSize, "--slide-size", {320, 240}, {16384, 16384});
  record.slideWidth = static_cast<int>(slide.width);
  record.slideHeight = static_cast<int>(slide.height);
  record.slideDrawing = parseDrawing(text.drawing);
}

// --race A,B[,C[,D]]: the list is checked whole, so an empty name (",", "a,,b", "a,") or another
// separator is refused like an unknown name, not counted.
std::vector<std::string> parseRaceList(const std::string& text) {
  std::vector<std::string> names;
  for (std::size_t start = 0;;) {
    const std::size_t comma = text.find(',', start);
    names.push_back(text.substr(start, comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  const bool anyEmpty = std::any_of(names.begin(), names.end(), [](const std::string& name) { return name.empty(); });
  if (anyEmpty || names.size() < 2 || names.size() > 4)
    throw UsageError("--race wants 2 to 4 algorithms separated by commas, got " + quote(text) + " (known: " +
                     algorithmNames() + ")");
  for (const std::string& name : names) requireAlgorithm(name, "--race: ");
  return names;
}

// bench --art's options, checked: the sort benchmark's own options are refused beside it.
ArtBenchOptions toArtBenchOptions(const CLI::App& command, const BenchOptions& bench, const std::string& image,
                                  const ArtOptionText& artText, const InputOptionText& orderText, const std::string& reps,
                                  const std::string& warmup, bool keepMap, const SorterOptionText& sorterText) {
  for (const char* name : {"--sizes", "--dist", "--type", "--pairs", "--steps", "--json", "--plot", "--segment-length",
                           "--through-library", "--segment-offsets"})
    if (command.count(name) > 0) throw UsageError(std::string(name) + " cannot go with --art (it times one pixel-sort)");
  if (image.empty()) throw UsageError("--art wants an image");
  ArtBenchOptions options;
  if (bench.algorithms.size() > 1)
    throw UsageError("--art times one sorter; --algo names " + std::to_string(bench.algorithms.size()));
  if (!bench.algorithms.empty()) options.algorithm = bench.algorithms.front();
  requireAlgorithm(options.algorithm);
  InputOptionText inputText = orderText;
  inputText.image = image;
  options.input = toInputSpec(inputText);
  options.art = toArtRequest(command, artText, options.input).value_or(wholeLinesRequest(options.input));
  if (command.count("--reps") > 0) options.repetitions = parseRepetitions(reps);
  options.warmupSeconds = parseDecimal(warmup, "--warmup-seconds", 0.0, 600.0);
  options.keepMap = keepMap;
  options.csvPath = bench.csvPath;
  options.sorter = toSorterOptions(sorterText);
  return options;
}

}  // namespace

// run --video: the options that make no sense with a clip are refused before any work; without
// art options each frame is sorted whole along --axis (as a still image is).
void checkVideoRun(const CLI::App& command, RunOptions& run) {
  for (const char* name : {"--image", "image", "--pattern", "--values", "--size", "--passes", "--gif", "--sheet", "--slides"})
    if (command.count(name) > 0)
      throw UsageError(std::string(name[0] == '-' ? name : "an input image") + " cannot go with --video");
  if (run.outputPath.empty()) throw UsageError("--video needs --out OUT.mp4, .webm, .mkv or .gif");
  // A clip is many pictures: the fastest sorter unless another is asked for.
  if (command.count("--algo") == 0) run.algorithm = std::string(kArtAlgorithm);
  if (!run.art) run.art = wholeLinesRequest(run.input);
}

int runCommandLine(int argc, char** argv) {
  CLI::App app{"shadersort: sorts pixels on the GPU with OpenGL 4.3 shaders and shows every pass.\n"
               "With no subcommand, opens the viewer on the built-in picture."};
  app.require_subcommand(0, 1);
  GlobalOptions global;
  app.add_flag("--gl-debug", global.glDebug, "debug context; print GL errors and warnings");

  RunOptions run;
  InputOptionText runInput;
  std::string runPasses = "all";
  auto* runCommand = app.add_subcommand("run", "sort headlessly and write the state after N passes as a PNG");
  runCommand->add_option("--algo", run.algorithm,
                         "algorithm: " + algorithmNames() + " (radix with the art options or --video)")
      ->capture_default_str();
  addInputOptions(*runCommand, runInput);
  runCommand->add_option("image", runInput.image, "input image (the same as --image)")->excludes("--image")->excludes("--pattern")->excludes("--values");
  ArtOptionText runArtText;
  addArtOptions(*runCommand, runArtText);
  runCommand->add_option("--passes", runPasses, "passes to run: a number or 'all'")->capture_default_str();
  auto* runOut = runCommand->add_option("--out", run.outputPath, "output picture: .png, .jpg or .webp (optional with --gif or --sheet)");
  runCommand->add_flag("--verify", run.verify, "check each sequence is ordered and holds the input's pixels; exit 1 if not");
  runCommand->add_option("--shader-dir", run.shaderDirectory, "read shaders from this folder (laid out like shaders/) over the "
                                                             "built-in ones, to try an edit headlessly (--verify checks it)");
  runCommand->add_flag("--stats", run.stats, "print passes run, schedule and time");
  RecordNumberText runRecordNumbers;
  addRecordOptions(*runCommand, run.record, runRecordNumbers, runOut);
  SorterOptionText runSorter;
  addSorterOptions(*runCommand, runSorter);
  addTuneCacheFlag(*runCommand, global);
  std::string runFrom, runTo, runThreads;
  bool runNoAudio = false;
  runCommand->add_option("--video", run.video.inputPath,
                         "pixel-sort every frame of a video or animated GIF (read by FFmpeg) into --out OUT.mp4, "
                         ".webm, .mkv (lossless FFV1) or .gif; the art options apply to each frame; --algo defaults to radix");
  runCommand->add_option("--from", runFrom, "--video: start at this time of the input, in seconds");
  runCommand->add_option("--to", runTo, "--video: stop at this time of the input, in seconds");
  runCommand->add_flag("--temporal-seed", run.video.temporalSeed,
                       "--video: draw random spans and skips once per line for the whole clip, so a still scene "
                       "does not flicker (default: anew each frame)");
  runCommand->add_option("--encoder", run.video.encoder,
                         "--video: an FFmpeg encoder instead of the extension's default (e.g. libx264, h264_nvenc)");
  runCommand->add_flag("--fast-encode", run.video.fastEncode, "--video: the encoder's fastest settings (larger files)");
  runCommand->add_flag("--no-audio", runNoAudio, "--video: leave the audio out (default: copied unchanged)");
  runCommand->add_flag("--quiet", run.quiet, "--video: no progress bar and no summary line");
  runCommand->add_option("--threads", runThreads,
                         "--video: at most N threads each for decoding, encoding and their colour conversions "
                         "(1 to 256; default: one per core but two, left to the GPU thread and the driver)");
  runCommand->add_flag("--hw-decode", run.video.hardwareDecode,
                       "--video: decode on the GPU (NVDEC) where FFmpeg and the machine offer it; else on the CPU, "
                       "saying why in one line");
  runCommand->add_flag("--strict", run.video.strict,
                       "--video: refuse damaged input (decode errors, missing frames) instead of warning and reading past it");

  SortOptions sort;
  auto* sortCommand = app.add_subcommand("sort", "sort a raw little-endian key file (and values) ascending");
  sortCommand->add_option("--algo", sort.algorithm, "algorithm: " + algorithmNames())->required();
  sortCommand->add_option("--type", sort.keyType, "key type: u32, i32, f32 (IEEE 754 totalOrder)")->capture_default_str();
  sortCommand->add_option("--in", sort.keysPath, "key file")->required();
  sortCommand->add_option("--out", sort.outputPath, "sorted key file")->required();
  auto* values = sortCommand->add_option("--values", sort.valuesPath, "u32 value file, one per key");
  auto* valuesOut = sortCommand->add_option("--out-values", sort.valuesOutputPath, "where the values go, in key order");
  values->needs(valuesOut);
  valuesOut->needs(values);
  sortCommand->add_flag("--stats", sort.stats, "print passes run and time");
  SorterOptionText sortSorter;
  addSorterOptions(*sortCommand, sortSorter);
  addTuneCacheFlag(*sortCommand, global);

  auto* infoCommand = app.add_subcommand("info", "print the renderer, GL version, limits and extensions that matter");
  addTuneCacheFlag(*infoCommand, global);

  BenchOptions bench;
  std::vector<std::string> benchSizes;
  std::string benchReps = "5";
  SorterOptionText benchSorter;
  auto* benchCommand = app.add_subcommand("bench", "time algorithms over sizes and distributions against std::sort");
  benchCommand->add_option("--algo", bench.algorithms, "algorithms (comma separated; default all)")->delimiter(',');
  benchCommand->add_option("--sizes", benchSizes, "key counts, e.g. 2^16,2^20,1M (default depends on the GPU)")->delimiter(',');
  benchCommand->add_option("--dist", bench.distributions,
                           "distributions: random, sorted, reversed, few-unique, all-equal, sawtooth, nearly-sorted, entropy")
      ->delimiter(',')
      ->capture_default_str();
  benchCommand->add_option("--type", bench.keyType, "key type: u32, i32, f32")->capture_default_str();
  benchCommand->add_flag("--pairs", bench.pairs, "u32 values travel with the keys");
  benchCommand->add_option("--reps", benchReps, "timed repetitions per case")->capture_default_str();
  benchCommand->add_flag("--steps", bench.steps, "also time each GPU step (dispatch) of the sorts that report them");
  std::string benchSegmentLength;
  benchCommand->add_option("--segment-length", benchSegmentLength,
                           "sort each size as segments of this many keys, each on its own (sizes must be multiples)");
  benchCommand->add_flag("--through-library", bench.throughLibrary,
                         "time radix as the library's GpuSorter::sort on buffers of its own (include/shadersort/)");
  benchCommand->add_flag("--segment-offsets", bench.segmentOffsets,
                         "with --through-library and --segment-length: give the library the segments as a GPU buffer "
                         "of offsets (CUB's form) instead of a row length");
  benchCommand->add_option("--csv", bench.csvPath, "write results as CSV (columns: docs/COMMAND_LINE.md)");
  benchCommand->add_option("--json", bench.jsonPath, "write results as JSON");
  benchCommand->add_option("--plot", bench.plotPath, "write a log-log plot of keys/s against N (PNG, needs gnuplot)");
  addSorterOptions(*benchCommand, benchSorter);
  addTuneCacheFlag(*benchCommand, global);
  // bench --art: run's art options, and the key, axis and seed they start from.
  std::string benchArtImage, benchWarmup = "1";
  bool benchKeepMap = false;
  benchCommand->add_option("--art", benchArtImage,
                           "time the pixel-sort pipeline on this image instead, whole and by stage (map, keys, spans, "
                           "sort, write-back), with run's art options; --algo one sorter (default radix), --reps default 50");
  ArtOptionText benchArtText;
  addArtOptions(*benchCommand, benchArtText);
  InputOptionText benchOrder;
  addOrderOptions(*benchCommand, benchOrder);
  benchCommand->add_option("--warmup-seconds", benchWarmup, "--art: untimed runs for this long first, 0 to 600 (default 1)");
  benchCommand->add_flag("--keep-map", benchKeepMap, "--art: build the path map once, not in every timed run");

  TuneOptions tune;
  std::string tuneSize, tuneReps = "5";
  auto* tuneCommand = app.add_subcommand("tune", "find the fastest settings of each algorithm on this GPU and cache them");
  tuneCommand->add_option("--algo", tune.algorithms, "algorithms (comma separated; default all)")->delimiter(',');
  auto* tuneSizeOption =
      tuneCommand->add_option("--size", tuneSize, "keys per trial (default 2^22 on a GPU, 2^14 on a CPU rasterizer)");
  tuneCommand->add_option("--reps", tuneReps, "timed repetitions per trial")->capture_default_str();

  PlotOptions plot;
  auto* plotCommand = app.add_subcommand("plot", "draw a bench CSV as a log-log PNG (needs gnuplot)");
  plotCommand->add_option("--csv", plot.csvPath, "a CSV written by bench --csv")->required();
  plotCommand->add_option("--reference", plot.referencePaths,
                          "also draw series measured elsewhere (e.g. CUB): a CSV with the header " +
                              bench::referenceCsvHeader() + ", then NAME,N,RATE rows (NAME in --title's characters); "
                              "repeatable");
  plotCommand->add_option("--out", plot.outputPath, "output PNG")->required();
  plotCommand->add_option("--title", plot.title, "plot title: letters, digits, spaces and " + bench::plotTitlePunctuation())
      ->capture_default_str();

  ViewOptions view;
  InputOptionText viewInput;
  std::string viewFrames, viewRace, viewRaceSeconds = "10", viewToneSeconds = std::to_string(audio::kDefaultToneSeconds);
  auto* viewCommand = app.add_subcommand("view", "open the viewer (the default with no subcommand)");
  viewCommand->add_option("--algo", view.algorithm,
                          "algorithm: " + algorithmNames() + " (radix, fast, with the art options or --video)")
      ->capture_default_str();
  addInputOptions(*viewCommand, viewInput);
  viewCommand->add_option("image", viewInput.image, "input image (the same as --image)")->excludes("--image")->excludes("--pattern")->excludes("--values");
  ArtOptionText viewArtText;
  addArtOptions(*viewCommand, viewArtText);
  auto* viewFramesOption = viewCommand->add_option(
      "--frames", viewFrames, "quit after this many frames (for scripts; a frame is 1/30 s of playing: one pass at the default speed)");
  viewCommand->add_option("--screenshot", view.screenshotPath, "write the last frame to this PNG (needs --frames)");
  viewCommand->add_option("--export", view.exportPath, "art mode: where w writes the finished picture at full resolution "
                                                       "(.png, .jpg or .webp; default: beside the input) and its preset");
  viewCommand->add_flag("!--paused", view.startPlaying, "start paused");
  viewCommand->add_flag("--fast", view.fast, "start on the fast schedule (default: teaching, one basic step per pass)");
  viewCommand->add_flag("--array", view.arrayMode, "start in array mode (one sequence as bars)");
  std::string viewDrawing = "bars";
  viewCommand->add_option("--drawing", viewDrawing, "array view draws each key as a bar or a dot at its height (v): bars or dots")
      ->capture_default_str();
  viewCommand->add_flag("--slide", view.slideLayout,
                        "draw as run --slides does: no panel, the pass's caption and the network's current column, "
                        "no radix tween (with --array, the frame a slide of that pass is)");
  viewCommand->add_flag("--offscreen", view.offscreen, "no window or X server: render frames on the headless context (needs --frames)");
  viewCommand->add_option("--window-size", view.frameSize, "window (or offscreen frame) size WxH")->capture_default_str();
  viewCommand->add_option("--keys", view.keys, "keys pressed one per frame, e.g. \"space,right,right,left,a,t\"");
  viewCommand->add_option("--mouse", view.mouse, "--offscreen: mouse events one per frame in window pixels, e.g. "
                                                 "\"press@400:300,move@420:300,release@420:300,wait\" (a drag paints with the mask brush, i)");
  viewCommand->add_flag("--stats", view.stats, "print frames per second and the median GPU time of a frame's display and sort work");
  auto* viewRaceOption =
      viewCommand->add_option("--race", viewRace, "race 2 to 4 algorithms side by side on the same input, e.g. radix,bitonic");
  viewCommand->add_option("--race-clock", view.raceClock, "race clock: pass (one pass per tick) or time (by measured GPU time)")->capture_default_str();
  viewCommand->add_option("--race-seconds", viewRaceSeconds, "race by time: seconds the slowest lane takes, 0.1 to 3600")
      ->capture_default_str();
  viewCommand->add_option("--video", view.videoPath,
                          "play this clip (read by FFmpeg) in a loop, each frame pixel-sorted with the art options "
                          "(without them: sorted whole along --axis)");
  viewCommand->add_flag("--strict", view.strictVideo,
                        "--video: check the whole clip first and refuse it if damaged (decode errors, missing frames)");
  viewCommand->add_option("--record", view.recordPath, "record the lanes from the first frame to the last as an animated GIF");
  viewCommand->add_option("--shader-dir", view.shaderDirectory, "read shaders from this folder (laid out like shaders/) and reload on change");
  viewCommand->add_option("--audio", view.audioPath,
                          "write the sort's sound to this WAV file and exit, with no window or audio device: "
                          "one chord per pass of --algo (inputs of at most 16384 keys)");
  viewCommand->add_option("--tone-seconds", viewToneSeconds, "seconds each pass's chord lasts (m, --audio), 0.02 to 2 (default 0.1)");
  std::string viewSound = "exchanges";
  viewCommand->add_option("--sound", viewSound,
                          "what a pass sounds (m, --audio): exchanges (a tone per comparison that exchanged) or "
                          "comparisons (a tone per comparison, as Sound of Sorting; radix: its moved keys)")
      ->capture_default_str();
  std::string viewTweenSeconds = std::to_string(ui::kDefaultTweenSeconds);
  viewCommand->add_option("--tween-seconds", viewTweenSeconds,
                          "radix in teaching mode, array view: seconds the keys take to fly to their buckets after a pass, 0 (off) to 10 (default 0.6)");
  SorterOptionText viewSorter;
  addSorterOptions(*viewCommand, viewSorter);
  addTuneCacheFlag(*viewCommand, global);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return app.exit(error);  // --help
    std::cerr << "shadersort: " << printable(error.what()) << " (see --help)\n";
    return 2;
  }

  // Everything the command line says is checked here, before any file or GPU is touched: a
  // mistake in it exits 2 whichever option it is in.
  if (*runCommand) {
    requireAlgorithm(run.algorithm);
    run.input = toInputSpec(runInput);
    run.art = toArtRequest(*runCommand, runArtText, run.input);
    // Pixel-sort art is many spans of a big picture: the fastest sorter unless another is named.
    if (run.art && runCommand->count("--algo") == 0) run.algorithm = std::string(kArtAlgorithm);
    run.passes = parsePasses(runPasses);
    run.sorter = toSorterOptions(runSorter);
    parseRecordNumbers(runRecordNumbers, run.record);
    if (run.video.given()) {
      checkVideoRun(*runCommand, run);
      if (!runFrom.empty()) run.video.from = parseDecimal(runFrom, "--from", 0.0, 1e9);
      if (!runTo.empty()) run.video.to = parseDecimal(runTo, "--to", 0.0, 1e9);
      if (run.video.from && run.video.to && *run.video.from >= *run.video.to)
        throw UsageError("--from " + runFrom + " is not before --to " + runTo);
      run.video.audio = !runNoAudio;
      if (!runThreads.empty()) run.video.threads = static_cast<int>(parseUnsigned(runThreads, "--threads", 1, 256));
    } else {
      for (const char* name :
           {"--from", "--to", "--temporal-seed", "--encoder", "--fast-encode", "--no-audio", "--quiet", "--strict", "--threads",
            "--hw-decode"})
        if (runCommand->count(name) > 0) throw UsageError(std::string(name) + " needs --video");
      if (!run.outputPath.empty()) requirePicturePath(run.outputPath);
    }
    return runRun(global, run);
  }
  if (*sortCommand) {
    requireAlgorithm(sort.algorithm);
    requireKeyType(sort.keyType);
    sort.sorter = toSorterOptions(sortSorter);
    return runSort(global, sort);
  }
  if (*infoCommand) return runInfo(global);
  if (*benchCommand && benchCommand->count("--art") > 0)
    return runArtBench(global, toArtBenchOptions(*benchCommand, bench, benchArtImage, benchArtText, benchOrder, benchReps,
                                                 benchWarmup, benchKeepMap, benchSorter));
  if (*benchCommand) {
    for (const char* name : {"--warmup-seconds", "--keep-map", "--seed", "--key", "--axis", "--descending"})
      if (benchCommand->count(name) > 0) throw UsageError(std::string(name) + " needs --art IMAGE");
    if (const char* art = firstArtOption(*benchCommand)) throw UsageError(std::string(art) + " needs --art IMAGE");
    for (const std::string& name : bench.algorithms) requireAlgorithm(name);
    requireKeyType(bench.keyType);
    const auto known = bench::distributionNames();
    for (const std::string& distribution : bench.distributions)
      if (std::find(known.begin(), known.end(), distribution) == known.end())
        throw UsageError("unknown distribution " + quote(distribution) + " (known: random, sorted, reversed, few-unique, "
                         "all-equal, sawtooth, nearly-sorted, entropy)");
    for (const std::string& size : benchSizes) bench.sizes.push_back(parseCount(size, "--sizes", 1, kMaxKeyCount));
    if (!benchSegmentLength.empty()) {
      bench.segmentLength = static_cast<std::uint32_t>(parseCount(benchSegmentLength, "--segment-length", 1, kMaxKeyCount));
      for (std::size_t size : bench.sizes)
        if (size % bench.segmentLength != 0)
          throw UsageError("--sizes " + std::to_string(size) + " is no multiple of --segment-length " + benchSegmentLength);
    }
    if (bench.throughLibrary) {
      if (bench.algorithms.empty()) bench.algorithms = {"radix"};
      if (bench.algorithms != std::vector<std::string>{"radix"})
        throw UsageError("--through-library times the library's radix sort: --algo radix or none");
      if (bench.steps) throw UsageError("--steps cannot go with --through-library (the library reports no steps)");
    }
    if (bench.segmentOffsets && (!bench.throughLibrary || bench.segmentLength == 0))
      throw UsageError("--segment-offsets needs --through-library and --segment-length");
    bench.repetitions = parseRepetitions(benchReps);
    bench.sorter = toSorterOptions(benchSorter);
    if (!bench.plotPath.empty()) requirePngPath(bench.plotPath);
    return runBench(global, bench);
  }
  if (*tuneCommand) {
    for (const std::string& name : tune.algorithms) requireAlgorithm(name);
    if (tuneSizeOption->count() > 0) tune.count = parseCount(tuneSize, "--size", 1, kMaxKeyCount);
    tune.repetitions = parseRepetitions(tuneReps);
    return runTune(global, tune);
  }
  if (*plotCommand) {
    requirePngPath(plot.outputPath);
    bench::requirePlotTitle(plot.title);
    return runPlot(plot);
  }
  if (*viewCommand) {
    requireAlgorithm(view.algorithm);
    view.input = toInputSpec(viewInput);
    view.art = toArtRequest(*viewCommand, viewArtText, view.input);
    // Art and clips open on the fastest sorter and its fast schedule; teaching views keep theirs.
    if (view.art || !view.videoPath.empty()) {
      if (viewCommand->count("--algo") == 0) view.algorithm = std::string(kArtAlgorithm);
      if (viewCommand->count("--teaching") == 0) view.fast = true;
    }
    view.sorter = toSorterOptions(viewSorter);
    if (view.strictVideo && view.videoPath.empty()) throw UsageError("--strict needs --video");
    if (viewFramesOption->count() > 0) view.frames = static_cast<int>(parseUnsigned(viewFrames, "--frames", 1, INT_MAX));
    if (viewRaceOption->count() > 0) view.race = parseRaceList(viewRace);
    view.raceSeconds = parseDecimal(viewRaceSeconds, "--race-seconds", ui::kRaceSecondsRange.min, ui::kRaceSecondsRange.max);
    view.toneSeconds = parseDecimal(viewToneSeconds, "--tone-seconds", audio::kMinToneSeconds, audio::kMaxToneSeconds);
    const auto soundMode = audio::soundModeNamed(viewSound);
    if (!soundMode) throw UsageError("--sound must be 'exchanges' or 'comparisons', got " + quote(viewSound));
    view.soundMode = *soundMode;
    view.arrayDrawing = parseDrawing(viewDrawing);
    view.tweenSeconds = parseDecimal(viewTweenSeconds, "--tween-seconds", ui::kTweenSecondsRange.min, ui::kTweenSecondsRange.max);
    parseDimensions(view.frameSize, "--window-size", {320, 240}, {16384, 16384});
    if (!view.screenshotPath.empty()) requirePngPath(view.screenshotPath);
    if (!view.exportPath.empty()) requirePicturePath(view.exportPath);
    requireDistinctOutputs(
        {{"--screenshot", view.screenshotPath}, {"--record", view.recordPath}, {"--export", view.exportPath}});
  }
  return runView(global, view);
}

}  // namespace shadersort::cli
