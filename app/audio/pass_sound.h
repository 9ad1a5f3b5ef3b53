#pragma once
// What one pass sounds like, as plain data: the tones of its chord, from the pass's keys before
// and after it (read back from the GPU) and, where the sorter has them, its comparators. No
// synthesis and no GL here, so the model is tested on its own.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "sort/sorter.h"

namespace shadersort::audio {

// The pitch range, in Hz, of the "Sound of Sorting mapping".
constexpr double kLowestPitchHz = 120.0;
constexpr double kHighestPitchHz = 1212.0;

// The input's smallest and largest key: pitches span the keys the input holds, so a 0..99
// teaching input uses the whole range as a 32-bit random one does.
struct KeyRange {
  std::uint32_t lowest = 0, highest = 0;
};
KeyRange keyRangeOf(std::span<const std::uint32_t> keys);

// The pitch of `key` in `range`. As Sound of Sorting (Timo Bingmann, src/SortSound.cpp, its
// array-index-to-frequency function) does, the key's position x in 0..1 within the range is
// squared, which spreads the high keys apart; Sound of Sorting spans 120 + 1200 x^2 Hz, this
// spans the 120-1212 Hz: 120 + 1092 x^2. A range of one key sounds at 120 Hz.
double pitchOfKey(std::uint32_t key, KeyRange range);

struct Tone {
  double frequency = 0.0;  // Hz
};

// One pass of a sort of sequences of `sequenceLength` keys, stored one after another.
struct PassKeys {
  std::span<const std::uint32_t> before, after;  // the whole state, same size, a multiple of sequenceLength
  std::uint32_t sequenceLength = 0;
  // The pass's compare-exchanges inside each sequence (Sorter::comparators), or empty where the
  // sorter has none for it (radix, a fused fast pass).
  std::span<const Comparator> comparators;
  KeyRange range;
  // Where the sorter pads each sequence to a longer network (Sorter::PaddedState: bitonic-classic
  // on a length that is not a power of two), the comparators index padded positions, and these
  // say which of them held padding before and after the pass (1: padding). Empty: no padding.
  std::span<const std::uint8_t> paddingBefore, paddingAfter;
};

// What a pass sounds: the comparisons that exchanged their keys (the default), or every
// comparison it made (Sound of Sorting's mode: `view --sound comparisons`).
enum class SoundMode { Exchanges, Comparisons };
std::string_view soundModeName(SoundMode mode);  // "exchanges", "comparisons"
std::optional<SoundMode> soundModeNamed(std::string_view name);

// The chord of a pass: with comparators, one tone per comparison that exchanged its keys (in any
// sequence), pitched by the larger of the two keys, the one the exchange carries up. Without
// them (radix), one tone per slot whose key changed, pitched by the key that arrived there.
// A pass that moved nothing has no tone. With padding, a comparison of two keys sounds as above,
// and one of a key and the padding sounds that key where the exchange moved it (padding is no key
// and has no pitch). Throws std::invalid_argument on mismatched sizes or a comparator outside the
// sequence (or its padded length).
std::vector<Tone> passTones(const PassKeys& pass);

// The chord of a pass in `mode`. Comparisons, where the pass has comparators: one tone per
// comparator in every sequence, whether it exchanged or not, pitched by the smaller of the two
// keys it compared (before the pass); a comparator of a key and the padding sounds that key, one of
// padding and padding nothing. Without comparators (radix, a fused fast pass), or in Exchanges
// mode: passTones(). Throws as passTones() does.
std::vector<Tone> passTones(const PassKeys& pass, SoundMode mode);

}  // namespace shadersort::audio
