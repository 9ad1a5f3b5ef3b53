#pragma once
// The viewer's sound (key m): each pass played forward sounds its chord. Called once a frame
// with the first lane's sorter; it reads the state back only when the sound is on, the input is
// small (kMaxSonifiedKeys) and a pass has run since the last frame.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "audio/audio_player.h"
#include "audio/pass_sound.h"
#include "sort/sorter.h"

namespace shadersort::audio {

class PassSonifier {
 public:
  explicit PassSonifier(double toneSeconds);

  bool enabled() const { return enabled_; }
  void setEnabled(bool on);
  // What a pass sounds (its exchanges, or every comparison); takes effect from the next pass.
  SoundMode mode() const { return mode_; }
  void setMode(SoundMode mode) { mode_ = mode; }

  // After the frame's passes: `sorter` sorts `keyCount` keys of the input `input` (any pointer
  // that changes when the input does). One pass forward plays that pass's chord; several in one
  // frame (fast playback) play one chord of the keys they moved, in either mode (the states
  // between them are not read back); a step back, a restart or a new input plays nothing.
  void afterFrame(const Sorter& sorter, std::uint64_t keyCount, const void* input);

  // One line for the panel: what the sound does now ("" while it plays normally or is off).
  const std::string& status() const { return status_; }
  // Chords handed to the device (or, with none, made and dropped), for tests.
  std::uint64_t chordsMade() const { return chordsMade_; }

 private:
  struct Baseline {
    const Sorter* sorter = nullptr;
    const void* input = nullptr;
    std::uint32_t pass = 0;
    SortData state;
    KeyRange range;
    std::vector<std::uint8_t> padding;  // paddingNow() at `pass`
  };
  void sound(const std::vector<Tone>& tones);

  double toneSeconds_;
  bool enabled_ = false;
  SoundMode mode_ = SoundMode::Exchanges;
  std::optional<Baseline> baseline_;
  AudioPlayer player_;
  std::string status_;
  bool deviceFailureSaid_ = false;
  std::uint64_t chordsMade_ = 0;
};

}  // namespace shadersort::audio
