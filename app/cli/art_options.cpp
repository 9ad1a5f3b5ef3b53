#include "cli/art_options.h"

#include "art/presets.h"
#include "core/number_text.h"
#include "core/error.h"
#include "core/quoting.h"

namespace shadersort::cli {
namespace {

// Options that only some span modes read; given with another mode they would silently do nothing.
struct ModeOption {
  const char* name;
  std::initializer_list<art::SpanMode> modes;
  const char* wants;
};

const ModeOption kModeOptions[] = {
    {"--lower", {art::SpanMode::Threshold, art::SpanMode::Edges, art::SpanMode::Intervals}, "threshold, edges or intervals"},
    {"--upper", {art::SpanMode::Threshold}, "threshold"},
    {"--span-length", {art::SpanMode::Random, art::SpanMode::Waves}, "random or waves"},
    {"--span-key", {art::SpanMode::Threshold}, "threshold"},
    {"--intervals", {art::SpanMode::Intervals, art::SpanMode::File}, "intervals or file"},
    {"--invert",
     {art::SpanMode::Threshold, art::SpanMode::Edges, art::SpanMode::Mask, art::SpanMode::Intervals, art::SpanMode::Black,
      art::SpanMode::White},
     "threshold, edges, mask, intervals, black or white"},
};

const char* const kArtOptionNames[] = {"--path", "--spans", "--span-key", "--lower", "--upper", "--span-length", "--max-span", "--skip",
                                       "--mask", "--intervals", "--key-image", "--invert", "--sort-transparent",
                                       "--preset", "--start-angle", "--degrees-sorted", "--inner-radius", "--ray-length",
                                       "--thickness", "--vary-start", "--then"};

}  // namespace

void addArtOptions(CLI::App& command, ArtOptionText& text) {
  command.add_option("--path", text.path, "pixel-sort along: rows, columns, angle:DEG (clockwise, 0 = rows, 90 = columns), "
                                          "rings[:CX,CY] or spokes[:CX,CY] (centre as fractions, default 0.5,0.5)");
  command.add_option("--spans", text.spans, "sort spans of each line: none, threshold, edges, random, mask, intervals, "
                                            "waves, file, black, white");
  command.add_option("--span-key", text.spanKey, "threshold: the pixel key that cuts the spans, when it is not the one that "
                                                  "sorts them (--key): " + pixelKeyList());
  command.add_option("--lower", text.lower, "threshold: lowest key inside, as a fraction of the key's range (default 0.25); "
                                            "edges, intervals: the edge strength that breaks spans, 0 to 1 (default 0.25)");
  command.add_option("--upper", text.upper, "threshold: highest key inside, as a fraction of the key's range (default 0.8)");
  command.add_flag("--invert", text.invert, "the pixels outside the band (or the edges, or the mask's black) are the spans");
  command.add_option("--span-length", text.spanLength, "random: the mean span length in pixels (default 64); waves: the "
                                                      "shortest (spans of L to L + 10)");
  command.add_option("--max-span", text.maxSpan, "cut spans to at most N pixels, the cuts offset at random per line (0: no cap)");
  command.add_option("--skip", text.skip, "leave P percent of the spans unsorted, drawn from --seed (0 to 100)");
  command.add_option("--mask", text.mask, "an image of the input's size; white (luminance >= half) is sortable: the mask "
                                          "mode's spans, or with another mode a narrowing of its spans");
  command.add_option("--intervals", text.intervals, "intervals: an image of the input's size whose edges break the spans");
  command.add_option("--key-image", text.keyImage, "take each pixel's key from this image (same size) at the pixel's place");
  command.add_flag("--sort-transparent", text.sortTransparent, "sort fully transparent pixels too (default: they break spans)");
  command.add_option("--then", text.then, "then sort the result again along rows, columns or angle:DEG with the same "
                                          "settings (ASDFPixelSort sorts columns, then rows; the second pass sorts with radix)");
  // Sapphire S_PixelSort's radial and circular controls.
  command.add_option("--start-angle", text.startAngle, "rings, spokes: where the sorted arc starts, degrees clockwise from +x "
                                                      "(rings also start each line there; default 0)");
  command.add_option("--degrees-sorted", text.degreesSorted, "rings, spokes: the arc sorted from the start angle, 0 to 360 "
                                                            "(default 360)");
  command.add_option("--inner-radius", text.innerRadius, "rings, spokes: pixels nearer the centre than this stay (default 0)");
  command.add_option("--ray-length", text.rayLength, "spokes: pixels sorted along each ray from its start (default: to the edge)");
  command.add_option("--thickness", text.thickness, "rings: how many rings are sorted, out from the inner radius (default: all)");
  command.add_option("--vary-start", text.varyStart, "rings: move each ring's start by up to this share of a turn; spokes: "
                                                    "each ray's start out by up to this share of its length; 0 to 1, drawn from --seed");
  command.add_option("--preset", text.preset, "every art setting from a TOML file, or a built-in look: asendorf, melt, rain, "
                                              "radial-burst, glitch-rows; options given beside it win; a still takes keyframed settings at 0 s");
}

const char* firstArtOption(const CLI::App& command) {
  for (const char* name : kArtOptionNames)
    if (command.count(name) > 0) return name;
  return nullptr;
}

ArtRequest wholeLinesRequest(const InputSpec& input) {
  ArtRequest whole;
  whole.settings.path.kind = input.order.axis == Axis::Rows ? art::PathKind::Rows : art::PathKind::Columns;
  whole.settings.key = input.order.key;
  whole.settings.descending = input.order.descending;
  whole.settings.seed = input.seed;
  return whole;
}

std::optional<ArtRequest> toArtRequest(const CLI::App& command, const ArtOptionText& text, const InputSpec& input) {
  if (firstArtOption(command) == nullptr) return std::nullopt;

  // A preset first, then every option the command line gives over it.
  art::Preset preset;
  if (!text.preset.empty()) preset = art::loadPreset(text.preset);
  const auto set = [&](const char* option, const char* presetName) {
    return command.count(option) > 0 || (presetName != nullptr && preset.given.count(presetName) > 0);
  };
  const auto given = [&](const char* option) { return command.count(option) > 0; };
  ArtRequest request;
  art::ArtSettings& settings = request.settings;
  settings = preset.settings;
  request.animation = preset.animation;
  request.presetPath = text.preset;
  // An option on the command line wins over the preset's keyframes of its setting, as over its
  // value. A path given there (or --axis) is the whole path, its angle and centre included.
  using art::AnimatedSetting;
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
    settings.path = art::parsePathSpec(text.path);
  } else if (given("--axis") || !set("--path", "path")) {
    settings.path.kind = input.order.axis == Axis::Rows ? art::PathKind::Rows : art::PathKind::Columns;
  }
  if (given("--spans")) settings.spans = art::parseSpanMode(text.spans);
  for (const ModeOption& option : kModeOptions) {
    if (!given(option.name)) continue;
    bool read = false;
    for (art::SpanMode mode : option.modes) read = read || mode == settings.spans;
    if (!read)
      throw UsageError(std::string(option.name) + " needs --spans " + option.wants + " (the span mode is " +
                       std::string(art::spanModeName(settings.spans)) + ")");
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
  art::requireConsistent(settings);
  try {
    art::requireValid(settings, request.animation);  // e.g. the preset's lower keyframes against --upper
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
  art::RadialControls& radial = settings.radial;
  if (given("--start-angle")) radial.startDegrees = parseDecimal(text.startAngle, "--start-angle", -360.0, 360.0);
  if (given("--degrees-sorted")) radial.degreesSorted = parseDecimal(text.degreesSorted, "--degrees-sorted", 0.0, 360.0);
  if (given("--inner-radius"))
    radial.innerRadius = static_cast<std::uint32_t>(parseUnsigned(text.innerRadius, "--inner-radius", 0, 1u << 30));
  if (given("--ray-length"))
    radial.rayLength = static_cast<std::uint32_t>(parseUnsigned(text.rayLength, "--ray-length", 1, 1u << 30));
  if (given("--thickness"))
    radial.thickness = static_cast<std::uint32_t>(parseUnsigned(text.thickness, "--thickness", 1, 1u << 30));
  if (given("--vary-start")) radial.varyStart = parseDecimal(text.varyStart, "--vary-start", 0.0, 1.0);
  if (given("--then")) settings.then = text.then == "none" ? std::nullopt : std::optional(art::parsePathSpec(text.then));
  art::requireConsistent(settings);
  // Still images read `settings` alone: they take t = 0 (a preset's base already holds it).
  settings = request.animation.at(settings, 0.0);
  request.maskPath = given("--mask") ? text.mask : preset.resolve(preset.maskPath);
  request.intervalsPath = given("--intervals") ? text.intervals : preset.resolve(preset.intervalsPath);
  request.keyImagePath = given("--key-image") ? text.keyImage : preset.resolve(preset.keyImagePath);
  if (settings.spans == art::SpanMode::Mask && request.maskPath.empty()) throw UsageError("--spans mask needs --mask IMAGE");
  if (art::readsIntervalImage(settings.spans) && request.intervalsPath.empty())
    throw UsageError("--spans " + std::string(art::spanModeName(settings.spans)) + " needs --intervals IMAGE");
  return request;
}

}  // namespace shadersort::cli
