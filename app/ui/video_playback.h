#pragma once
// A clip for the viewer (`view --video`): decoded on a thread of its own into a queue of a few
// frames, so the UI takes a frame when one is ready and never waits on the decoder, and memory
// stays at a few frames whatever the clip's length. At the clip's end decoding starts again from
// its first frame (the clip loops). No ImGui, no GL: the viewer uploads the frames it takes.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/bounded_queue.h"
#include "video/video_io.h"

namespace shadersort::ui {

// The time a clip plays by: empty for the steady clock; a test gives one it steps by hand, so
// that which frame shows when depends on the clock alone, not on the machine's speed.
using PlaybackClock = std::function<std::chrono::steady_clock::time_point()>;

class VideoPlayback {
 public:
  static constexpr std::size_t kQueuedFrames = 3;
  // Opens `path` and decodes its first frame here, so that an unreadable, damaged or empty clip,
  // or one too large for the memory budget (--max-memory), throws in one line before any window
  // opens; then decoding goes on in the background, at most `queuedFrames` frames ahead. With
  // `refuseDamage` (--strict) the whole clip is decoded once first and any damage refused;
  // without, damage met is read past and one warning line said on stderr.
  // `clock` times playback (see PlaybackClock).
  explicit VideoPlayback(const std::string& path, std::size_t queuedFrames = kQueuedFrames, bool refuseDamage = false,
                         PlaybackClock clock = {});
  ~VideoPlayback();
  VideoPlayback(const VideoPlayback&) = delete;
  VideoPlayback& operator=(const VideoPlayback&) = delete;

  const std::string& path() const { return path_; }
  const video::StreamInfo& info() const { return info_; }
  // The playback clock's time now.
  std::chrono::steady_clock::time_point now() const { return clock_ ? clock_() : std::chrono::steady_clock::now(); }
  // Whether a test's clock times playback: then the frames it makes due are waited for, as a
  // scripted run's are, rather than dropped when the decoder is behind.
  bool steppedClock() const { return static_cast<bool>(clock_); }
  // One frame's time at the clip's rate (1/30 s when the clip gives none).
  double frameSeconds() const;
  // The clip's frames: counted once decoding has reached the end, until then the container's
  // estimate (0: unknown).
  std::int64_t frameCount() const;
  // Frame 0, decoded by the constructor.
  const video::Frame& firstFrame() const { return first_; }

  // The next frame in the clip's order (after the last, frame 0 again) if it is decoded; never waits.
  std::optional<video::Frame> tryNext();
  // The same, waiting for the decoder (scripted runs, whose frames must not depend on timing);
  // empty only once decoding has failed.
  std::optional<video::Frame> waitNext();
  // Decoding starts again from the clip's start, and the next frame taken is frame `index` (the
  // ones before it are decoded and dropped on the decoder's thread): stepping back a frame. A
  // negative index is the clip's last frame (decoded through to the end: its count may not be
  // known yet).
  void restartAt(std::int64_t index);
  // Why decoding stopped (a damaged frame, the file gone at a loop); empty while it runs.
  std::string error() const;
  // The decoder's busy time a frame (decoding and colour conversion), averaged over the frames
  // decoded so far; 0 before the first.
  double decodeMilliseconds() const;

 private:
  void start(std::unique_ptr<video::VideoReader> reader, std::int64_t firstIndex);
  void stop();
  void decode(std::unique_ptr<video::VideoReader> reader, std::int64_t firstIndex, BoundedQueue<video::Frame>& queue);

  // Says damageWarning() of `reader` on stderr, once for the playback, if it met damage.
  void warnOfDamage(const video::VideoReader& reader);

  std::string path_;
  std::size_t capacity_;
  bool refuseDamage_;
  PlaybackClock clock_;
  std::atomic<bool> warned_{false};
  video::StreamInfo info_;
  video::Frame first_;
  std::atomic<std::int64_t> countedFrames_{0};  // set by the decoder at the clip's end
  std::atomic<std::int64_t> decodedFrames_{0}, decodeNanoseconds_{0};  // for decodeMilliseconds()
  mutable std::mutex errorMutex_;
  std::string error_;
  std::unique_ptr<BoundedQueue<video::Frame>> queue_;
  std::thread decoder_;
};

}  // namespace shadersort::ui
