#pragma once
// FFmpeg's own messages: kept off the terminal (our errors are one line each), the last error it
// logged kept to explain a failure whose return code alone says little.

#include <cstdint>
#include <string>

namespace shadersort::video {

// Routes FFmpeg's log through our handler; idempotent and thread-safe.
void quietFfmpegLogs();

// av_strerror's text for `code`, with the last error FFmpeg logged since the previous call when
// there was one (e.g. "Invalid data found when processing input (moov atom not found)").
std::string ffmpegReason(int code);

// Errors FFmpeg logs for one reader's demuxer and decoder: a damaged file often shows only there
// (a decoder conceals a bad slice and returns the frame). Give a context's `opaque` the
// counter's address; frame-threaded decoders copy it into their per-thread contexts.
class LoggedErrorCounter {
 public:
  LoggedErrorCounter();   // counts from here on
  ~LoggedErrorCounter();  // stops counting: a context still pointing here is then ignored
  LoggedErrorCounter(const LoggedErrorCounter&) = delete;
  LoggedErrorCounter& operator=(const LoggedErrorCounter&) = delete;
  std::int64_t count() const;
  std::string lastMessage() const;  // the latest counted error's text; empty before one

 private:
  friend struct LoggedErrorCounterAccess;
  std::int64_t count_ = 0;    // under the log's mutex: decoder threads log too
  std::string lastMessage_;
};

// Forgets the logged error, so that the next ffmpegReason() names only what follows.
void forgetFfmpegMessages();

}  // namespace shadersort::video
