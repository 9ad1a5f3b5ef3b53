#include "audio/sort_sound.h"

#include <algorithm>

#include "audio/chord_synth.h"

namespace shadersort::audio {

std::string whyNotSonified(std::uint64_t keys) {
  if (keys <= kMaxSonifiedKeys) return {};
  return "sound is made for inputs of at most " + std::to_string(kMaxSonifiedKeys) + " keys (it reads every pass back), this one has " +
         std::to_string(keys);
}

std::vector<std::uint8_t> paddingNow(const Sorter& sorter) {
  const auto padded = sorter.paddedState();
  if (!padded || std::find(padded->padding.begin(), padded->padding.end(), 1) == padded->padding.end()) return {};
  return padded->padding;
}

std::vector<Tone> tonesOfPass(const Sorter& sorter, std::uint32_t pass, const SortData& before, const SortData& after,
                              KeyRange range, std::span<const std::uint8_t> paddingBefore, SoundMode mode) {
  const std::vector<std::uint8_t> paddingAfter = paddingNow(sorter);
  // Padded comparators index the padded sequence (bitonic-classic pads to a power of two).
  const std::size_t positions = paddingBefore.empty() ? after.sequenceLength : paddingBefore.size();
  const std::vector<Comparator> comparators = sorter.comparators(pass, positions);
  return passTones({before.keys, after.keys, after.sequenceLength, comparators, range, paddingBefore, paddingAfter}, mode);
}

SortSoundSummary sonifySort(Sorter& sorter, double toneSeconds, SoundMode mode,
                            const std::function<void(std::span<const float>)>& chord) {
  sorter.restart();
  SortData before = sorter.read();
  const KeyRange range = keyRangeOf(before.keys);
  SortSoundSummary summary;
  while (!sorter.finished()) {
    const std::uint32_t pass = sorter.passesRun();
    const std::vector<std::uint8_t> padding = paddingNow(sorter);
    sorter.runPass();
    SortData after = sorter.read();
    const std::vector<Tone> tones = tonesOfPass(sorter, pass, before, after, range, padding, mode);
    chord(synthesiseChord(tones, toneSeconds));
    ++summary.passes;
    summary.soundingPasses += !tones.empty();
    summary.tones += tones.size();
    before = std::move(after);
  }
  return summary;
}

}  // namespace shadersort::audio
