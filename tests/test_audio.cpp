// Sound (issue 26, item 9): the model of a pass's chord, the synthesiser's loudness, and
// `view --audio` against a CPU model of odd-even transposition on a fixed 16-key input: the WAV
// lasts passes x the tone length, silent passes are silent, and a one-exchange pass sounds at its
// key's pitch (a DFT here finds the dominant frequency).

#include <gtest/gtest.h>

#include <sndfile.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "audio/chord_synth.h"
#include "audio/pass_sound.h"
#include "audio/sort_sound.h"
#include "cli_support.h"
#include "data/image.h"
#include "data/inputs.h"
#include "sort/registry.h"
#include "sort_test_support.h"
#include "ui/viewer_app.h"

namespace shadersort::testing {
namespace {

using audio::Tone;

// Sound of Sorting's curve over the range, written out independently of the app.
double expectedPitch(std::uint32_t key, std::uint32_t lowest, std::uint32_t highest) {
  const double x = static_cast<double>(key - lowest) / static_cast<double>(highest - lowest);
  return 120.0 + (1212.0 - 120.0) * x * x;
}

// The frequency (Hz) of the strongest DFT bin of `samples` (bin width: rate / size).
double dominantFrequency(const std::vector<float>& samples) {
  const std::size_t size = samples.size();
  double best = -1.0;
  std::size_t bestBin = 0;
  for (std::size_t bin = 1; bin < size / 2; ++bin) {
    // Goertzel: one bin's power in one pass over the samples.
    const double coefficient = 2.0 * std::cos(2.0 * std::numbers::pi * static_cast<double>(bin) / static_cast<double>(size));
    double previous = 0.0, beforePrevious = 0.0;
    for (float sample : samples) {
      const double current = sample + coefficient * previous - beforePrevious;
      beforePrevious = previous;
      previous = current;
    }
    const double power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
    if (power > best) best = power, bestBin = bin;
  }
  return static_cast<double>(bestBin) * audio::kSampleRate / static_cast<double>(size);
}

double peakOf(const std::vector<float>& samples) {
  double peak = 0.0;
  for (float sample : samples) peak = std::max(peak, static_cast<double>(std::abs(sample)));
  return peak;
}

double rmsOf(const std::vector<float>& samples) {
  double sum = 0.0;
  for (float sample : samples) sum += static_cast<double>(sample) * sample;
  return std::sqrt(sum / static_cast<double>(samples.size()));
}

// [SECTION] the model

TEST(PassSound, OneToneForEachComparisonThatExchanged) {
  // Two sequences of four; the pass compares (0,1) and (2,3) in each.
  const std::vector<std::uint32_t> before = {30, 10, 20, 40, /**/ 10, 20, 40, 30};
  const std::vector<std::uint32_t> after = {10, 30, 20, 40, /**/ 10, 20, 30, 40};
  const std::vector<Comparator> comparators = {{0, 1}, {2, 3}};
  const audio::KeyRange range{10, 40};
  const auto tones = audio::passTones({before, after, 4, comparators, range, {}, {}});
  ASSERT_EQ(tones.size(), 2u);
  // Pitched by the larger key of each exchanged pair: 30, then 40.
  EXPECT_NEAR(tones[0].frequency, expectedPitch(30, 10, 40), 1e-9);
  EXPECT_NEAR(tones[1].frequency, expectedPitch(40, 10, 40), 1e-9);
  // A comparator whose keys did not trade places (20 < 40 stays) sounds nothing; nor do equal keys.
  const std::vector<std::uint32_t> equal = {5, 5, 5, 5};
  EXPECT_TRUE(audio::passTones({equal, equal, 4, comparators, {5, 5}, {}, {}}).empty());
}

TEST(PassSound, WithoutComparatorsOneTonePerKeyThatChangedSlot) {
  // Radix: no comparators; keys 3 and 1 moved, 2 stayed.
  const std::vector<std::uint32_t> before = {3, 2, 1}, after = {1, 2, 3};
  const auto tones = audio::passTones({before, after, 3, {}, {1, 3}, {}, {}});
  ASSERT_EQ(tones.size(), 2u);
  EXPECT_NEAR(tones[0].frequency, expectedPitch(1, 1, 3), 1e-9);
  EXPECT_NEAR(tones[1].frequency, expectedPitch(3, 1, 3), 1e-9);
  EXPECT_TRUE(audio::passTones({after, after, 3, {}, {1, 3}, {}, {}}).empty());
}

TEST(PassSound, MismatchedStatesAreRefused) {
  const std::vector<std::uint32_t> three = {1, 2, 3}, two = {1, 2};
  EXPECT_THROW(audio::passTones({three, two, 3, {}, {}, {}, {}}), std::invalid_argument);
  const std::vector<Comparator> outside = {{0, 3}};
  EXPECT_THROW(audio::passTones({three, three, 3, outside, {}, {}, {}}), std::invalid_argument);
}

// Comparisons mode (issue 39, item 7): every comparator sounds, exchanged or not, pitched by the
// smaller key it compared; with padding, a key and the padding sound the key, padding and padding
// nothing; a pass without comparators (radix) keeps the moved keys' sound.
TEST(PassSound, ComparisonsModeOneTonePerComparatorAtTheSmallerKey) {
  const std::vector<std::uint32_t> before = {30, 10, 20, 40, /**/ 10, 20, 40, 30};
  const std::vector<std::uint32_t> after = {10, 30, 20, 40, /**/ 10, 20, 30, 40};
  const std::vector<Comparator> comparators = {{0, 1}, {2, 3}};
  const audio::KeyRange range{10, 40};
  const audio::PassKeys pass{before, after, 4, comparators, range, {}, {}};
  const auto tones = audio::passTones(pass, audio::SoundMode::Comparisons);
  ASSERT_EQ(tones.size(), 4u);
  const std::uint32_t smaller[] = {10, 20, 10, 30};
  for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(tones[i].frequency, expectedPitch(smaller[i], 10, 40), 1e-9) << i;
  // Exchanges mode is passTones() as before: the two exchanges only.
  EXPECT_EQ(audio::passTones(pass, audio::SoundMode::Exchanges).size(), 2u);
  // Nothing exchanged: silent in exchanges mode, one tone per comparator in comparisons mode.
  const audio::PassKeys still{after, after, 4, comparators, range, {}, {}};
  EXPECT_TRUE(audio::passTones(still, audio::SoundMode::Exchanges).empty());
  EXPECT_EQ(audio::passTones(still, audio::SoundMode::Comparisons).size(), 4u);

  // Padding: 3 keys padded to 4; position 3 holds the padding. (0,3) is a key and the padding,
  // (1,2) two keys.
  const std::vector<std::uint32_t> three = {7, 5, 6};
  const std::vector<std::uint8_t> padding = {0, 0, 0, 1};
  const std::vector<Comparator> padded = {{0, 3}, {1, 2}};
  const auto paddedTones = audio::passTones({three, three, 3, padded, {5, 7}, padding, padding}, audio::SoundMode::Comparisons);
  ASSERT_EQ(paddedTones.size(), 2u);
  EXPECT_NEAR(paddedTones[0].frequency, expectedPitch(7, 5, 7), 1e-9);
  EXPECT_NEAR(paddedTones[1].frequency, expectedPitch(5, 5, 7), 1e-9);
  // Two paddings compared: no key, no tone. (2 keys padded to 4.)
  const std::vector<std::uint32_t> two = {1, 2};
  const std::vector<std::uint8_t> twoPadded = {0, 0, 1, 1};
  const std::vector<Comparator> paddingOnly = {{2, 3}};
  EXPECT_TRUE(audio::passTones({two, two, 2, paddingOnly, {1, 2}, twoPadded, twoPadded}, audio::SoundMode::Comparisons).empty());

  // Radix: no comparators, so the keys that moved, in either mode.
  const std::vector<std::uint32_t> moved = {3, 2, 1}, sorted = {1, 2, 3};
  EXPECT_EQ(audio::passTones({moved, sorted, 3, {}, {1, 3}, {}, {}}, audio::SoundMode::Comparisons).size(), 2u);
  EXPECT_TRUE(audio::soundModeNamed("comparisons") == audio::SoundMode::Comparisons);
  EXPECT_TRUE(audio::soundModeNamed("exchanges") == audio::SoundMode::Exchanges);
  EXPECT_FALSE(audio::soundModeNamed("swaps"));
}

TEST(PassSound, PitchSpansSoundOfSortingsRange) {
  const audio::KeyRange range{100, 200};
  EXPECT_DOUBLE_EQ(audio::pitchOfKey(100, range), 120.0);
  EXPECT_DOUBLE_EQ(audio::pitchOfKey(200, range), 1212.0);
  EXPECT_NEAR(audio::pitchOfKey(150, range), 120.0 + 1092.0 * 0.25, 1e-9);
  // The whole 32-bit range, and a range of one key.
  EXPECT_DOUBLE_EQ(audio::pitchOfKey(0xFFFFFFFFu, {0, 0xFFFFFFFFu}), 1212.0);
  EXPECT_DOUBLE_EQ(audio::pitchOfKey(7, {7, 7}), 120.0);
}

// [SECTION] the synthesiser

TEST(ChordSynth, NoToneIsExactSilenceOfOneToneLength) {
  const auto silence = audio::synthesiseChord({}, 0.1);
  ASSERT_EQ(silence.size(), 4410u);
  EXPECT_TRUE(std::all_of(silence.begin(), silence.end(), [](float sample) { return sample == 0.0f; }));
  EXPECT_EQ(audio::synthesiseChord({}, 0.25).size(), 11025u);
}

TEST(ChordSynth, OneToneSoundsAtItsPitchAndFadesAtBothEnds) {
  const std::vector<Tone> tones = {{440.0}};
  const auto chord = audio::synthesiseChord(tones, 0.1);
  EXPECT_NEAR(dominantFrequency(chord), 440.0, 10.0);
  // Starts and ends at zero (no click at the joins of passes), full level in between.
  EXPECT_LT(std::abs(chord.front()), 1e-3);
  EXPECT_LT(std::abs(chord.back()), 1e-3);
  EXPECT_NEAR(peakOf(chord), audio::kChordLevel, 0.01);
}

TEST(ChordSynth, ThousandsOfTonesNeverClipAndShareTheLoudness) {
  std::mt19937 random(26);
  std::uniform_real_distribution<double> pitch(120.0, 1212.0);
  std::vector<Tone> spread(5000), unison(5000, Tone{440.0});
  for (Tone& tone : spread) tone.frequency = pitch(random);
  const std::vector<Tone> one = {{440.0}};
  for (const auto* tones : {&spread, &unison}) {
    const auto chord = audio::synthesiseChord(*tones, 0.1);
    EXPECT_LE(peakOf(chord), audio::kChordLevel + 1e-6);
    EXPECT_LE(peakOf(chord), 1.0);
  }
  // Each of 5000 tones is quieter than a lone tone, yet the chord is no whisper: a band of noise
  // about as loud as one tone (within a factor of 4 in RMS).
  EXPECT_GT(audio::toneAmplitude(1), audio::toneAmplitude(5000));
  // Tones of one pitch (a few-unique input) do not cancel each other out either.
  const double lone = rmsOf(audio::synthesiseChord(one, 0.1));
  for (const auto* tones : {&spread, &unison}) {
    const double band = rmsOf(audio::synthesiseChord(*tones, 0.1));
    EXPECT_GT(band, lone / 4);
    EXPECT_LT(band, lone * 1.01);
  }
}

// [SECTION] every schedule's sound

// Every schedule of every algorithm, on every length from 1 to 17 (bitonic-classic pads the ones
// that are not powers of two): the sound of the whole sort is made without an error, and where a
// pass has comparators its tones are those of a CPU run of the same comparators over the keys
// with +infinity padding: one per exchange of two different keys, and one per key an exchange
// with the padding moved. Before the fix, bitonic-classic on 9 or 13 keys threw "a comparator lies
// outside the sequence".
TEST(SortSound, EveryScheduleOnLengthsOneToSeventeenSoundsItsExchanges) {
  for (const Schedule& schedule : allSchedules()) {
    for (std::uint32_t length = 1; length <= 17; ++length) {
      SCOPED_TRACE(schedule.name + " on " + std::to_string(length) + " keys");
      const SortData input = makeSequences(Pattern::FewUnique, 1, length, 40 + length);
      auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
      sorter->load(input);
      const std::uint32_t passes = sorter->passCount();

      // The CPU run: positions of the padded (or plain) sequence, padding above every key.
      constexpr std::uint64_t kPadding = std::numeric_limits<std::uint64_t>::max();
      const auto padded = sorter->paddedState();
      const std::uint32_t positions = padded ? padded->length : length;
      std::vector<std::uint64_t> cpu(positions, kPadding);
      std::copy(input.keys.begin(), input.keys.end(), cpu.begin());
      std::optional<std::uint64_t> expectedTones = 0;
      for (std::uint32_t pass = 0; pass < passes && expectedTones; ++pass) {
        const std::vector<Comparator> comparators = sorter->comparators(pass, positions);
        if (comparators.empty()) {
          expectedTones.reset();  // a pass without comparators (radix, a fused pass): no CPU model here
          break;
        }
        for (const Comparator& comparator : comparators) {
          std::uint64_t &low = cpu[comparator.low], &high = cpu[comparator.high];
          if (low <= high) continue;
          *expectedTones += low != kPadding || high != kPadding;
          std::swap(low, high);
        }
      }

      const audio::SortSoundSummary summary =
          audio::sonifySort(*sorter, 0.001, audio::SoundMode::Exchanges, [](std::span<const float>) {});
      EXPECT_LE(summary.passes, passes);  // odd-even's teaching schedule stops once sorted
      EXPECT_TRUE(sorter->finished());
      if (expectedTones) {
        EXPECT_EQ(summary.tones, *expectedTones);
      }
      std::vector<std::uint32_t> sorted = input.keys;
      std::sort(sorted.begin(), sorted.end());
      EXPECT_EQ(sorter->read().keys, sorted);
    }
  }
}

// Comparisons mode on every schedule and every length from 1 to 17: no error, and where every pass
// has comparators, one tone per comparator that touches a key (padding against padding is silent),
// counted from the sorter's own comparators on the padded positions of a CPU run.
TEST(SortSound, EveryScheduleOnLengthsOneToSeventeenSoundsEveryComparison) {
  for (const Schedule& schedule : allSchedules()) {
    for (std::uint32_t length = 1; length <= 17; ++length) {
      SCOPED_TRACE(schedule.name + " on " + std::to_string(length) + " keys");
      const SortData input = makeSequences(Pattern::Random, 1, length, 70 + length);
      auto sorter = schedule.algorithm->create(testSortContext(), optionsFor(schedule));
      sorter->load(input);
      const std::uint32_t passes = sorter->passCount();
      const auto padded = sorter->paddedState();
      const std::uint32_t positions = padded ? padded->length : length;
      // Which positions hold padding, moved as the comparators move it (padding above every key).
      constexpr std::uint64_t kPadding = std::numeric_limits<std::uint64_t>::max();
      std::vector<std::uint64_t> cpu(positions, kPadding);
      std::copy(input.keys.begin(), input.keys.end(), cpu.begin());
      std::vector<std::uint64_t> tonesAfterPass;  // running total after each pass
      std::uint64_t expected = 0;
      bool everyPassCompares = true;
      for (std::uint32_t pass = 0; pass < passes; ++pass) {
        const std::vector<Comparator> comparators = sorter->comparators(pass, positions);
        if (comparators.empty()) {
          everyPassCompares = false;
          break;
        }
        for (const Comparator& comparator : comparators) {
          std::uint64_t &low = cpu[comparator.low], &high = cpu[comparator.high];
          expected += low != kPadding || high != kPadding;
          if (low > high) std::swap(low, high);
        }
        tonesAfterPass.push_back(expected);
      }

      const audio::SortSoundSummary summary =
          audio::sonifySort(*sorter, 0.001, audio::SoundMode::Comparisons, [](std::span<const float>) {});
      EXPECT_TRUE(sorter->finished());
      EXPECT_LE(summary.passes, passes);  // odd-even's teaching schedule stops once sorted
      if (everyPassCompares && summary.passes > 0) {
        EXPECT_EQ(summary.tones, tonesAfterPass[summary.passes - 1]);
      }
      std::vector<std::uint32_t> sorted = input.keys;
      std::sort(sorted.begin(), sorted.end());
      EXPECT_EQ(sorter->read().keys, sorted);
    }
  }
}

// Regression (issue 39, item 1): sound on, then a step of bitonic-classic on 13 keys, padded to 16,
// ended the viewer with "internal error: passTones: a comparator lies outside the sequence".
TEST(ViewerSound, APaddedBitonicClassicPassSounds) {
  const auto result = runShadersort("view --offscreen --algo bitonic-classic --values 5,3,9,1,7,2,8,4,12,0,11,6,10 "
                                    "--array --paused --keys m,right,right --frames 5 --stats");
  EXPECT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(result.err.find("internal error"), std::string::npos) << result.err;
  EXPECT_NE(result.out.find("pass 2 of"), std::string::npos) << result.out;
}

// [SECTION] view --audio on a fixed input

// 16 grey pixels in a row, ascending but for one key moved two places: odd-even transposition
// makes one exchange in each of its first two passes and none after.
Image fixedRow() {
  const int order[16] = {0, 1, 2, 3, 4, 6, 7, 5, 8, 9, 10, 11, 12, 13, 14, 15};
  Image image(16, 1);
  for (int x = 0; x < 16; ++x) {
    const auto grey = static_cast<std::uint32_t>(order[x] * 16 + 8);
    image.setPixel(x, 0, grey | grey << 8 | grey << 16 | 0xFF000000u);
  }
  return image;
}

std::vector<float> readWav(const std::string& path, SF_INFO& info) {
  info = {};
  SNDFILE* file = sf_open(path.c_str(), SFM_READ, &info);
  if (!file) return {};
  std::vector<float> samples(static_cast<std::size_t>(info.frames) * static_cast<std::size_t>(info.channels));
  sf_readf_float(file, samples.data(), info.frames);
  sf_close(file);
  return samples;
}

TEST(ViewAudio, OneChordPerPassAtTheKeysPitch) {
  ScratchFolder folder;
  const std::string png = folder.path("row.png"), wav = folder.path("sound.wav");
  savePng(fixedRow(), png);
  const auto result = runShadersort("view --audio " + wav + " --image " + png + " --axis rows --tone-seconds 0.1");
  ASSERT_EQ(result.exitCode, 0) << result.err;
  EXPECT_EQ(result.err, "");

  // The CPU model: the same keys, rounds of odd-even transposition, the exchanges of each.
  InputSpec spec;
  spec.imagePath = png;
  spec.order.axis = Axis::Rows;
  SortData state = resolveInput(spec).data;
  ASSERT_EQ(state.sequenceLength, 16u);
  const auto [lowest, highest] = std::minmax_element(state.keys.begin(), state.keys.end());
  const std::uint32_t low = *lowest, high = *highest;
  SorterOptions teaching;
  teaching.teaching = true;
  auto sorter = findAlgorithm("frag-odd-even").create(testSortContext(), teaching);
  sorter->load(state);
  const std::uint32_t passes = sorter->passCount();
  ASSERT_EQ(passes, 16u);

  SF_INFO info;
  const std::vector<float> samples = readWav(wav, info);
  ASSERT_FALSE(samples.empty());
  EXPECT_EQ(info.samplerate, 44100);
  EXPECT_EQ(info.channels, 1);
  // passes x the tone length, to the sample.
  ASSERT_EQ(info.frames, static_cast<sf_count_t>(passes) * 4410);
  if (std::system("command -v sox >/dev/null 2>&1") == 0) {
    const auto sox = runScript("sox --i -D " + singleQuotedForShell(wav));
    EXPECT_NEAR(std::stod(sox.out), passes * 0.1, 1e-6) << sox.out;
  }

  int oneExchangePasses = 0, silentPasses = 0;
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    const SortData before = state;
    const std::uint64_t exchanges = oddEvenRoundOnCpu(state, pass);
    const std::vector<float> chord(samples.begin() + pass * 4410, samples.begin() + (pass + 1) * 4410);
    if (exchanges == 0) {
      ++silentPasses;
      EXPECT_TRUE(std::all_of(chord.begin(), chord.end(), [](float sample) { return sample == 0.0f; })) << "pass " << pass;
    } else if (exchanges == 1) {
      ++oneExchangePasses;
      std::uint32_t moved = 0;  // the larger key of the pair that traded places
      for (std::uint32_t slot = 0; slot < 16; ++slot)
        if (state.keys[slot] != before.keys[slot]) moved = std::max(moved, before.keys[slot]);
      const double pitch = expectedPitch(moved, low, high);
      EXPECT_NEAR(dominantFrequency(chord), pitch, 10.0) << "pass " << pass << ", one bin is 10 Hz";
      EXPECT_GT(peakOf(chord), 0.25) << "pass " << pass;
    }
  }
  EXPECT_EQ(oneExchangePasses, 2);
  EXPECT_EQ(silentPasses, 14);
}

// The frequencies (Hz) of the `count` strongest DFT bins of `samples`, strongest first, each at
// least `apart` Hz from the stronger ones (a tone's main lobe spans a few bins).
std::vector<double> strongestFrequencies(const std::vector<float>& samples, std::size_t count, double apart) {
  const std::size_t size = samples.size();
  std::vector<std::pair<double, double>> bins;  // power, frequency
  for (std::size_t bin = 1; bin < size / 2; ++bin) {
    const double coefficient = 2.0 * std::cos(2.0 * std::numbers::pi * static_cast<double>(bin) / static_cast<double>(size));
    double previous = 0.0, beforePrevious = 0.0;
    for (float sample : samples) {
      const double current = sample + coefficient * previous - beforePrevious;
      beforePrevious = previous;
      previous = current;
    }
    bins.push_back({previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious,
                    static_cast<double>(bin) * audio::kSampleRate / static_cast<double>(size)});
  }
  std::sort(bins.begin(), bins.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<double> found;
  for (const auto& [power, frequency] : bins) {
    if (found.size() == count) break;
    if (std::all_of(found.begin(), found.end(), [&](double other) { return std::abs(other - frequency) >= apart; }))
      found.push_back(frequency);
  }
  return found;
}

// `view --audio --sound comparisons` (issue 39, item 7) on odd-even with 5 typed keys 1,3,2,5,4:
// every pass compares 2 pairs, (0,1),(2,3) on even passes and (1,2),(3,4) on odd ones, and each
// comparison is one tone at its smaller key's pitch. Pass 0 compares (1,3) and (2,5) and exchanges
// nothing: it sounds in comparisons mode and is exact silence in exchanges mode. Each chord is
// decoded twice: its two strongest frequencies are the two expected pitches (DFT, 10 Hz bins),
// and its samples are the synthesiser's chord of exactly those tones (to 16-bit rounding).
TEST(ViewAudio, ComparisonsModeSoundsEveryComparisonOfEachPass) {
  ScratchFolder folder;
  const std::string comparisonsWav = folder.path("comparisons.wav"), exchangesWav = folder.path("exchanges.wav");
  const std::string common = " --algo odd-even --values 1,3,2,5,4 --tone-seconds 0.1 --stats";
  const auto comparisons = runShadersort("view --audio " + comparisonsWav + common + " --sound comparisons");
  ASSERT_EQ(comparisons.exitCode, 0) << comparisons.err;
  EXPECT_NE(comparisons.out.find("sound of comparisons"), std::string::npos) << comparisons.out;
  const auto exchanges = runShadersort("view --audio " + exchangesWav + common);
  ASSERT_EQ(exchanges.exitCode, 0) << exchanges.err;
  EXPECT_NE(exchanges.out.find("sound of exchanges"), std::string::npos) << exchanges.out;

  SF_INFO info;
  const std::vector<float> samples = readWav(comparisonsWav, info);
  ASSERT_EQ(info.frames % 4410, 0);
  const auto passes = static_cast<std::uint32_t>(info.frames / 4410);
  // Sorted after pass 1; odd-even's teaching schedule may stop once two rounds swap nothing.
  ASSERT_GE(passes, 2u);
  ASSERT_LE(passes, 5u);
  std::vector<std::uint32_t> keys = {1, 3, 2, 5, 4};
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    SCOPED_TRACE("pass " + std::to_string(pass));
    std::vector<Tone> expected;
    for (std::uint32_t i = pass % 2; i + 1 < keys.size(); i += 2) {
      expected.push_back({expectedPitch(std::min(keys[i], keys[i + 1]), 1, 5)});
      if (keys[i] > keys[i + 1]) std::swap(keys[i], keys[i + 1]);
    }
    ASSERT_EQ(expected.size(), 2u);
    const std::vector<float> chord(samples.begin() + pass * 4410, samples.begin() + (pass + 1) * 4410);
    std::vector<double> heard = strongestFrequencies(chord, 2, 30.0);
    std::sort(heard.begin(), heard.end());
    std::vector<double> pitches = {expected[0].frequency, expected[1].frequency};
    std::sort(pitches.begin(), pitches.end());
    ASSERT_EQ(heard.size(), 2u);
    for (std::size_t t = 0; t < 2; ++t) EXPECT_NEAR(heard[t], pitches[t], 10.0) << "one bin is 10 Hz";
    const std::vector<float> synthesised = audio::synthesiseChord(expected, 0.1);
    double worst = 0.0;
    for (std::size_t n = 0; n < chord.size(); ++n) worst = std::max(worst, std::abs(static_cast<double>(chord[n] - synthesised[n])));
    EXPECT_LT(worst, 2.0 / 32768) << "the chord is not exactly the expected tones";
  }

  const std::vector<float> exchangeSamples = readWav(exchangesWav, info);
  ASSERT_GE(exchangeSamples.size(), 4410u);
  const auto silent = [](auto begin, auto end) { return std::all_of(begin, end, [](float sample) { return sample == 0.0f; }); };
  EXPECT_TRUE(silent(exchangeSamples.begin(), exchangeSamples.begin() + 4410)) << "pass 0 exchanged nothing";
  EXPECT_FALSE(silent(samples.begin(), samples.begin() + 4410)) << "pass 0 compared two pairs";
  // Pass 1 exchanged (3,2) and (5,4): both modes sound it.
  EXPECT_FALSE(silent(exchangeSamples.begin() + 4410, exchangeSamples.begin() + 8820));
}

TEST(ViewAudio, TheViewersStatsSayTheModeAndABadOneIsOneLineAndExitTwo) {
  const auto stated = runShadersort("view --offscreen --frames 1 --values 3,1,2 --sound comparisons --stats", "DISPLAY=");
  ASSERT_EQ(stated.exitCode, 0) << stated.err;
  EXPECT_NE(stated.out.find("sound: off, a tone per comparison"), std::string::npos) << stated.out;
  ScratchFolder folder;
  for (const std::string& command : {"view --audio '" + folder.path("a.wav") + "' --values 3,1,2 --sound swaps",
                                     std::string("view --offscreen --frames 1 --values 3,1,2 --sound ''")}) {
    const auto result = runShadersort(command);
    EXPECT_EQ(result.exitCode, 2) << command;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_NE(result.err.find("--sound"), std::string::npos) << result.err;
  }
  EXPECT_TRUE(folder.entries().empty());
}

TEST(ViewAudio, BadOutputsWriteNothing) {
  ScratchFolder folder;
  for (const std::string& target : {folder.path("missing/sound.wav"), folder.path("sound.mp3"), folder.root().string()}) {
    const auto result = runShadersort("view --audio '" + target + "' --pattern random --size 16x1");
    EXPECT_NE(result.exitCode, 0) << target;
    EXPECT_EQ(lineCount(result.err), 1) << result.err;
    EXPECT_TRUE(folder.entries().empty()) << target;
  }
  // Too large an input for sound: refused before any file.
  const auto large = runShadersort("view --audio '" + folder.path("big.wav") + "' --pattern random --size 256x256");
  EXPECT_EQ(large.exitCode, 1);
  EXPECT_NE(large.err.find("16384"), std::string::npos) << large.err;
  EXPECT_TRUE(folder.entries().empty());
  // --audio opens no viewer.
  EXPECT_EQ(runShadersort("view --audio '" + folder.path("a.wav") + "' --frames 3").exitCode, 2);
  EXPECT_EQ(runShadersort("view --audio '" + folder.path("a.wav") + "' --tone-seconds 5").exitCode, 2);
}

// [SECTION] the viewer's m

std::unique_ptr<ui::ViewerApp> pausedViewer(const InputSpec& input) {
  ui::ViewerConfig config;
  config.algorithm = "frag-odd-even";
  config.input = input;
  config.startPlaying = false;
  config.frames = 1000000;
  return std::make_unique<ui::ViewerApp>(std::move(config), [] { return ui::makeOffscreenHost(640, 400); });
}

void press(ui::ViewerApp& app, const std::string& script) {
  for (ui::ViewerKey key : ui::parseKeyScript(script)) {
    app.host().queueKey(key);
    app.frame();
  }
}

InputSpec reversedRow(int keys) {
  InputSpec input;
  input.pattern = Pattern::Reversed;
  input.width = keys;
  input.height = 1;
  input.order.axis = Axis::Rows;
  return input;
}

// Sets an environment variable for one scope (SDL reads SDL_AUDIODRIVER when it starts).
class ScopedEnvironment {
 public:
  ScopedEnvironment(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value, 1);
  }
  ~ScopedEnvironment() { old_ ? setenv(name_, old_->c_str(), 1) : unsetenv(name_); }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(ViewerSound, OffByDefaultThenAChordPerPassForward) {
  const ScopedEnvironment driver("SDL_AUDIODRIVER", "dummy");  // SDL's silent device: playback runs
  auto app = pausedViewer(reversedRow(16));
  press(*app, "right");
  EXPECT_FALSE(app->sound().enabled());
  EXPECT_EQ(app->sound().chordsMade(), 0u);
  press(*app, "m,right,right");
  EXPECT_TRUE(app->sound().enabled());
  EXPECT_EQ(app->sound().chordsMade(), 2u);
  EXPECT_EQ(app->sound().status(), "");
  // A step back and a restart are silent; the next pass forward sounds again.
  press(*app, "left,home,right");
  EXPECT_EQ(app->sound().chordsMade(), 3u);
  press(*app, "m,right");
  EXPECT_FALSE(app->sound().enabled());
  EXPECT_EQ(app->sound().chordsMade(), 3u);
}

// c (and the panel's "every comparison") switches what a pass sounds; --sound sets the start.
TEST(ViewerSound, CSwitchesBetweenExchangesAndComparisons) {
  const ScopedEnvironment driver("SDL_AUDIODRIVER", "dummy");
  auto app = pausedViewer(reversedRow(16));
  app->frame();
  EXPECT_EQ(app->sound().mode(), audio::SoundMode::Exchanges);
  press(*app, "m,c,right");
  EXPECT_EQ(app->sound().mode(), audio::SoundMode::Comparisons);
  EXPECT_EQ(app->sound().chordsMade(), 1u);
  press(*app, "c");
  EXPECT_EQ(app->sound().mode(), audio::SoundMode::Exchanges);
  app.reset();  // one viewer at a time (one ImGui context)
  ui::ViewerConfig config;
  config.input = reversedRow(16);
  config.soundMode = audio::SoundMode::Comparisons;
  config.startPlaying = false;
  config.frames = 10;
  ui::ViewerApp started(std::move(config), [] { return ui::makeOffscreenHost(640, 400); });
  EXPECT_EQ(started.sound().mode(), audio::SoundMode::Comparisons);
}

TEST(ViewerSound, NoDeviceIsSaidOnceAndTheViewerGoesOn) {
  const ScopedEnvironment driver("SDL_AUDIODRIVER", "no-such-driver");
  auto app = pausedViewer(reversedRow(16));
  ::testing::internal::CaptureStderr();
  press(*app, "m,right,right,right");
  const std::string err = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(lineCount(err), 1) << err;
  EXPECT_NE(err.find("no audio device"), std::string::npos) << err;
  EXPECT_NE(app->sound().status().find("no audio device"), std::string::npos);
  EXPECT_EQ(app->lane(0).pass(), 3u);
}

TEST(ViewerSound, LargeInputsAreNotSonified) {
  const ScopedEnvironment driver("SDL_AUDIODRIVER", "dummy");
  InputSpec input = reversedRow(16);
  input.width = 200;
  input.height = 100;  // 20000 keys
  auto app = pausedViewer(input);
  press(*app, "m,right");
  EXPECT_EQ(app->sound().chordsMade(), 0u);
  EXPECT_NE(app->sound().status().find("16384"), std::string::npos) << app->sound().status();
}

// The WAV's path reaches sox through a shell: quoted as one word, a hostile name stays a name.
TEST(ViewAudio, APathGivenToSoxStaysOneShellWord) {
  const std::string hostile = "a b'; touch pwned; echo '$(x)`y`";
  const auto echoed = runScript("printf '%s' " + singleQuotedForShell(hostile));
  EXPECT_EQ(echoed.out, hostile);
}

}  // namespace
}  // namespace shadersort::testing
