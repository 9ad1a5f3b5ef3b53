#pragma once
// Presets: every art setting in a TOML file (`--preset FILE.toml`), or one of the built-in looks
// by name (`--preset melt`). Image paths in a file are relative to the file's folder.
//
//   path = "angle:30"        spans = "threshold"     key = "lightness"    descending = false
//   lower = 0.25             upper = 0.8             invert = false       sort-transparent = false
//   span-length = 64         max-span = 0            skip = 0.0           seed = 1
//   mask = "mask.png"        intervals = "edges.png" key-image = "k.png"
//   angle = 30               centre-x = 0.5          centre-y = 0.5   (replace the path's numbers)
//
// Numeric settings (lower, upper, skip, max-span, span-length, angle, centre-x, centre-y) may
// instead be keyframes, [time in seconds, value] pairs interpolated linearly (art/animation.h);
// a still image takes the settings at t = 0, a video (run --video) those of each frame's time:
//
//   path = "angle:0"                      # angle needs an angle path, centre-x/y rings or spokes
//   angle = [[0.0, 0], [4.0, 90]]         # a quarter turn over four seconds, then held
//   spans = "threshold"
//   lower = [[0.0, 0.2], [2.0, 0.5], [6.0, 0.3]]
//   max-span = [[0.0, 40], [6.0, 200]]    # whole numbers, rounded per frame; 2 to 2^30 (not 0)

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "art/animation.h"
#include "art/art_settings.h"

namespace shadersort::art {

struct Preset {
  ArtSettings settings;
  // As written in the file; resolve() makes them relative to the file's folder.
  std::string maskPath, intervalsPath, keyImagePath;
  std::string folder;
  std::string resolve(const std::string& path) const;
  std::set<std::string, std::less<>> given;  // the names the preset set, so that a command line can override the rest
  // The keyframed settings; `settings` holds their values at t = 0.
  Animation animation;
};

// A built-in name, or a .toml file. Throws UsageError (exit 2) in one line for an unknown name, an
// unreadable or malformed file, an unknown setting or a value of the wrong type or range.
Preset loadPreset(const std::string& nameOrPath);
Preset parsePreset(std::string_view toml, const std::string& nameForErrors, const std::string& folder);

// The TOML text of `preset` (every setting, a track as its keyframes), which parsePreset reads
// back to the same settings and animation.
std::string presetToml(const Preset& preset);

struct BuiltInPreset {
  std::string_view name, look, toml;
};
const std::vector<BuiltInPreset>& builtInPresets();

}  // namespace shadersort::art
