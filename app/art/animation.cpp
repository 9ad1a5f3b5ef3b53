#include "art/animation.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/error.h"

namespace shadersort::art {
namespace {

struct SettingName {
  AnimatedSetting setting;
  std::string_view name;
};

constexpr SettingName kNames[] = {
    {AnimatedSetting::Lower, "lower"},       {AnimatedSetting::Upper, "upper"},
    {AnimatedSetting::Angle, "angle"},       {AnimatedSetting::CentreX, "centre-x"},
    {AnimatedSetting::CentreY, "centre-y"},  {AnimatedSetting::MaxSpan, "max-span"},
    {AnimatedSetting::Skip, "skip"},         {AnimatedSetting::SpanLength, "span-length"},
};

constexpr double kLongestSpanSetting = 1u << 30;  // span-length and max-span, as the static settings

std::string name(AnimatedSetting setting) { return std::string(animatedSettingName(setting)); }

std::string numberText(double value) { return value == kLongestSpanSetting ? "2^30" : decimalText(value); }

// The path's kind as a user writes it (rings, not rings:0.2,0.3).
std::string pathKindName(const PathSpec& path) {
  const std::string text = pathSpecText(path);
  return text.substr(0, text.find(':'));
}

}  // namespace

std::string_view animatedSettingName(AnimatedSetting setting) {
  for (const SettingName& entry : kNames)
    if (entry.setting == setting) return entry.name;
  return "?";
}

std::optional<AnimatedSetting> parseAnimatedSetting(std::string_view text) {
  for (const SettingName& entry : kNames)
    if (entry.name == text) return entry.setting;
  return std::nullopt;
}

const std::vector<AnimatedSetting>& animatedSettings() {
  static const std::vector<AnimatedSetting> all = [] {
    std::vector<AnimatedSetting> settings;
    for (const SettingName& entry : kNames) settings.push_back(entry.setting);
    return settings;
  }();
  return all;
}

bool isWholeNumberSetting(AnimatedSetting setting) {
  return setting == AnimatedSetting::MaxSpan || setting == AnimatedSetting::SpanLength;
}

SettingRange animatedRange(AnimatedSetting setting) {
  switch (setting) {
    case AnimatedSetting::Lower:
    case AnimatedSetting::Upper:
    case AnimatedSetting::CentreX:
    case AnimatedSetting::CentreY: return {0.0, 1.0};
    case AnimatedSetting::Angle: return {-360.0, 360.0};
    case AnimatedSetting::Skip: return {0.0, 100.0};
    case AnimatedSetting::MaxSpan:
    case AnimatedSetting::SpanLength: return {2.0, kLongestSpanSetting};
  }
  return {0.0, 0.0};
}

double Track::valueAt(double seconds) const {
  if (keys.empty()) return 0.0;
  if (!(seconds > keys.front().seconds)) return keys.front().value;  // NaN too: the first key
  if (seconds >= keys.back().seconds) return keys.back().value;
  // The first key after `seconds`; the one before it is at or before `seconds`.
  const auto next = std::upper_bound(keys.begin(), keys.end(), seconds,
                                     [](double time, const Keyframe& key) { return time < key.seconds; });
  const Keyframe& a = *(next - 1);
  const Keyframe& b = *next;
  // std::lerp is exact at both ends and monotonic, so a value never leaves its keys' range.
  return std::lerp(a.value, b.value, (seconds - a.seconds) / (b.seconds - a.seconds));
}

ArtSettings Animation::at(const ArtSettings& base, double seconds) const {
  ArtSettings settings = base;
  const bool centred = base.path.kind == PathKind::Rings || base.path.kind == PathKind::Spokes;
  for (const Track& track : tracks) {
    const double value = track.valueAt(seconds);
    const auto whole = [&] { return static_cast<std::uint32_t>(std::lround(value)); };
    switch (track.setting) {
      case AnimatedSetting::Lower: settings.lower = value; break;
      case AnimatedSetting::Upper: settings.upper = value; break;
      case AnimatedSetting::Skip: settings.skipPercent = value; break;
      case AnimatedSetting::MaxSpan: settings.maxSpan = whole(); break;
      case AnimatedSetting::SpanLength: settings.spanLength = whole(); break;
      case AnimatedSetting::Angle:
        if (base.path.kind == PathKind::Angle) settings.path.angleDegrees = value;
        break;
      case AnimatedSetting::CentreX:
        if (centred) settings.path.centreX = value;
        break;
      case AnimatedSetting::CentreY:
        if (centred) settings.path.centreY = value;
        break;
    }
  }
  return settings;
}

double Animation::lastKeySeconds() const {
  double last = 0.0;
  for (const Track& track : tracks)
    if (!track.keys.empty()) last = std::max(last, track.keys.back().seconds);
  return last;
}

void Animation::remove(AnimatedSetting setting) {
  std::erase_if(tracks, [&](const Track& track) { return track.setting == setting; });
}

const Track* Animation::find(AnimatedSetting setting) const {
  for (const Track& track : tracks)
    if (track.setting == setting) return &track;
  return nullptr;
}

void Animation::set(Track track) {
  for (Track& existing : tracks)
    if (existing.setting == track.setting) {
      existing = std::move(track);
      return;
    }
  tracks.push_back(std::move(track));
}

std::optional<TrackProblem> trackProblem(const Track& track) {
  const std::string setting = name(track.setting);
  if (track.keys.empty()) return TrackProblem{setting + " keyframes want at least one [time, value] pair", 0};
  const SettingRange range = animatedRange(track.setting);
  for (std::size_t i = 0; i < track.keys.size(); ++i) {
    const Keyframe& key = track.keys[i];
    if (!(key.seconds >= 0.0 && std::isfinite(key.seconds)))
      return TrackProblem{setting + " keyframe times want a number of seconds from 0", i};
    if (i > 0 && !(key.seconds > track.keys[i - 1].seconds))
      return TrackProblem{setting + " keyframe times must increase (" + decimalText(key.seconds) + " after " +
                              decimalText(track.keys[i - 1].seconds) + ")",
                          i};
    if (!(key.value >= range.least && key.value <= range.most)) {
      std::string message = setting + " wants a number from " + numberText(range.least) + " to " + numberText(range.most);
      if (track.setting == AnimatedSetting::MaxSpan) message += " when animated (0, no cap, cannot be interpolated)";
      return TrackProblem{message, i};
    }
    if (isWholeNumberSetting(track.setting) && std::floor(key.value) != key.value)
      return TrackProblem{setting + " wants a whole number", i};
  }
  return std::nullopt;
}

std::optional<std::string> pathProblem(const Track& track, const PathSpec& path) {
  switch (track.setting) {
    case AnimatedSetting::Angle:
      if (path.kind != PathKind::Angle) return "angle animates an angle path; path is " + pathKindName(path);
      break;
    case AnimatedSetting::CentreX:
    case AnimatedSetting::CentreY:
      if (path.kind != PathKind::Rings && path.kind != PathKind::Spokes)
        return name(track.setting) + " animates the centre of rings or spokes; path is " + pathKindName(path);
      break;
    default: break;
  }
  return std::nullopt;
}

void requireConsistent(const ArtSettings& base, const Animation& animation) {
  if (base.spans != SpanMode::Threshold) return;  // only the threshold mode reads a band
  const Track* lower = animation.find(AnimatedSetting::Lower);
  const Track* upper = animation.find(AnimatedSetting::Upper);
  // Both bounds are piecewise linear in time with breaks only at their key times, so upper - lower
  // is linear between consecutive breaks of either track and constant outside them: its least
  // value is at a break. Checking every key time of both tracks (and 0) checks every time.
  std::set<double> times = {0.0};
  for (const Track* track : {lower, upper})
    if (track != nullptr)
      for (const Keyframe& key : track->keys) times.insert(key.seconds);
  for (const double time : times) {
    const double low = lower != nullptr ? lower->valueAt(time) : base.lower;
    const double high = upper != nullptr ? upper->valueAt(time) : base.upper;
    if (low > high)
      throw UsageError("lower " + decimalText(low) + " is above upper " + decimalText(high) + " at " +
                       decimalText(time) + " s");
  }
}

void requireValid(const ArtSettings& base, const Animation& animation) {
  for (const Track& track : animation.tracks) {
    if (const auto problem = trackProblem(track)) throw UsageError(problem->message);
    if (const auto problem = pathProblem(track, base.path)) throw UsageError(*problem);
  }
  requireConsistent(base, animation);
}

std::uint64_t frameSeed(std::uint64_t seed, std::int64_t frameIndex, bool temporal) {
  if (temporal) return seed;
  // splitmix64: its state steps by an odd constant, so distinct frames of one seed get distinct
  // states, and its finaliser is a bijection that spreads every bit, so the frames' seeds differ
  // everywhere (seeds of neighbouring frames are not neighbours, as seed + index would be).
  std::uint64_t z = seed + (static_cast<std::uint64_t>(frameIndex) + 1) * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace shadersort::art
