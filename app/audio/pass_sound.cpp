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

std::vector<Tone> passTones(const PassKeys& pass) {
  if (pass.before.size() != pass.after.size())
    throw std::invalid_argument("passTones: the states before and after a pass differ in size");
  const std::size_t length = pass.sequenceLength;
  if (length == 0 || pass.before.size() % length != 0)
    throw std::invalid_argument("passTones: the state is not whole sequences");
  for (const Comparator& comparator : pass.comparators)
    if (comparator.low >= length || comparator.high >= length)
      throw std::invalid_argument("passTones: a comparator lies outside the sequence");

  std::vector<Tone> tones;
  for (std::size_t first = 0; first < pass.before.size(); first += length) {
    const auto before = pass.before.subspan(first, length);
    const auto after = pass.after.subspan(first, length);
    if (!pass.comparators.empty()) {
      // What the GPU did, not what the comparator should have done: an exchange is a pair of
      // different keys that traded places.
      for (const Comparator& comparator : pass.comparators) {
        const std::uint32_t low = before[comparator.low], high = before[comparator.high];
        if (low != high && after[comparator.low] == high && after[comparator.high] == low)
          tones.push_back({pitchOfKey(std::max(low, high), pass.range)});
      }
    } else {
      for (std::size_t slot = 0; slot < length; ++slot)
        if (after[slot] != before[slot]) tones.push_back({pitchOfKey(after[slot], pass.range)});
    }
  }
  return tones;
}

}  // namespace shadersort::audio
