// A preset file as `run --preset FILE.toml` reads it (art/presets.h: loadPreset): the size cap,
// toml++'s parse, every setting's type and range, the keyframe tracks, and the checks that need
// the whole file (the path's numbers, the radial controls, the threshold band over time). A
// refusal is a UsageError of one line (exit 2); any other exception, a message of several lines, a
// crash, a sanitizer report or a hang is a finding. What is accepted must keep the headers' promises:
//   - the base settings are the animation's at t = 0 (presets.h);
//   - at any time a track's value stays between its keys' values, inside its setting's range,
//     and the threshold band never turns over (animation.h: nothing is clamped, the parser
//     refuses what could go wrong), sampled at every key time, between them, before and after;
//   - presetToml writes it as text that parsePreset reads back to the same settings and tracks,
//     and writes that back to the same text.

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <tuple>

#include "art/animation.h"
#include "art/presets.h"
#include "core/error.h"
#include "fuzz_support.h"

using namespace shadersort;
using namespace shadersort::art;

namespace {

// ArtSettings has no operator==; every field, so that a round trip that loses one is caught.
bool sameSettings(const ArtSettings& a, const ArtSettings& b) {
  const auto fields = [](const ArtSettings& s) {
    return std::tie(s.path, s.radial, s.then, s.spans, s.key, s.spanKey, s.descending, s.lower, s.upper, s.invert,
                    s.spanLength, s.maxSpan, s.skipPercent, s.seed, s.sortTransparent);
  };
  return fields(a) == fields(b);
}

// The value `settings` holds for `setting` (after Animation::at: whole numbers rounded).
double settingValue(const ArtSettings& settings, AnimatedSetting setting) {
  switch (setting) {
    case AnimatedSetting::Lower: return settings.lower;
    case AnimatedSetting::Upper: return settings.upper;
    case AnimatedSetting::Angle: return settings.path.angleDegrees;
    case AnimatedSetting::CentreX: return settings.path.centreX;
    case AnimatedSetting::CentreY: return settings.path.centreY;
    case AnimatedSetting::MaxSpan: return settings.maxSpan;
    case AnimatedSetting::Skip: return settings.skipPercent;
    case AnimatedSetting::SpanLength: return settings.spanLength;
  }
  return 0.0;
}

// The times a video could ask for that tell most: each key's, halfway between neighbouring keys
// of all tracks (where two tracks' lines cross, if anywhere), before the first and after the last.
std::set<double> sampleTimes(const Animation& animation) {
  std::set<double> keyTimes = {0.0};
  for (const Track& track : animation.tracks)
    for (const Keyframe& key : track.keys) keyTimes.insert(key.seconds);
  std::set<double> times = keyTimes;
  for (auto a = keyTimes.begin(), b = std::next(a); b != keyTimes.end(); ++a, ++b) times.insert(*a + (*b - *a) / 2);
  times.insert(-1.0);  // a frame before the stream's start (B-frames, --from)
  times.insert(animation.lastKeySeconds() + 1.0);
  return times;
}

void checkAnimation(const Preset& preset) {
  const Animation& animation = preset.animation;
  if (!sameSettings(animation.at(preset.settings, 0.0), preset.settings)) __builtin_trap();
  for (const double time : sampleTimes(animation)) {
    const ArtSettings settings = animation.at(preset.settings, time);
    for (const Track& track : animation.tracks) {
      const auto [least, most] = std::minmax_element(track.keys.begin(), track.keys.end(),
                                                     [](const Keyframe& a, const Keyframe& b) { return a.value < b.value; });
      const double value = track.valueAt(time);
      const SettingRange range = animatedRange(track.setting);
      if (!(value >= least->value && value <= most->value && value >= range.least && value <= range.most)) __builtin_trap();
      const double applied = settingValue(settings, track.setting);
      if (!(applied >= range.least && applied <= range.most)) __builtin_trap();
    }
    try {
      requireConsistent(settings);  // lower <= upper (threshold), the radial controls fit the path
    } catch (const UsageError&) {
      __builtin_trap();
    }
  }
}

void checkRoundTrip(const Preset& preset) {
  const std::string text = presetToml(preset);
  Preset back;
  try {
    back = parsePreset(text, "written.toml", preset.folder);
  } catch (const UsageError&) {
    __builtin_trap();  // what the viewer's `s` would save, refused when read
  }
  if (!sameSettings(back.settings, preset.settings) || back.animation != preset.animation ||
      back.maskPath != preset.maskPath || back.intervalsPath != preset.intervalsPath ||
      back.keyImagePath != preset.keyImagePath || presetToml(back) != text)
    __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // loadPreset takes a file by its .toml ending (anything else is a built-in name).
  const std::string path = fuzz::scratchFile(data, size, ".toml");
  Preset preset;
  try {
    preset = loadPreset(path);
  } catch (const UsageError& error) {
    // One line of its own, as the tests expect of every preset error (main escapes it again).
    const std::string_view message = error.what();
    if (message.empty() || message.find('\n') != std::string_view::npos) __builtin_trap();
    return 0;
  }
  checkAnimation(preset);
  checkRoundTrip(preset);
  return 0;
}
