#pragma once
// The subcommands. Each takes its parsed options, does its job and returns the exit code; bad
// input is thrown as UserError and reported by the caller in one line.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "art/animation.h"
#include "art/art_request.h"
#include "art/art_settings.h"
#include "audio/chord_synth.h"
#include "data/inputs.h"
#include "render/display_layout.h"
#include "sort/registry.h"
#include "ui/radix_tween_limits.h"

namespace shadersort::art {
class ArtPipeline;
struct ArtImages;
}  // namespace shadersort::art

namespace shadersort::cli {

struct GlobalOptions {
  bool glDebug = false;
  bool useTuneCache = true;  // --no-tune-cache turns it off
};

// run --gif / --sheet / --slides: the run recorded as an animation, a contact sheet and/or slides.
struct RecordOptions {
  std::string gifPath, sheetPath;
  std::string slidesPath;  // a folder: a PNG and a caption per pass, network.svg, index.html
  std::optional<std::uint32_t> every;  // keep every K-th pass; empty: every pass (GIF), 16 cells at most (sheet)
  int fps = 20;
  int scale = 1;  // --gif and --sheet; slides are drawn at slideWidth x slideHeight
  int slideWidth = 1280, slideHeight = 720;  // --slide-size: a projector's frame
  render::ArrayDrawing slideDrawing = render::ArrayDrawing::Bars;  // --drawing: the slides' bars or dots
  bool any() const { return !gifPath.empty() || !sheetPath.empty() || !slidesPath.empty(); }
};

// run's pixel-sort: the settings and the images they name (art/art_request.h).
using ArtRequest = art::ArtRequest;

// run --video: a clip or an animated GIF pixel-sorted frame by frame into a video file.
struct VideoOptions {
  std::string inputPath;                  // empty: not a video run
  std::optional<double> from, to;         // seconds of the input's timeline
  bool temporalSeed = false;              // random spans and skips drawn per line, the same every frame
  std::string encoder;                    // an FFmpeg encoder name; empty: the extension's default
  bool fastEncode = false;                // the encoder's fastest settings
  bool audio = true;                      // copy the audio stream
  bool strict = false;                    // --strict: refuse damaged input instead of reading past it
  int threads = 0;                        // --threads: the codecs' and conversions' threads each; 0: defaultCodecThreads()
  bool hardwareDecode = false;            // --hw-decode: NVDEC where FFmpeg and the machine have it
  bool given() const { return !inputPath.empty(); }
};

// The sorter pixel-sort art, video and their viewer use when --algo names none: radix, fast.
inline constexpr std::string_view kArtAlgorithm = "radix";

struct RunOptions {
  std::string algorithm = "frag-odd-even";
  InputSpec input;
  std::optional<std::uint32_t> passes;  // empty: all
  std::string outputPath;               // may be empty when recording
  RecordOptions record;
  bool verify = false;
  bool stats = false;
  std::string shaderDirectory;  // --shader-dir: shaders read from this folder over the embedded ones
  SorterOptions sorter;
  std::optional<ArtRequest> art;  // spans and paths (--path, --spans, ...)
  VideoOptions video;
  bool quiet = false;             // no progress bar
};

struct SortOptions {
  std::string algorithm;
  std::string keyType = "u32";
  std::string keysPath, outputPath;
  std::string valuesPath, valuesOutputPath;
  bool stats = false;
  SorterOptions sorter;
};

struct ViewOptions {
  std::string algorithm = "frag-odd-even";
  InputSpec input;
  long long frames = 0;        // > 0: quit after this many frames (scripted runs and tests)
  std::string screenshotPath;  // written after the last frame
  std::string exportPath;      // art mode: w writes the finished picture here
  bool startPlaying = true;
  bool fast = false;           // start on the fast schedule instead of the teaching one
  bool arrayMode = false;
  bool offscreen = false;      // no window: frames go into a framebuffer on the headless context
  bool slideLayout = false;    // --slide: drawn as run --slides draws (no panel; caption and network column)
  render::ArrayDrawing arrayDrawing = render::ArrayDrawing::Bars;  // --drawing: array view's bars or dots
  std::string frameSize = "1280x800";
  std::string keys;            // --keys "space,right,..." one per frame
  std::string mouse;           // --mouse "press@X:Y,move@X:Y,release@X:Y,wait" one per frame (--offscreen)
  bool stats = false;
  std::string shaderDirectory;
  std::vector<std::string> race;      // 2 to 4 algorithms side by side
  std::string raceClock = "pass";     // pass | time
  std::string recordPath;             // --record OUT.gif
  double raceSeconds = 10.0;
  SorterOptions sorter;
  std::optional<ArtRequest> art;  // open in pixel-sort art mode (--path, --spans, --preset, ...)
  std::string videoPath;          // --video CLIP: play it, pixel-sorted frame by frame
  bool strictVideo = false;       // --strict: refuse a damaged clip instead of playing past the damage
  std::string audioPath;          // --audio OUT.wav: write the sort's sound, no window
  double toneSeconds = audio::kDefaultToneSeconds;  // --tone-seconds: each pass's chord (m and --audio)
  audio::SoundMode soundMode = audio::SoundMode::Exchanges;  // --sound: what a pass sounds (m and --audio)
  double tweenSeconds = ui::kDefaultTweenSeconds;  // --tween-seconds: radix's scatter tween
};

struct BenchOptions {
  std::vector<std::string> algorithms;
  std::vector<std::size_t> sizes;
  std::vector<std::string> distributions = {"random"};
  std::string keyType = "u32";
  bool pairs = false;
  int repetitions = 5;
  bool steps = false;
  std::uint32_t segmentLength = 0;  // --segment-length: 0 for one sequence of each size
  bool throughLibrary = false;      // --through-library: radix through GpuSorter::sort
  bool segmentOffsets = false;      // --segment-offsets: the library's segments as offsets
  std::string csvPath, jsonPath, plotPath;
  SorterOptions sorter;
};

// bench --art IMAGE: the pixel-sort pipeline timed whole and by stage.
struct ArtBenchOptions {
  std::string algorithm = std::string(kArtAlgorithm);
  InputSpec input;  // the image, and the key, axis and seed the art options start from
  ArtRequest art;
  int repetitions = 50;
  double warmupSeconds = 1.0;
  bool keepMap = false;  // build the path map once instead of in every run
  std::string csvPath;
  SorterOptions sorter;
};

struct TuneOptions {
  std::vector<std::string> algorithms;
  std::size_t count = 0;
  int repetitions = 5;
};

struct PlotOptions {
  std::string csvPath, outputPath, title = "shadersort";
  std::vector<std::string> referencePaths;  // reference CSVs (series,n,g_keys_per_s), one line per series
};

int runBench(const GlobalOptions& global, const BenchOptions& options);
// bench --art: a line per stage and one for the whole (median, 10th and 90th percentile, min, max).
int runArtBench(const GlobalOptions& global, const ArtBenchOptions& options);
int runTune(const GlobalOptions& global, const TuneOptions& options);
int runPlot(const PlotOptions& options);
int runRun(const GlobalOptions& global, const RunOptions& options);
// runRun's pixel-sort (options.art set).
int runArt(const GlobalOptions& global, const RunOptions& options);
// An image an art setting names (mask, intervals, key image); null for an empty path.
std::unique_ptr<Image> loadArtImage(const std::string& path);
// --verify of a pixel-sort: the CPU reference of `settings` on `images` against the sorter's
// state in `pipeline`; empty when right, else what is wrong.
std::string checkArtResult(const art::ArtPipeline& pipeline, const Sorter& sorter, const AlgorithmInfo& algorithm,
                           const art::ArtSettings& settings, const art::ArtImages& images);
// runRun's video (options.video given, options.art set).
int runVideo(const GlobalOptions& global, const RunOptions& options);
// run's answer to a result that failed its check (`problem`): one line, and the exit code (1
// when --verify asked for the check, 3 when the GPU sorted wrongly unasked).
int reportWrongResult(const RunOptions& options, std::string_view algorithm, const std::string& problem);
int runSort(const GlobalOptions& global, const SortOptions& options);
int runInfo(const GlobalOptions& global);
int runView(const GlobalOptions& global, const ViewOptions& options);
// runView's --audio: every pass of the algorithm's sort as a chord, into a WAV file, headless.
int runViewAudio(const GlobalOptions& global, const ViewOptions& options);

// Entry point of the whole command line.
int runCommandLine(int argc, char** argv);

}  // namespace shadersort::cli
