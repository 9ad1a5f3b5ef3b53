#include "ui/video_playback.h"

#include <chrono>
#include <iostream>
#include <utility>
#include <vector>

#include "art/art_pipeline.h"
#include "core/error.h"
#include "core/memory_budget.h"
#include "core/quoting.h"
#include "data/inputs.h"

namespace shadersort::ui {

VideoPlayback::VideoPlayback(const std::string& path, std::size_t queuedFrames, bool refuseDamage, PlaybackClock clock)
    : path_(path), capacity_(queuedFrames == 0 ? 1 : queuedFrames), refuseDamage_(refuseDamage), clock_(std::move(clock)) {
  const video::ReaderOptions options{.refuseDamage = refuseDamage_};
  auto reader = std::make_unique<video::VideoReader>(path, video::TimeRange{}, options);
  info_ = reader->info();
  // The budget run --video holds a clip to, checked before the first frame is decoded (a tiny
  // file may declare a huge picture): the sort, the art pipeline, and the frames queued, in the
  // decoder's hands and on the way to the GPU.
  const std::uint64_t pixels = static_cast<std::uint64_t>(info_.width) * static_cast<std::uint64_t>(info_.height);
  requireMemory(pixels * (kSortBytesPerPixel + art::kArtBytesPerPixel + 4 * (capacity_ + 4)),
                "video " + quote(path) + " (" + std::to_string(info_.width) + "x" + std::to_string(info_.height) +
                    ") as a pixel-sort");
  std::vector<video::AudioPacket> audio;  // the viewer plays no sound
  if (refuseDamage_) {
    // Damage anywhere is refused now, in one line, rather than met while playing.
    video::Frame scanned;
    while (reader->next(scanned, audio)) audio.clear();
    reader = std::make_unique<video::VideoReader>(path, video::TimeRange{}, options);
  }
  if (!reader->next(first_, audio)) throw UserError(quote(path) + ": the clip has no video frames");
  start(std::move(reader), 1);
}

VideoPlayback::~VideoPlayback() { stop(); }

double VideoPlayback::frameSeconds() const {
  if (info_.rateNumerator <= 0 || info_.rateDenominator <= 0) return 1.0 / 30.0;
  return static_cast<double>(info_.rateDenominator) / info_.rateNumerator;
}

std::int64_t VideoPlayback::frameCount() const {
  const std::int64_t counted = countedFrames_.load();
  return counted > 0 ? counted : info_.frameCount;
}

std::optional<video::Frame> VideoPlayback::tryNext() { return queue_->tryPop(); }

std::optional<video::Frame> VideoPlayback::waitNext() { return queue_->pop(); }

void VideoPlayback::restartAt(std::int64_t index) {
  stop();
  {
    std::lock_guard lock(errorMutex_);
    error_.clear();
  }
  start(nullptr, index);
}

double VideoPlayback::decodeMilliseconds() const {
  const std::int64_t frames = decodedFrames_.load();
  return frames > 0 ? static_cast<double>(decodeNanoseconds_.load()) / 1e6 / static_cast<double>(frames) : 0.0;
}

void VideoPlayback::warnOfDamage(const video::VideoReader& reader) {
  const std::string warning = video::damageWarning(reader);
  if (!warning.empty() && !warned_.exchange(true)) std::cerr << warning << "\n";
}

std::string VideoPlayback::error() const {
  std::lock_guard lock(errorMutex_);
  return error_;
}

void VideoPlayback::start(std::unique_ptr<video::VideoReader> reader, std::int64_t firstIndex) {
  queue_ = std::make_unique<BoundedQueue<video::Frame>>(capacity_);
  decoder_ = std::thread([this, reader = std::move(reader), firstIndex, queue = queue_.get()]() mutable {
    decode(std::move(reader), firstIndex, *queue);
  });
}

void VideoPlayback::stop() {
  if (!decoder_.joinable()) return;
  // A decoder waiting for room gives up at once; one decoding finishes that frame first.
  queue_->close();
  decoder_.join();
}

void VideoPlayback::decode(std::unique_ptr<video::VideoReader> reader, std::int64_t firstIndex,
                           BoundedQueue<video::Frame>& queue) {
  std::vector<video::AudioPacket> audio;
  video::Frame frame, last;
  bool wantLast = firstIndex < 0;
  // The last frame decoded in this loop of the clip; the constructor's reader gave frame 0.
  std::int64_t lastIndex = reader ? 0 : -1;
  // Every frame goes to the art pipeline, which converts 4:2:0 planes on the GPU: the decoder
  // hands them over as they are (frame 0, for the input's picture, came as RGBA).
  if (reader) reader->keepYuv420(true);
  try {
    for (;;) {
      if (!reader) {
        // The next loop of the clip (or a restart): from its start again.
        reader = std::make_unique<video::VideoReader>(path_, video::TimeRange{}, video::ReaderOptions{.refuseDamage = refuseDamage_});
        reader->keepYuv420(true);
        lastIndex = -1;
      }
      const auto decodeStart = std::chrono::steady_clock::now();
      const bool decoded = reader->next(frame, audio);
      decodeNanoseconds_ += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - decodeStart).count();
      decodedFrames_ += decoded;
      audio.clear();
      if (!decoded) {
        if (lastIndex < 0) throw UserError(quote(path_) + ": the clip has no video frames");
        countedFrames_.store(lastIndex + 1);
        if (wantLast) {
          wantLast = false;
          if (!queue.push(std::move(last))) return warnOfDamage(*reader);  // stopped
        }
        // A restart past the end (the count was an estimate) gives frame 0.
        firstIndex = 0;
        warnOfDamage(*reader);
        reader.reset();
        continue;
      }
      lastIndex = frame.index;
      if (wantLast) {
        std::swap(last, frame);  // only the latest is kept: its buffers and the next's alternate
        continue;
      }
      if (frame.index < firstIndex) continue;
      firstIndex = 0;
      if (!queue.push(std::move(frame))) return warnOfDamage(*reader);  // stopped
      frame = video::Frame{};
    }
  } catch (const std::exception& failure) {
    {
      std::lock_guard lock(errorMutex_);
      error_ = failure.what();
    }
    queue.finish();
  }
}

}  // namespace shadersort::ui
