#include "video/ffmpeg_messages.h"

extern "C" {
#include <libavutil/error.h>
#include <libavutil/log.h>
}

#include <cstdarg>
#include <cstdio>
#include <mutex>

#include "core/quoting.h"

namespace shadersort::video {
namespace {

std::mutex logMutex;
std::string lastLoggedError;  // under logMutex: decoder threads log too

void keepErrors(void* context, int level, const char* format, va_list arguments) {
  if (level > AV_LOG_ERROR) return;
  char line[512];
  std::vsnprintf(line, sizeof line, format, arguments);
  (void)context;
  std::string text(line);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '.')) text.pop_back();
  if (text.empty()) return;
  const std::lock_guard lock(logMutex);
  lastLoggedError = printable(text);  // a damaged file's bytes may reach the message
}

}  // namespace

void quietFfmpegLogs() {
  static std::once_flag once;
  std::call_once(once, [] {
    av_log_set_level(AV_LOG_ERROR);
    av_log_set_callback(keepErrors);
  });
}

std::string ffmpegReason(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  std::string reason(text);
  const std::lock_guard lock(logMutex);
  if (!lastLoggedError.empty() && lastLoggedError != reason) reason += " (" + lastLoggedError + ")";
  lastLoggedError.clear();
  return reason;
}

void forgetFfmpegMessages() {
  const std::lock_guard lock(logMutex);
  lastLoggedError.clear();
}

}  // namespace shadersort::video
