#include "audio/chord_synth.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace shadersort::audio {
namespace {

// Fade in and out over 5 ms (or a quarter of a very short tone): long enough not to click,
// short enough that the pitch is heard.
constexpr double kFadeSeconds = 0.005;

// A start phase in 0..1 for tone `index`: splitmix64's mix, so phases are independent-looking
// but the same every run. Independent phases add up like noise (about sqrt(n) for n tones, which
// the amplitude allows for), even where many tones share a pitch; evenly spread ones would cancel.
double startPhase(std::uint64_t index) {
  std::uint64_t z = index + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

}  // namespace

std::size_t samplesPerChord(double toneSeconds) {
  return std::max<std::size_t>(1, static_cast<std::size_t>(std::lround(toneSeconds * kSampleRate)));
}

float toneAmplitude(std::size_t toneCount) {
  const std::size_t sounded = std::min(toneCount, kMaxTonesPerChord);
  return sounded == 0 ? 0.0f : kChordLevel / static_cast<float>(std::sqrt(static_cast<double>(sounded)));
}

std::vector<float> synthesiseChord(std::span<const Tone> tones, double toneSeconds) {
  const std::size_t length = samplesPerChord(toneSeconds);
  std::vector<double> mix(length, 0.0);
  const std::size_t sounded = std::min(tones.size(), kMaxTonesPerChord);
  const double amplitude = toneAmplitude(tones.size());
  for (std::size_t i = 0; i < sounded; ++i) {
    const Tone& tone = tones[i * tones.size() / sounded];
    // A rotating phasor instead of a sine per sample: one complex multiply a sample.
    const double step = 2.0 * std::numbers::pi * tone.frequency / kSampleRate;
    const double phase = 2.0 * std::numbers::pi * startPhase(i);
    double re = std::cos(phase), im = std::sin(phase);
    const double c = std::cos(step), s = std::sin(step);
    for (std::size_t n = 0; n < length; ++n) {
      mix[n] += amplitude * im;
      const double nextRe = re * c - im * s;
      im = re * s + im * c;
      re = nextRe;
    }
  }
  std::vector<float> samples(length, 0.0f);
  if (sounded == 0) return samples;
  const std::size_t fade = std::max<std::size_t>(
      1, std::min(static_cast<std::size_t>(kFadeSeconds * kSampleRate), length / 4));
  double peak = 0.0;
  for (std::size_t n = 0; n < length; ++n) {
    const std::size_t edge = std::min(n, length - 1 - n);
    if (edge < fade) mix[n] *= 0.5 - 0.5 * std::cos(std::numbers::pi * static_cast<double>(edge) / static_cast<double>(fade));
    peak = std::max(peak, std::abs(mix[n]));
  }
  const double scale = peak > kChordLevel ? kChordLevel / peak : 1.0;
  for (std::size_t n = 0; n < length; ++n) samples[n] = static_cast<float>(mix[n] * scale);
  return samples;
}

}  // namespace shadersort::audio
