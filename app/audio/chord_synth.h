#pragma once
// Chords as samples: every pass lasts one tone length, its tones sounding together, so a sort's
// sound is as long as its passes. Float samples, mono, 44100 Hz.

#include <cstddef>
#include <span>
#include <vector>

#include "audio/pass_sound.h"

namespace shadersort::audio {

constexpr int kSampleRate = 44100;
// Tone length: the default, and the range --tone-seconds takes.
constexpr double kDefaultToneSeconds = 0.1;
constexpr double kMinToneSeconds = 0.02;
constexpr double kMaxToneSeconds = 2.0;
// The loudest a chord gets (full scale is 1): headroom, so no chord clips however its tones add.
constexpr float kChordLevel = 0.5f;
// A chord sounds at most this many of its tones, evenly chosen: beyond a few hundred, more tones
// add nothing audible to the band of noise they make, and the synthesis stays cheap enough for
// playback. Sound of Sorting caps its oscillators at 512 too.
constexpr std::size_t kMaxTonesPerChord = 512;

// Samples one tone length takes (at least one).
std::size_t samplesPerChord(double toneSeconds);

// The amplitude each tone of a chord of `toneCount` tones starts with: the chord's level shared
// as kChordLevel / sqrt(tones sounded), so that a chord of many tones (uncorrelated phases) is
// about as loud as one of a single tone. A chord whose tones still add past kChordLevel is then
// scaled down whole, so nothing ever clips.
float toneAmplitude(std::size_t toneCount);

// One chord of `toneSeconds`: sines with a short raised-cosine fade in and out (so that passes
// do not click at their joins) and pseudo-random start phases (so that many tones make noise,
// not a pulse, and tones of one pitch do not cancel). No tone: exact silence. Deterministic: the same tones give the same samples.
std::vector<float> synthesiseChord(std::span<const Tone> tones, double toneSeconds);

}  // namespace shadersort::audio
