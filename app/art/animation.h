#pragma once
// Animated art settings (issue 25, step 4): a numeric setting may follow keyframes, pairs of a
// time and a value, interpolated linearly between them and held before the first and after the
// last. A video asks for the settings of each frame with Animation::at; a still image takes t = 0.
// Presets (art/presets.h) write a track as `angle = [[0.0, 0], [4.0, 90]]`.
//
// Times are seconds on the caller's timeline: the video mode chooses which (on the input's, a clip
// cut with `--from 2` starts at the settings of 2 s; on the output's, at those of 0 s).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "art/art_settings.h"

namespace shadersort::art {

struct Keyframe {
  double seconds;
  double value;
  bool operator==(const Keyframe&) const = default;
};

// The numeric settings that can be animated, named as in presets: "lower", "upper", "angle",
// "centre-x", "centre-y", "max-span", "skip", "span-length".
enum class AnimatedSetting { Lower, Upper, Angle, CentreX, CentreY, MaxSpan, Skip, SpanLength };

std::string_view animatedSettingName(AnimatedSetting setting);
std::optional<AnimatedSetting> parseAnimatedSetting(std::string_view name);
const std::vector<AnimatedSetting>& animatedSettings();  // all, in the enum's order
// Whole-number settings (max-span, span-length): their keys are whole and `at` rounds to nearest.
bool isWholeNumberSetting(AnimatedSetting setting);

// The values a key may take: those of the static setting, except that an animated max-span
// keeps to 2..2^30, since 0 (no cap) cannot be interpolated (between 0 and 90 the cap would pass
// through 1 and every short cap on the way).
struct SettingRange {
  double least, most;
};
SettingRange animatedRange(AnimatedSetting setting);

struct Track {
  AnimatedSetting setting;
  std::vector<Keyframe> keys;  // at least one, times >= 0 and strictly increasing
  // Linear between keys, held outside them; exactly a key's value at its time. Not rounded.
  double valueAt(double seconds) const;
  bool operator==(const Track&) const = default;
};

struct Animation {
  std::vector<Track> tracks;  // at most one per setting
  bool empty() const { return tracks.empty(); }
  // `base` with every track's value at `seconds`: whole-number settings rounded to nearest; angle
  // only on an angle path, the centre only on rings and spokes (the parsers refuse a track that
  // cannot apply, so nothing is dropped silently there). Nothing is clamped: the parsers refuse
  // keys out of range, and values between keys stay between them.
  ArtSettings at(const ArtSettings& base, double seconds) const;
  // The time of the last key of any track (0 when empty): after it nothing changes.
  double lastKeySeconds() const;
  void remove(AnimatedSetting setting);
  const Track* find(AnimatedSetting setting) const;
  // Adds `track`, replacing one of the same setting.
  void set(Track track);
  bool operator==(const Animation&) const = default;
};

// What is wrong with `track`, if anything: no keys, a time below 0 or not after the one before,
// a value out of animatedRange or (whole-number settings) not whole. `key` is the index of the
// key at fault, so that a parser can name its line.
struct TrackProblem {
  std::string message;  // one line, starting with the setting's name
  std::size_t key = 0;
};
std::optional<TrackProblem> trackProblem(const Track& track);

// Empty when `track` applies to `path`; else e.g. "angle animates an angle path; path is rings".
std::optional<std::string> pathProblem(const Track& track, const PathSpec& path);

// Throws UsageError (exit 2) in one line for the first track with a trackProblem or pathProblem,
// and when the threshold band turns over (lower above upper) at any time.
void requireValid(const ArtSettings& base, const Animation& animation);
// The band check alone, for the threshold mode (others read `lower` alone): lower <= upper at
// every time. Throws UsageError naming the time.
void requireConsistent(const ArtSettings& base, const Animation& animation);

// The seed of frame `frameIndex` of a video (issue 25, step 5). Random spans, the cap's offsets
// and skips are drawn from the seed per line (spans.h, seededDraw), never per frame, so with
// `temporal` (--temporal-seed) every frame keeps `seed`: the same lines get the same draws, and a
// still scene does not flicker. Without it each frame gets a well-mixed seed of its own
// (splitmix64 of the seed and the index; distinct frames, distinct seeds), so the random spans
// change every frame, the jittery look.
std::uint64_t frameSeed(std::uint64_t seed, std::int64_t frameIndex, bool temporal);

}  // namespace shadersort::art
