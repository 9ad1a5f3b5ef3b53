#include "art/art_request.h"

#include <initializer_list>
#include <optional>
#include <utility>
#include <vector>

#include "art/presets.h"
#include "core/error.h"
#include "core/number_text.h"
#include "core/quoting.h"

namespace shadersort::art {
namespace {

// Options that only some span modes read; given with another mode they would silently do nothing.
struct ModeOption {
  const char* name;
  std::initializer_list<SpanMode> modes;
  const char* wants;
};

const ModeOption kModeOptions[] = {
    {"--lower", {SpanMode::Threshold, SpanMode::Edges, SpanMode::Intervals}, "threshold, edges or intervals"},
    {"--upper", {SpanMode::Threshold}, "threshold"},
    {"--span-length", {SpanMode::Random, SpanMode::Waves}, "random or waves"},
    {"--span-key", {SpanMode::Threshold}, "threshold"},
    {"--intervals", {SpanMode::Intervals, SpanMode::File}, "intervals or file"},
    {"--invert",
     {SpanMode::Threshold, SpanMode::Edges, SpanMode::Mask, SpanMode::Intervals, SpanMode::Black,
      SpanMode::White},
     "threshold, edges, mask, intervals, black or white"},
};

}  // namespace

ArtRequest resolveArtRequest(const ArtOptionText& text, const OptionGiven& given, const ArtInputOptions& input) {
  // A preset first, then every option given over it.
  Preset preset;
  if (!text.presetToml.empty())
    preset = parsePreset(text.presetToml, "the preset's TOML", "");
  else if (!text.preset.empty())
    preset = loadPreset(text.preset);
  const auto set = [&](const char* option, const char* presetName) {
    return given(option) || (presetName != nullptr && preset.given.count(presetName) > 0);
  };
  ArtRequest request;
  ArtSettings& settings = request.settings;
  settings = preset.settings;
  request.animation = preset.animation;
  request.presetPath = text.preset;
  // An option on the command line wins over the preset's keyframes of its setting, as over its
  // value. A path given there (or --axis) is the whole path, its angle and centre included.
  const std::pair<const char*, std::vector<AnimatedSetting>> kTrackOptions[] = {
      {"--path", {AnimatedSetting::Angle, AnimatedSetting::CentreX, AnimatedSetting::CentreY}},
      {"--axis", {AnimatedSetting::Angle, AnimatedSetting::CentreX, AnimatedSetting::CentreY}},
      {"--lower", {AnimatedSetting::Lower}},
      {"--upper", {AnimatedSetting::Upper}},
      {"--span-length", {AnimatedSetting::SpanLength}},
      {"--max-span", {AnimatedSetting::MaxSpan}},
      {"--skip", {AnimatedSetting::Skip}},
  };
  for (const auto& [option, tracks] : kTrackOptions)
    if (given(option))
      for (AnimatedSetting track : tracks) request.animation.remove(track);
  if (given("--path")) {
    if (given("--axis")) throw UsageError("--axis and --path both say where to sort: give one (--path rows or columns)");
    settings.path = parsePathSpec(text.path);
  } else if (given("--axis") || !set("--path", "path")) {
    settings.path.kind = input.order.axis == Axis::Rows ? PathKind::Rows : PathKind::Columns;
  }
  if (given("--spans")) settings.spans = parseSpanMode(text.spans);
  for (const ModeOption& option : kModeOptions) {
    if (!given(option.name)) continue;
    bool read = false;
    for (SpanMode mode : option.modes) read = read || mode == settings.spans;
    if (!read)
      throw UsageError(std::string(option.name) + " needs --spans " + option.wants + " (the span mode is " +
                       std::string(spanModeName(settings.spans)) + ")");
  }
  if (given("--key") || !set("--key", "key")) settings.key = input.order.key;
  if (given("--span-key")) {
    settings.spanKey = parsePixelKey(text.spanKey);
    if (!settings.spanKey)
      throw UsageError("unknown --span-key " + quote(text.spanKey) + " (known: " + pixelKeyList() + ")");
  }
  if (given("--descending")) settings.descending = true;
  if (given("--seed") || !set("--seed", "seed")) settings.seed = input.seed;
  if (given("--lower")) settings.lower = parseDecimal(text.lower, "--lower", 0.0, 1.0);
  if (given("--upper")) settings.upper = parseDecimal(text.upper, "--upper", 0.0, 1.0);
  requireConsistent(settings);
  try {
    requireValid(settings, request.animation);  // e.g. the preset's lower keyframes against --upper
  } catch (const UsageError& error) {
    throw UsageError("--preset " + quote(text.preset) + " with the options given: " + error.what());
  }
  if (given("--invert")) settings.invert = true;
  if (given("--sort-transparent")) settings.sortTransparent = true;
  if (given("--span-length"))
    settings.spanLength = static_cast<std::uint32_t>(parseUnsigned(text.spanLength, "--span-length", 2, 1u << 30));
  if (given("--max-span")) {
    // 0: no cap (a preset's cap removed); 1 would leave no span at all.
    settings.maxSpan = static_cast<std::uint32_t>(parseUnsigned(text.maxSpan, "--max-span", 0, 1u << 30));
    if (settings.maxSpan == 1) throw UsageError("--max-span wants 0 (no cap) or 2 to 2^30, got 1");
  }
  if (given("--skip")) settings.skipPercent = parseDecimal(text.skip, "--skip", 0.0, 100.0);
  RadialControls& radial = settings.radial;
  if (given("--start-angle")) radial.startDegrees = parseDecimal(text.startAngle, "--start-angle", -360.0, 360.0);
  if (given("--degrees-sorted")) radial.degreesSorted = parseDecimal(text.degreesSorted, "--degrees-sorted", 0.0, 360.0);
  if (given("--inner-radius"))
    radial.innerRadius = static_cast<std::uint32_t>(parseUnsigned(text.innerRadius, "--inner-radius", 0, 1u << 30));
  if (given("--ray-length"))
    radial.rayLength = static_cast<std::uint32_t>(parseUnsigned(text.rayLength, "--ray-length", 1, 1u << 30));
  if (given("--thickness"))
    radial.thickness = static_cast<std::uint32_t>(parseUnsigned(text.thickness, "--thickness", 1, 1u << 30));
  if (given("--vary-start")) radial.varyStart = parseDecimal(text.varyStart, "--vary-start", 0.0, 1.0);
  if (given("--then")) settings.then = text.then == "none" ? std::nullopt : std::optional(parsePathSpec(text.then));
  requireConsistent(settings);
  // Still images read `settings` alone: they take t = 0 (a preset's base already holds it).
  settings = request.animation.at(settings, 0.0);
  request.maskPath = given("--mask") ? text.mask : preset.resolve(preset.maskPath);
  request.intervalsPath = given("--intervals") ? text.intervals : preset.resolve(preset.intervalsPath);
  request.keyImagePath = given("--key-image") ? text.keyImage : preset.resolve(preset.keyImagePath);
  if (settings.spans == SpanMode::Mask && request.maskPath.empty()) throw UsageError("--spans mask needs --mask IMAGE");
  if (readsIntervalImage(settings.spans) && request.intervalsPath.empty())
    throw UsageError("--spans " + std::string(spanModeName(settings.spans)) + " needs --intervals IMAGE");
  return request;
}

}  // namespace shadersort::art
