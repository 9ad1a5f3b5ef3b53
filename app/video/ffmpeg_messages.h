#pragma once
// FFmpeg's own messages: kept off the terminal (our errors are one line each), the last error it
// logged kept to explain a failure whose return code alone says little.

#include <string>

namespace shadersort::video {

// Routes FFmpeg's log through our handler; idempotent and thread-safe.
void quietFfmpegLogs();

// av_strerror's text for `code`, with the last error FFmpeg logged since the previous call when
// there was one (e.g. "Invalid data found when processing input (moov atom not found)").
std::string ffmpegReason(int code);

// Forgets the logged error, so that the next ffmpegReason() names only what follows.
void forgetFfmpegMessages();

}  // namespace shadersort::video
