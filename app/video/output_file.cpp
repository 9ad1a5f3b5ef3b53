#include "video/output_file.h"
#include "video/ffmpeg_functions.h"

extern "C" {
#include <libavutil/error.h>
#include <libavutil/mem.h>
}

#include <cerrno>
#include <cstring>

#include "core/error.h"
#include "core/quoting.h"

namespace shadersort::video {
namespace {

constexpr int kBufferBytes = 1 << 16;

// EFBIG: past the file-size limit (ulimit -f), which main() turns from SIGXFSZ into this error.
std::string systemReason(int error) { return error == EFBIG ? "file too large" : std::strerror(error); }

}  // namespace

OutputFile::OutputFile(const std::string& target) : file_(target) {
  auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferBytes));
  io_ = buffer ? avio_alloc_context(buffer, kBufferBytes, 1, this, nullptr, &OutputFile::writePacket, &OutputFile::seek)
               : nullptr;
  if (!io_) {
    av_free(buffer);
    throw UserError("cannot write " + quote(target) + ": out of memory");
  }
}

OutputFile::~OutputFile() {
  if (io_) {
    av_freep(&io_->buffer);
    avio_context_free(&io_);
  }
}

int OutputFile::writePacket(void* opaque, std::uint8_t* bytes, int size) {
  auto& output = *static_cast<OutputFile*>(opaque);
  if (!output.failure_.empty()) return AVERROR(EIO);
  if (!output.file_.write({bytes, static_cast<std::size_t>(size)})) {
    output.failure_ = output.file_.failure();
    return AVERROR(EIO);
  }
  return size;
}

std::int64_t OutputFile::seek(void* opaque, std::int64_t offset, int whence) {
  auto& output = *static_cast<OutputFile*>(opaque);
  if (whence & AVSEEK_SIZE) {
    const std::int64_t size = output.file_.size();
    return size >= 0 ? size : AVERROR(errno);
  }
  const std::int64_t position = output.file_.seek(offset, whence & ~AVSEEK_FORCE);
  if (position < 0) {
    const int error = errno;
    if (output.failure_.empty()) output.failure_ = systemReason(error);
    return AVERROR(error);
  }
  return position;
}

void OutputFile::commit() {
  avio_flush(io_);
  if (failure_.empty() && io_->error < 0) failure_ = "write failed";
  if (!failure_.empty()) throw UserError("cannot write " + quote(file_.path()) + ": " + failure_);
  file_.commit();  // fsync, the target checked again, rename
}

}  // namespace shadersort::video
