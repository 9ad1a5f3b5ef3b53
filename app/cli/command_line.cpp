#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <iostream>

#include "cli/commands.h"
#include "core/error.h"
#include "sort/registry.h"

namespace shadersort::cli {
namespace {

// Options every input-taking command shares: --image | --pattern/--size, --key, --axis, --descending.
struct InputOptionText {
  std::string image, pattern, size = "256x256", key = "luminance", axis = "columns";
  bool descending = false;
  std::uint64_t seed = 1;
};

void addInputOptions(CLI::App& command, InputOptionText& text) {
  auto* image = command.add_option("--image", text.image, "input image (PNG, JPEG, BMP, TGA, ...); default: built-in picture");
  auto* pattern = command.add_option("--pattern", text.pattern,
                                     "pattern of keys instead of an image: random, sorted, reversed, few-unique, "
                                     "all-equal, sawtooth, nearly-sorted");
  image->excludes(pattern);
  command.add_option("--size", text.size, "pattern size WxH")->capture_default_str();
  command.add_option("--seed", text.seed, "pattern seed")->capture_default_str();
  command.add_option("--key", text.key, "pixel key: luminance, hue, saturation, value, red, green, blue")
      ->capture_default_str();
  command.add_option("--axis", text.axis, "columns (each column ascends top to bottom) or rows (left to right)")
      ->capture_default_str();
  command.add_flag("--descending", text.descending, "reverse the order");
}

int parseDimension(const std::string& text, const std::string& whole) {
  std::size_t used = 0;
  long value = 0;
  try {
    value = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty()) throw UserError("--size must look like WxH, got '" + whole + "'");
  if (value <= 0) throw UserError("--size must be at least 1x1, got '" + whole + "'");
  if (value > (1 << 24)) throw UserError("--size " + whole + " is beyond any GPU's limits");
  return static_cast<int>(value);
}

InputSpec toInputSpec(const InputOptionText& text) {
  InputSpec spec;
  if (!text.image.empty()) spec.imagePath = text.image;
  if (!text.pattern.empty()) {
    spec.pattern = parsePattern(text.pattern);
    if (!spec.pattern) throw UserError("unknown pattern '" + text.pattern + "'");
  }
  const auto cross = text.size.find('x');
  if (cross == std::string::npos) throw UserError("--size must look like WxH, got '" + text.size + "'");
  spec.width = parseDimension(text.size.substr(0, cross), text.size);
  spec.height = parseDimension(text.size.substr(cross + 1), text.size);
  spec.seed = text.seed;
  const auto key = parsePixelKey(text.key);
  if (!key) throw UserError("unknown key '" + text.key + "' (known: luminance, hue, saturation, value, red, green, blue)");
  const auto axis = parseAxis(text.axis);
  if (!axis) throw UserError("unknown axis '" + text.axis + "' (known: columns, rows)");
  spec.order = {*key, *axis, text.descending};
  return spec;
}

// Options every sorting command shares: --teaching, --set NAME=VALUE, --radix-bits.
struct SorterOptionText {
  bool teaching = false;
  std::vector<std::string> settings;
  int radixBits = 0;
};

void addSorterOptions(CLI::App& command, SorterOptionText& text) {
  command.add_flag("--teaching", text.teaching, "one basic step per pass, where the algorithm has a faster schedule");
  command.add_option("--set", text.settings, "algorithm setting NAME=VALUE (see 'info'); repeatable");
  command.add_option("--radix-bits", text.radixBits, "radix: digit width, 4 (teaching) or 8 (fast)");
}

void addTuneCacheFlag(CLI::App& command, GlobalOptions& global) {
  command.add_flag("!--no-tune-cache", global.useTuneCache, "ignore the settings `shadersort tune` cached for this GPU");
}

SorterOptions toSorterOptions(const SorterOptionText& text) {
  SorterOptions options;
  options.teaching = text.teaching;
  for (const std::string& setting : text.settings) {
    const auto equals = setting.find('=');
    std::size_t used = 0;
    int value = 0;
    try {
      value = std::stoi(setting.substr(equals == std::string::npos ? setting.size() : equals + 1), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (equals == std::string::npos || equals == 0 || used == 0 || equals + 1 + used != setting.size())
      throw UserError("--set wants NAME=INTEGER, got '" + setting + "'");
    options.settings[setting.substr(0, equals)] = value;
  }
  if (text.radixBits != 0) options.settings["radix-bits"] = text.radixBits;
  return options;
}

// "1000", "2^20" or "1M"/"16K": a key count.
std::size_t parseCount(const std::string& text) {
  try {
    std::size_t used = 0;
    if (text.rfind("2^", 0) == 0) {
      const int exponent = std::stoi(text.substr(2), &used);
      if (used + 2 == text.size() && exponent >= 0 && exponent < 40) return std::size_t{1} << exponent;
    } else {
      const unsigned long long value = std::stoull(text, &used);
      const std::string suffix = text.substr(used);
      const std::size_t scale = suffix.empty() ? 1 : suffix == "K" ? 1024 : suffix == "M" ? 1024 * 1024 : 0;
      if (scale != 0 && text[0] != '-') return static_cast<std::size_t>(value) * scale;
    }
  } catch (const std::exception&) {
  }
  throw UserError("'" + text + "' is not a size (examples: 1000, 2^20, 16K, 1M)");
}

std::optional<std::uint32_t> parsePasses(const std::string& text) {
  if (text == "all") return std::nullopt;
  std::size_t used = 0;
  long long value = -1;
  try {
    value = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty()) throw UserError("--passes must be a number or 'all', got '" + text + "'");
  if (value < 0) throw UserError("--passes must not be negative, got " + text);
  if (value > 0xFFFFFFFFLL) throw UserError("--passes " + text + " is too large");
  return static_cast<std::uint32_t>(value);
}

// run --gif / --sheet and their settings. Bad values are command-line errors (exit 2), found
// before any GPU work.
void addRecordOptions(CLI::App& run, RecordOptions& record, const CLI::Option* out) {
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
  auto* every = run.add_option("--every", record.every,
                               "record every K-th pass, and the last (default: every pass for --gif, 16 cells at most for --sheet)")
                    ->check(CLI::Validator(
                        [](std::string& text) {
                          const bool digits = !text.empty() && text.size() <= 10 &&
                                              std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
                          const unsigned long long value = digits ? std::stoull(text) : 0;
                          return value >= 1 && value <= 0xFFFFFFFFull ? std::string() : "must be a pass count of at least 1, got '" + text + "'";
                        },
                        "K"));
  run.add_option("--fps", record.fps, "GIF frames per second, 1 to 100 (delays are whole 1/100 s; browsers "
                                      "slow delays under 2/100 s, so above 50 fps, down)")
      ->check(CLI::Range(1, 100))
      ->needs(gif)
      ->capture_default_str();
  auto* scale = run.add_option("--scale", record.scale, "enlarge the GIF and sheet pictures S times, 1 to 16 (pixels repeated)")
                    ->check(CLI::Range(1, 16))
                    ->capture_default_str();
  run.callback([=] {
    if (out->count() == 0 && gif->count() == 0 && sheet->count() == 0)
      throw CLI::RequiredError("--out, --gif or --sheet");
    for (const CLI::Option* option : {every, scale})
      if (option->count() > 0 && gif->count() == 0 && sheet->count() == 0)
        throw CLI::ValidationError(option->get_name(), "needs --gif or --sheet");
  });
}

}  // namespace

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
  runCommand->add_option("--algo", run.algorithm, "algorithm: " + algorithmNames())->capture_default_str();
  addInputOptions(*runCommand, runInput);
  runCommand->add_option("--passes", runPasses, "passes to run: a number or 'all'")->capture_default_str();
  auto* runOut = runCommand->add_option("--out", run.outputPath, "output PNG (optional with --gif or --sheet)");
  runCommand->add_flag("--verify", run.verify, "check each sequence is ordered and holds the input's pixels; exit 1 if not");
  runCommand->add_flag("--stats", run.stats, "print passes run, schedule and time");
  addRecordOptions(*runCommand, run.record, runOut);
  SorterOptionText runSorter;
  addSorterOptions(*runCommand, runSorter);
  addTuneCacheFlag(*runCommand, global);

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
  benchCommand->add_option("--reps", bench.repetitions, "timed repetitions per case")->capture_default_str();
  benchCommand->add_flag("--steps", bench.steps, "also time each GPU step (dispatch) of the sorts that report them");
  benchCommand->add_option("--csv", bench.csvPath, "write results as CSV (columns: see README)");
  benchCommand->add_option("--json", bench.jsonPath, "write results as JSON");
  benchCommand->add_option("--plot", bench.plotPath, "write a log-log plot of keys/s against N (PNG, needs gnuplot)");
  addSorterOptions(*benchCommand, benchSorter);
  addTuneCacheFlag(*benchCommand, global);

  TuneOptions tune;
  std::string tuneSize;
  auto* tuneCommand = app.add_subcommand("tune", "find the fastest settings of each algorithm on this GPU and cache them");
  tuneCommand->add_option("--algo", tune.algorithms, "algorithms (comma separated; default all)")->delimiter(',');
  tuneCommand->add_option("--size", tuneSize, "keys per trial (default 2^22 on a GPU, 2^14 on a CPU rasterizer)");
  tuneCommand->add_option("--reps", tune.repetitions, "timed repetitions per trial")->capture_default_str();

  PlotOptions plot;
  auto* plotCommand = app.add_subcommand("plot", "draw a bench CSV as a log-log PNG (needs gnuplot)");
  plotCommand->add_option("--csv", plot.csvPath, "a CSV written by bench --csv")->required();
  plotCommand->add_option("--out", plot.outputPath, "output PNG")->required();
  plotCommand->add_option("--title", plot.title, "plot title")->capture_default_str();

  ViewOptions view;
  InputOptionText viewInput;
  auto* viewCommand = app.add_subcommand("view", "open the viewer (the default with no subcommand)");
  viewCommand->add_option("--algo", view.algorithm, "algorithm: " + algorithmNames())->capture_default_str();
  addInputOptions(*viewCommand, viewInput);
  viewCommand->add_option("--frames", view.frames, "quit after this many frames (for scripts; playing advances one pass a frame)");
  viewCommand->add_option("--screenshot", view.screenshotPath, "write the last frame to this PNG (needs --frames)");
  viewCommand->add_flag("!--paused", view.startPlaying, "start paused");
  viewCommand->add_flag("--fast", view.fast, "start on the fast schedule (default: teaching, one basic step per pass)");
  viewCommand->add_flag("--array", view.arrayMode, "start in array mode (one sequence as bars)");
  viewCommand->add_flag("--offscreen", view.offscreen, "no window or X server: render frames on the headless context (needs --frames)");
  viewCommand->add_option("--window-size", view.frameSize, "window (or offscreen frame) size WxH")->capture_default_str();
  viewCommand->add_option("--keys", view.keys, "keys pressed one per frame, e.g. \"space,right,right,left,a,t\"");
  viewCommand->add_flag("--stats", view.stats, "print frames per second and the median GPU time of a frame's display and sort work");
  viewCommand->add_option("--shader-dir", view.shaderDirectory, "read shaders from this folder (laid out like shaders/) and reload on change");
  SorterOptionText viewSorter;
  addSorterOptions(*viewCommand, viewSorter);
  addTuneCacheFlag(*viewCommand, global);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    if (error.get_exit_code() == 0) return app.exit(error);  // --help
    std::cerr << "shadersort: " << error.what() << " (see --help)\n";
    return 2;
  }

  if (*runCommand) {
    run.input = toInputSpec(runInput);
    run.passes = parsePasses(runPasses);
    run.sorter = toSorterOptions(runSorter);
    return runRun(global, run);
  }
  if (*sortCommand) {
    sort.sorter = toSorterOptions(sortSorter);
    return runSort(global, sort);
  }
  if (*infoCommand) return runInfo(global);
  if (*benchCommand) {
    for (const std::string& size : benchSizes) bench.sizes.push_back(parseCount(size));
    bench.sorter = toSorterOptions(benchSorter);
    return runBench(global, bench);
  }
  if (*tuneCommand) {
    if (!tuneSize.empty()) tune.count = parseCount(tuneSize);
    if (tune.repetitions < 1) throw UserError("--reps must be at least 1");
    return runTune(global, tune);
  }
  if (*plotCommand) return runPlot(plot);
  if (*viewCommand) {
    view.input = toInputSpec(viewInput);
    view.sorter = toSorterOptions(viewSorter);
  }
  return runView(global, view);
}

}  // namespace shadersort::cli
