#include "video/output_file.h"

extern "C" {
#include <libavutil/error.h>
#include <libavutil/mem.h>
}

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.h"
#include "core/quoting.h"
#include "core/temporary_files.h"

namespace shadersort::video {
namespace {

constexpr int kBufferBytes = 1 << 16;

// EFBIG: past the file-size limit (ulimit -f), which main() turns from SIGXFSZ into this error.
std::string systemReason(int error) { return error == EFBIG ? "file too large" : std::strerror(error); }

std::string cannotWrite(const std::string& path, const std::string& why) { return "cannot write " + quote(path) + ": " + why; }

// The replaced file's permission bits, else 0666 less the umask: as every output of the project
// (mkstemp's 0600 would otherwise stick to the video).
mode_t outputMode(const std::string& target) {
  struct stat status {};
  if (::lstat(target.c_str(), &status) == 0 && S_ISREG(status.st_mode)) return status.st_mode & 0777;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

}  // namespace

OutputFile::OutputFile(const std::string& target) : target_(target) {
  std::string folder = std::filesystem::path(target).parent_path().string();
  temporary_ = temporaryFileTemplate(folder.empty() ? "." : folder);
  fd_ = createTemporaryFile(temporary_);
  if (fd_ < 0) throw UserError(cannotWrite(target, systemReason(errno)));
  if (::fchmod(fd_, outputMode(target)) != 0) failure_ = systemReason(errno);
  auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferBytes));
  io_ = buffer ? avio_alloc_context(buffer, kBufferBytes, 1, this, nullptr, &OutputFile::writePacket, &OutputFile::seek)
               : nullptr;
  if (!io_) {
    av_free(buffer);
    discardTemporaryFile(temporary_);
    ::close(fd_);
    throw UserError(cannotWrite(target, "out of memory"));
  }
}

OutputFile::~OutputFile() {
  if (io_) {
    av_freep(&io_->buffer);
    avio_context_free(&io_);
  }
  if (!committed_) discardTemporaryFile(temporary_);
  if (fd_ >= 0) ::close(fd_);
}

int OutputFile::writePacket(void* opaque, std::uint8_t* bytes, int size) {
  auto& file = *static_cast<OutputFile*>(opaque);
  if (!file.failure_.empty()) return AVERROR(EIO);
  int done = 0;
  while (done < size) {
    const ssize_t n = ::write(file.fd_, bytes + done, static_cast<std::size_t>(size - done));
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      file.failure_ = systemReason(error);
      return AVERROR(error);
    }
    done += static_cast<int>(n);
  }
  return size;
}

std::int64_t OutputFile::seek(void* opaque, std::int64_t offset, int whence) {
  auto& file = *static_cast<OutputFile*>(opaque);
  if (whence & AVSEEK_SIZE) {
    struct stat status {};
    return ::fstat(file.fd_, &status) == 0 ? status.st_size : AVERROR(errno);
  }
  const off_t position = ::lseek(file.fd_, offset, whence & ~AVSEEK_FORCE);
  return position < 0 ? AVERROR(errno) : position;
}

void OutputFile::commit() {
  avio_flush(io_);
  if (failure_.empty() && io_->error < 0) failure_ = "write failed";
  if (failure_.empty() && ::fsync(fd_) != 0) failure_ = systemReason(errno);
  if (!failure_.empty()) throw UserError(cannotWrite(target_, failure_));
  if (commitTemporaryFile(temporary_, target_) != 0) throw UserError(cannotWrite(target_, systemReason(errno)));
  committed_ = true;
}

}  // namespace shadersort::video
