// `shadersort view` (and no subcommand): checks the options, then hands them to the viewer in a
// window or, with --offscreen, on the headless context.

#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>

#include "bench/tune_cache.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"
#include "gl/debug_output.h"
#include "sort/registry.h"
#include "ui/playback_limits.h"
#include "ui/viewer_app.h"
#include "ui/work_panel.h"

namespace shadersort::cli {
namespace {

void parseFrameSize(const std::string& text, int& width, int& height) {
  const auto cross = text.find('x');
  std::size_t usedWidth = 0, usedHeight = 0;
  try {
    if (cross != std::string::npos) {
      width = std::stoi(text.substr(0, cross), &usedWidth);
      height = std::stoi(text.substr(cross + 1), &usedHeight);
    }
  } catch (const std::exception&) {
    usedWidth = 0;
  }
  if (cross == std::string::npos || usedWidth != cross || usedHeight != text.size() - cross - 1 || width < 320 ||
      height < 240 || width > 16384 || height > 16384)
    throw UsageError("--window-size must be WxH between 320x240 and 16384x16384, got '" + text + "'");
}

}  // namespace

int runView(const GlobalOptions& global, const ViewOptions& options) {
  if (!options.audioPath.empty()) return runViewAudio(global, options);
  if (options.frames < 0 || (options.frames == 0 && (options.offscreen || !options.screenshotPath.empty())) ||
      options.frames > std::numeric_limits<int>::max()) {
    if (options.frames < 0 || options.frames > std::numeric_limits<int>::max())
      throw UsageError("--frames must be between 1 and " + std::to_string(std::numeric_limits<int>::max()));
    throw UsageError(options.offscreen ? "--offscreen needs --frames N (it has no window to close)"
                                             : "--screenshot needs --frames N (it is written after the last frame)");
  }
  if (!options.screenshotPath.empty()) requirePngPath(options.screenshotPath);
  if (!options.recordPath.empty()) {
    const std::string& path = options.recordPath;
    if (path.size() < 4 || (path.compare(path.size() - 4, 4, ".gif") != 0 && path.compare(path.size() - 4, 4, ".GIF") != 0))
      throw UsageError("--record " + quote(path) + " must be a .gif file");
    requireWritableOutput(path);
    // A folder that takes no new files (/proc) passes the checks above; a trial temporary file
    // finds it before any window opens. It is removed at once.
    { const AtomicFileWriter trial(path); }
  }
  int width = 0, height = 0;
  parseFrameSize(options.frameSize, width, height);

  ui::ViewerConfig config;
  config.algorithm = options.algorithm;
  findAlgorithm(config.algorithm);  // an unknown name fails before any window opens
  config.input = options.input;
  // Array view with no input: a small teaching example, not a column of the built-in picture.
  const bool noInput = !options.input.imagePath && !options.input.pattern && !options.input.values;
  if (options.arrayMode && noInput && options.videoPath.empty() && !options.art && options.race.empty())
    config.input = smallTeachingInput(options.input.order);
  config.sorter = options.sorter;
  config.teaching = !options.fast;
  config.arrayMode = options.arrayMode;
  config.arrayDrawing = options.arrayDrawing;
  config.startPlaying = options.startPlaying;
  config.toneSeconds = options.toneSeconds;
  config.soundMode = options.soundMode;
  config.tweenSeconds = options.tweenSeconds;
  config.frames = static_cast<int>(options.frames);
  config.screenshotPath = options.screenshotPath;
  config.exportPath = options.exportPath;
  config.recordPath = options.recordPath;
  config.keys = ui::parseKeyScript(options.keys);
  if (options.slideLayout) {
    if (!options.race.empty() || !options.videoPath.empty() || options.art)
      throw UsageError("--slide draws one plain sort, as run --slides does: no --race, --video or pixel-sort options");
    config.slideLayout = true;
    // A slide is a still: the state after the pass, not radix's scatter on its way.
    config.tweenSeconds = 0.0;
  }
  if (!options.mouse.empty() && !options.offscreen)
    throw UsageError("--mouse scripts the offscreen viewer: give --offscreen with it");
  config.mouse = ui::parseMouseScript(options.mouse);
  if (!options.shaderDirectory.empty()) config.shaderDirectory = options.shaderDirectory;
  if (!options.race.empty() && (options.race.size() < 2 || options.race.size() > 4))
    throw UsageError("--race takes 2 to 4 algorithms, got " + std::to_string(options.race.size()));
  for (const std::string& name : options.race) findAlgorithm(name);
  config.race = options.race;
  if (options.raceClock != "pass" && options.raceClock != "time")
    throw UsageError("--race-clock must be 'pass' or 'time', got '" + options.raceClock + "'");
  config.raceByTime = options.raceClock == "time";
  if (!ui::kRaceSecondsRange.contains(options.raceSeconds)) {
    char why[80];
    std::snprintf(why, sizeof why, "--race-seconds must be between %g and %g", ui::kRaceSecondsRange.min, ui::kRaceSecondsRange.max);
    throw UsageError(why);
  }
  config.raceSeconds = options.raceSeconds;
  if (!options.videoPath.empty()) {
    if (options.input.imagePath || options.input.pattern || options.input.values)
      throw UsageError("--video is the input: give no image, --pattern or --values with it");
    if (!options.race.empty()) throw UsageError("--video and --race do not mix: a clip plays in one lane");
    if (options.arrayMode) throw UsageError("--array shows plain sorts, not a clip (--video)");
    config.videoPath = options.videoPath;
    config.videoStrict = options.strictVideo;
    if (options.art) {
      config.animation = options.art->animation;
      config.presetPath = options.art->presetPath;
    }
  }
  if (options.art) {
    if (!options.race.empty()) throw UsageError("--race and the pixel-sort options (--path, --spans, --preset, ...) do not mix");
    if (options.arrayMode) throw UsageError("--array shows plain sorts, not a pixel-sort (--path, --spans, --preset, ...)");
    const ArtRequest& request = *options.art;
    config.art = ui::ArtConfig{request.settings, request.maskPath, request.intervalsPath, request.keyImagePath};
  }
  const bool useTuneCache = global.useTuneCache;
  config.withTunedSettings = [useTuneCache](SortContext& context, const AlgorithmInfo& algorithm,
                                            const SorterOptions& explicitOptions) {
    return bench::withTunedSettings(algorithm, explicitOptions, context, useTuneCache);
  };

  std::unique_ptr<GpuSession> headless;
  std::function<std::unique_ptr<ui::ViewerHost>()> makeHost;
  if (options.offscreen) {
    headless = std::make_unique<GpuSession>(global);
    makeHost = [width, height] { return ui::makeOffscreenHost(width, height); };
  } else {
    makeHost = [&] { return ui::makeWindowHost({.width = width, .height = height, .glDebug = global.glDebug}); };
  }
  ui::ViewerApp app(std::move(config), makeHost);
  app.run();
  if (options.stats) {
    const ui::ViewerStats stats = app.stats();
    std::printf("frames %d in %.3f s (%.1f frames/s)\n", stats.frames, stats.seconds,
                stats.seconds > 0 ? stats.frames / stats.seconds : 0.0);
    std::printf("median per frame (%s clock): display %.3f ms, sort %.3f ms\n", stats.clock.c_str(),
                stats.medianDisplayMilliseconds, stats.medianSortMilliseconds);
    const auto placement = app.lanePlacement(0);
    std::printf("picture at %.0f,%.0f size %.0fx%.0f\n", placement.min.x, placement.min.y,
                placement.max.x - placement.min.x, placement.max.y - placement.min.y);
    // A race's other lanes too, so a script can see that they line up.
    for (std::size_t i = 1; i < app.laneCount(); ++i) {
      const auto other = app.lanePlacement(i);
      std::printf("lane %zu picture at %.0f,%.0f size %.0fx%.0f\n", i + 1, other.min.x, other.min.y,
                  other.max.x - other.min.x, other.max.y - other.min.y);
    }
    if (const ui::VideoPlayback* clip = app.video()) {
      std::printf("video: frame %lld of %lld at %.3f s\n", static_cast<long long>(app.videoFrameIndex() + 1),
                  static_cast<long long>(clip->frameCount()), app.videoFrameSeconds());
      std::printf("video: %lld frames shown (%lld as 4:2:0 planes, converted on the GPU), %.1f frames/s over the last "
                  "ones, bound by %s\n",
                  static_cast<long long>(app.videoFramesShown()), static_cast<long long>(app.videoFramesAsPlanes()),
                  app.videoShownRate(), app.videoBound().c_str());
    }
    for (std::size_t i = 0; i < app.laneCount(); ++i)
      std::printf("sorter: %s\n", sorterLabel(app.lane(i).algorithm(), app.lane(i).options()).c_str());
    std::printf("sound: %s, a tone per %s; array drawing: %s\n", app.sound().enabled() ? "on" : "off",
                app.sound().mode() == audio::SoundMode::Comparisons ? "comparison" : "exchange",
                std::string(render::arrayDrawingName(app.view().arrayDrawing)).c_str());
    for (std::size_t i = 0; i < app.laneCount(); ++i) {
      // "sorted" only when the GPU check of the state shown passed.
      const char* outcome = "";
      switch (app.lane(i).outcome()) {
        case ui::SortLane::Outcome::Unfinished: break;
        case ui::SortLane::Outcome::Sorted: outcome = " (sorted)"; break;
        case ui::SortLane::Outcome::NotSorted: outcome = " (NOT sorted: the GPU check failed)"; break;
        case ui::SortLane::Outcome::Unchecked: outcome = " (finished, not checked: a pixel-sort)"; break;
        case ui::SortLane::Outcome::Checking: outcome = " (finished, the GPU check not back yet)"; break;
      }
      std::printf("%s: pass %u of %u%s, live %.3f ms\n", std::string(app.lane(i).algorithm().name).c_str(),
                  app.lane(i).pass(), app.lane(i).passCount(), outcome, app.lane(i).totalMilliseconds());
      // The panel's "so far": the passes up to the one shown, so a step back takes its time off.
      const auto& times = app.lane(i).passMilliseconds();
      std::uint32_t timed = 0;
      for (std::uint32_t pass = 0; pass < app.lane(i).pass() && pass < times.size(); ++pass) timed += !std::isnan(times[pass]);
      std::printf("%s: time so far %.3f ms over %u timed passes (%s clock)\n", std::string(app.lane(i).algorithm().name).c_str(),
                  app.lane(i).totalMilliseconds(), timed, app.lane(i).clock().c_str());
      // What the shaders counted, where the viewer counted (ui/work_panel.h says when).
      if (!app.lane(i).artMode())
        if (const auto work = ui::collectLaneWork(app.lane(i).sorter(), app.lane(i).algorithm(), app.lane(i).input().data))
          std::printf("%s: %s\n", std::string(app.lane(i).algorithm().name).c_str(), ui::workStatsLine(*work).c_str());
    }
    for (const auto& [name, reason] : app.refusals()) std::printf("%s: refused: %s\n", name.c_str(), printable(reason).c_str());
    const auto ranking = app.ranking();
    for (std::size_t i = 0; i < ranking.size(); ++i)
      std::printf("rank %zu: %s, %u passes, %s %.3f ms (%s clock)%s\n", i + 1, ranking[i].algorithm.c_str(), ranking[i].passes,
                  ui::ViewerApp::timingLabel(ranking[i]), ranking[i].milliseconds, app.lane(0).clock().c_str(),
                  ranking[i].verified ? ", verified" : app.art() ? ", not checked (a pixel-sort)" : ", NOT verified");
  }
  // A recording or screenshot asked for that could not be written fails the command, each one said.
  const auto& failures = app.outputFailures();
  for (const std::string& failure : failures) std::cerr << "shadersort: " << printable(failure) << "\n";
  // As every command does before it exits 0, on the viewer's context while it still exists.
  if (gl::drainGlErrors() != 0) throw GpuError("the GL driver reported an error; what the viewer showed is not trusted");
  return failures.empty() ? 0 : 1;
}

}  // namespace shadersort::cli
