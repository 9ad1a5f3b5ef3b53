#pragma once
// Playback of chords on the default audio device through SDL2's audio subsystem (no SDL video,
// no window of SDL's): samples are queued (SDL_QueueAudio), so nothing runs on an audio thread
// of ours. A machine without a device plays nothing and says why once; sound never fails the
// viewer.

#include <cstdint>
#include <span>
#include <string>

namespace shadersort::audio {

class AudioPlayer {
 public:
  AudioPlayer() = default;
  ~AudioPlayer();
  AudioPlayer(const AudioPlayer&) = delete;
  AudioPlayer& operator=(const AudioPlayer&) = delete;

  // Opens the default device (mono float, kSampleRate) on the first call; later calls give the
  // first answer again. False when none opened: failure() says why.
  bool open();
  bool isOpen() const { return device_ != 0; }
  const std::string& failure() const { return failure_; }

  // Queues `samples` behind what still plays, unless more than `samples` already wait: playback
  // drops chords rather than fall behind the picture. Returns whether they were queued; false
  // without a device.
  bool play(std::span<const float> samples);
  // Samples queued and not yet played.
  std::uint64_t queuedSamples() const;

 private:
  std::uint32_t device_ = 0;
  bool tried_ = false;
  bool subsystemStarted_ = false;
  std::string failure_;
};

}  // namespace shadersort::audio
