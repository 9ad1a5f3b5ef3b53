// `shadersort view --audio OUT.wav`: the viewer's sound of a sort, written offline. Every pass
// of the algorithm's sort of the input (teaching schedule unless --fast) becomes one chord of
// --tone-seconds (its exchanges, or with --sound comparisons every comparison), so the file lasts
// passes x tone length. Headless: no window, no audio device.

#include <cctype>
#include <cstdio>

#include "audio/chord_synth.h"
#include "audio/sort_sound.h"
#include "audio/wav_writer.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/quoting.h"

namespace shadersort::cli {
namespace {

void requireWavPath(const std::string& path) {
  std::string tail = path.size() >= 4 ? path.substr(path.size() - 4) : "";
  for (char& c : tail) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (tail != ".wav") throw UsageError("--audio " + quote(path) + " must be a .wav file");
}

// --audio makes a file and opens no viewer: what only a viewer does is refused, not ignored.
void requireAudioOnly(const ViewOptions& options) {
  const auto refuse = [](const char* option) {
    throw UsageError(std::string("--audio writes sound and opens no viewer: it does not go with ") + option);
  };
  if (options.frames > 0) refuse("--frames");
  if (!options.screenshotPath.empty()) refuse("--screenshot");
  if (!options.recordPath.empty()) refuse("--record");
  if (!options.keys.empty()) refuse("--keys");
  if (!options.race.empty()) refuse("--race (give the one algorithm with --algo)");
  if (!options.videoPath.empty()) refuse("--video");
  if (options.art) refuse("the pixel-sort options (--path, --spans, --preset, ...)");
}

}  // namespace

int runViewAudio(const GlobalOptions& global, const ViewOptions& options) {
  requireAudioOnly(options);
  requireWavPath(options.audioPath);
  requireWritableOutput(options.audioPath);
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  const InputPlan plan = planInput(options.input);
  if (const std::string why = audio::whyNotSonified(plan.shape.elementCount()); !why.empty())
    throw UserError("--audio: " + plan.description + ": " + why);

  GpuSession gpu(global);
  SorterOptions sorterOptions = options.sorter;
  sorterOptions.teaching = !options.fast;  // as the viewer starts
  auto sorter = createSorter(algorithm, sorterOptions, gpu.sortContext(), global.useTuneCache);
  requireSortableInput(algorithm, plan.shape, gpu.limits(), plan.description);
  const ResolvedInput input = resolveInput(plan);
  sorter->load(input.data);

  audio::WavWriter wav(options.audioPath);
  const audio::SortSoundSummary summary =
      audio::sonifySort(*sorter, options.toneSeconds, options.soundMode, [&](std::span<const float> chord) { wav.append(chord); });
  gpu.requireNoGlErrors();
  wav.commit();
  if (options.stats)
    std::printf("%s: sound of %s, %u chords (one a pass), %u of them sounding (%llu tones), %.3f s of sound in %s\n",
                std::string(algorithm.name).c_str(), std::string(audio::soundModeName(options.soundMode)).c_str(),
                summary.passes, summary.soundingPasses,
                static_cast<unsigned long long>(summary.tones),
                summary.passes * static_cast<double>(audio::samplesPerChord(options.toneSeconds)) / audio::kSampleRate,
                printable(options.audioPath).c_str());
  return 0;
}

}  // namespace shadersort::cli
