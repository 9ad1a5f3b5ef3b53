#include "audio/pass_sound.h"

#include <algorithm>
#include <stdexcept>

namespace shadersort::audio {

KeyRange keyRangeOf(std::span<const std::uint32_t> keys) {
  if (keys.empty()) return {};
  const auto [lowest, highest] = std::minmax_element(keys.begin(), keys.end());
  return {*lowest, *highest};
}

double pitchOfKey(std::uint32_t key, KeyRange range) {
  if (range.highest <= range.lowest) return kLowestPitchHz;
  const std::uint32_t clamped = std::clamp(key, range.lowest, range.highest);
  const double x = static_cast<double>(clamped - range.lowest) / static_cast<double>(range.highest - range.lowest);
  return kLowestPitchHz + (kHighestPitchHz - kLowestPitchHz) * x * x;
}

namespace {

// For each padded position, the index among the real keys of the one it holds (the state the
// sorter reads back keeps the real keys in position order); `length` when it holds padding.
std::vector<std::size_t> keyIndexOfPosition(std::span<const std::uint8_t> padding, std::size_t length) {
  std::vector<std::size_t> index(padding.size(), length);
  std::size_t real = 0;
  for (std::size_t position = 0; position < padding.size(); ++position)
    if (!padding[position]) index[position] = real++;
  if (real != length) throw std::invalid_argument("passTones: the padding does not leave the sequence's length");
  return index;
}

// A position's key index before and after the pass (the position itself without padding),
// once the pass's sizes and comparators are checked.
struct KeyIndices {
  std::vector<std::size_t> before, after;
};

KeyIndices checkedKeyIndices(const PassKeys& pass) {
  if (pass.before.size() != pass.after.size())
    throw std::invalid_argument("passTones: the states before and after a pass differ in size");
  const std::size_t length = pass.sequenceLength;
  if (length == 0 || pass.before.size() % length != 0)
    throw std::invalid_argument("passTones: the state is not whole sequences");
  const bool padded = !pass.paddingBefore.empty();
  if (padded && pass.paddingAfter.size() != pass.paddingBefore.size())
    throw std::invalid_argument("passTones: the padding before and after a pass differ in size");
  const std::size_t positions = padded ? pass.paddingBefore.size() : length;
  for (const Comparator& comparator : pass.comparators)
    if (comparator.low >= positions || comparator.high >= positions)
      throw std::invalid_argument("passTones: a comparator lies outside the sequence");
  if (padded) return {keyIndexOfPosition(pass.paddingBefore, length), keyIndexOfPosition(pass.paddingAfter, length)};
  std::vector<std::size_t> identity(length);
  for (std::size_t i = 0; i < length; ++i) identity[i] = i;
  return {identity, identity};
}

}  // namespace

std::string_view soundModeName(SoundMode mode) {
  return mode == SoundMode::Comparisons ? "comparisons" : "exchanges";
}

std::optional<SoundMode> soundModeNamed(std::string_view name) {
  for (SoundMode mode : {SoundMode::Exchanges, SoundMode::Comparisons})
    if (soundModeName(mode) == name) return mode;
  return std::nullopt;
}

std::vector<Tone> passTones(const PassKeys& pass) {
  const KeyIndices indices = checkedKeyIndices(pass);
  const std::vector<std::size_t>& indexBefore = indices.before;
  const std::vector<std::size_t>& indexAfter = indices.after;
  const std::size_t length = pass.sequenceLength;
  std::vector<Tone> tones;
  for (std::size_t first = 0; first < pass.before.size(); first += length) {
    const auto before = pass.before.subspan(first, length);
    const auto after = pass.after.subspan(first, length);
    if (!pass.comparators.empty()) {
      // What the GPU did, not what the comparator should have done: an exchange is a pair of
      // different keys that traded places.
      for (const Comparator& comparator : pass.comparators) {
        const std::size_t lowBefore = indexBefore[comparator.low], highBefore = indexBefore[comparator.high];
        const std::size_t lowAfter = indexAfter[comparator.low], highAfter = indexAfter[comparator.high];
        if (lowBefore < length && highBefore < length) {
          if (lowAfter >= length || highAfter >= length) continue;  // cannot be: two keys stay two keys
          const std::uint32_t low = before[lowBefore], high = before[highBefore];
          if (low != high && after[lowAfter] == high && after[highAfter] == low)
            tones.push_back({pitchOfKey(std::max(low, high), pass.range)});
        } else if (lowBefore < length || highBefore < length) {
          // A key and the padding: sounds when the key moved to the padding's position.
          const bool keyWasLow = lowBefore < length;
          const std::uint32_t key = before[keyWasLow ? lowBefore : highBefore];
          const std::size_t nowThere = keyWasLow ? highAfter : lowAfter;
          if (nowThere < length && after[nowThere] == key) tones.push_back({pitchOfKey(key, pass.range)});
        }
      }
    } else {
      for (std::size_t slot = 0; slot < length; ++slot)
        if (after[slot] != before[slot]) tones.push_back({pitchOfKey(after[slot], pass.range)});
    }
  }
  return tones;
}

std::vector<Tone> passTones(const PassKeys& pass, SoundMode mode) {
  if (mode == SoundMode::Exchanges || pass.comparators.empty()) return passTones(pass);
  const std::vector<std::size_t> indexBefore = checkedKeyIndices(pass).before;
  const std::size_t length = pass.sequenceLength;
  std::vector<Tone> tones;
  tones.reserve(pass.before.size() / length * pass.comparators.size());
  for (std::size_t first = 0; first < pass.before.size(); first += length) {
    const auto before = pass.before.subspan(first, length);
    for (const Comparator& comparator : pass.comparators) {
      const std::size_t low = indexBefore[comparator.low], high = indexBefore[comparator.high];
      // Padding sits above every key, so the smaller of a key and the padding is the key.
      if (low < length && high < length)
        tones.push_back({pitchOfKey(std::min(before[low], before[high]), pass.range)});
      else if (low < length || high < length)
        tones.push_back({pitchOfKey(before[low < length ? low : high], pass.range)});
    }
  }
  return tones;
}

}  // namespace shadersort::audio
