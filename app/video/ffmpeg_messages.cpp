#include "video/ffmpeg_messages.h"
#include "video/ffmpeg_functions.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
}

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <set>

#include "core/quoting.h"

namespace shadersort::video {

// Counts for keepErrors(), which holds logMutex.
struct LoggedErrorCounterAccess {
  static void note(LoggedErrorCounter* counter, const std::string& text) {
    if (!counter) return;
    ++counter->count_;
    counter->lastMessage_ = text;
  }
};

namespace {

std::mutex logMutex;
std::string lastLoggedError;  // under logMutex: decoder threads log too
std::set<LoggedErrorCounter*> liveCounters;  // under logMutex

// The counter a log message's context points at through its `opaque`, if it is a live one. Only
// codec and format contexts are looked into: their classes say what the pointer is.
LoggedErrorCounter* counterOf(void* context) {
  if (!context) return nullptr;
  const AVClass* kind = *static_cast<const AVClass* const*>(context);
  void* opaque = nullptr;
  if (kind == avcodec_get_class())
    opaque = static_cast<AVCodecContext*>(context)->opaque;
  else if (kind == avformat_get_class())
    opaque = static_cast<AVFormatContext*>(context)->opaque;
  const auto found = liveCounters.find(static_cast<LoggedErrorCounter*>(opaque));
  return found == liveCounters.end() ? nullptr : *found;
}

void keepErrors(void* context, int level, const char* format, va_list arguments) {
  if (level > AV_LOG_ERROR) return;
  char line[512];
  std::vsnprintf(line, sizeof line, format, arguments);
  std::string text(line);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '.')) text.pop_back();
  if (text.empty()) return;
  const std::lock_guard lock(logMutex);
  lastLoggedError = printable(text);  // a damaged file's bytes may reach the message
  LoggedErrorCounterAccess::note(counterOf(context), lastLoggedError);
}

}  // namespace

LoggedErrorCounter::LoggedErrorCounter() {
  const std::lock_guard lock(logMutex);
  liveCounters.insert(this);
}

LoggedErrorCounter::~LoggedErrorCounter() {
  const std::lock_guard lock(logMutex);
  liveCounters.erase(this);
}

std::int64_t LoggedErrorCounter::count() const {
  const std::lock_guard lock(logMutex);
  return count_;
}

std::string LoggedErrorCounter::lastMessage() const {
  const std::lock_guard lock(logMutex);
  return lastMessage_;
}

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
