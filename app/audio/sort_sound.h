#pragma once
// A sorter's passes as sound: the chord of each pass from the states before and after it, read
// back from the GPU. Used by `view --audio` (a whole sort into a WAV file) and by the viewer's
// sound (the pass just played).

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "audio/pass_sound.h"
#include "sort/sorter.h"

namespace shadersort::audio {

// Sound reads the whole state back after every pass, so it is made only for inputs of at most
// this many keys (a 128x128 image): a read-back of 64 KiB a pass keeps playback smooth.
constexpr std::uint64_t kMaxSonifiedKeys = 16384;
// Empty when an input of `keys` keys can be sonified, else why not (one sentence).
std::string whyNotSonified(std::uint64_t keys);

// Which padded positions of `sorter` hold padding now (Sorter::paddedState), or empty where its
// sequences are not padded; kept before a pass for tonesOfPass.
std::vector<std::uint8_t> paddingNow(const Sorter& sorter);

// The tones of pass `pass` of `sorter` in `mode`, which has just run it (its comparators, where it
// has them, for that pass); `paddingBefore` is paddingNow() from before the pass.
std::vector<Tone> tonesOfPass(const Sorter& sorter, std::uint32_t pass, const SortData& before, const SortData& after,
                              KeyRange range, std::span<const std::uint8_t> paddingBefore, SoundMode mode);

struct SortSoundSummary {
  std::uint32_t passes = 0;          // chords written, one per pass
  std::uint32_t soundingPasses = 0;  // of them, passes with a tone (in exchanges mode: that exchanged anything)
  std::uint64_t tones = 0;           // over all passes
};

// Restarts `sorter` (loaded) and runs it to its end, handing each pass's chord of `toneSeconds`
// in `mode` to `chord` in order. The pitches span the loaded input's keys.
SortSoundSummary sonifySort(Sorter& sorter, double toneSeconds, SoundMode mode,
                            const std::function<void(std::span<const float>)>& chord);

}  // namespace shadersort::audio
