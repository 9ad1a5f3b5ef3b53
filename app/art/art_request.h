#pragma once
// A pixel-sort as the command line's art options describe it (--path, --spans, --preset, ...),
// resolved into settings, keyframes and image paths. `run`, `view` and the library's pixel-sort
// API (include/shadersort/pixel_sort.h) read their options through this one function, so the
// same options give the same picture however they arrive.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "art/animation.h"
#include "art/art_settings.h"
#include "data/image_sequences.h"

namespace shadersort::art {

// The art options as given, as text (numbers are parsed here, with the command line's ranges and
// messages). A field is read only when `given` (below) names its option.
struct ArtOptionText {
  std::string path, spans, spanKey, lower, upper, spanLength, maxSpan, skip;
  std::string startAngle, degreesSorted, innerRadius, rayLength, thickness, varyStart, then;
  std::string mask, intervals, keyImage, preset;
  std::string presetToml;  // a preset's TOML text, read instead of `preset` (the library's API)
  bool invert = false, sortTransparent = false;
};

// The settings and the images they name (empty: none).
struct ArtRequest {
  ArtSettings settings;  // at t = 0 when animated: what a still image uses
  // A preset's keyframed settings (a video's frames take animation.at(settings, seconds)); an
  // option given on the command line removes its setting's track, as it overrides a static value.
  Animation animation;
  std::string maskPath, intervalsPath, keyImagePath;
  std::string presetPath;  // --preset as given (a built-in's name or a file), empty without
};

// The input options a pixel-sort also reads: --key, --axis, --descending and --seed.
struct ArtInputOptions {
  SortOrder order;
  std::uint64_t seed = 1;
};

// Whether the option named (with its dashes: "--lower", "--key", "--axis") was given.
using OptionGiven = std::function<bool(std::string_view option)>;

// A preset first (text.preset when --preset is given), then every option given over it. Throws
// UsageError (exit 2) in one line for bad values, contradictions and options that the chosen
// span mode ignores.
ArtRequest resolveArtRequest(const ArtOptionText& text, const OptionGiven& given, const ArtInputOptions& input);

}  // namespace shadersort::art
