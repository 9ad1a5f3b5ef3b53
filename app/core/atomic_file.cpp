#include "core/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/temporary_files.h"
#include "core/test_pause.h"

namespace shadersort {
namespace {

std::string systemReason() { return std::strerror(errno); }

bool writeAll(int fd, std::span<const std::uint8_t> bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

void writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes) {
  if (path.empty()) throw UserError("output path is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UserError("cannot write '" + path + "': it is a directory");
  std::string temporary = path + ".tmp-XXXXXX";
  // Recorded, so that SIGINT / SIGTERM while writing remove it (core/temporary_files.h).
  const int fd = createTemporaryFile(temporary);
  if (fd < 0) throw UserError("cannot write '" + path + "': " + systemReason());
  // mkstemp creates 0600; give the output the usual permissions.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  const std::size_t half = bytes.size() / 2;
  bool written = writeAll(fd, bytes.first(half));
  pauseIfTestAsks("half-written");  // a moment the interruption tests stop at (core/test_pause.h)
  written = written && writeAll(fd, bytes.subspan(half)) && ::fsync(fd) == 0;
  const std::string reason = written ? std::string() : systemReason();
  const bool closed = ::close(fd) == 0;
  if (!written || !closed || commitTemporaryFile(temporary, path) != 0) {
    const std::string why = !reason.empty() ? reason : systemReason();
    discardTemporaryFile(temporary);
    throw UserError("cannot write '" + path + "': " + why);
  }
}

void requireWritableOutput(const std::string& path) {
  if (path.empty()) throw UserError("output path is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UserError("cannot write '" + path + "': it is a directory");
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  if (folder.empty()) folder = ".";
  if (!std::filesystem::is_directory(folder, ec))
    throw UserError("cannot write '" + path + "': folder '" + folder.string() + "' does not exist");
  if (::access(folder.c_str(), W_OK) != 0) throw UserError("cannot write '" + path + "': " + systemReason());
}

std::vector<std::uint8_t> readWholeFile(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UserError("cannot read '" + path + "': it is a directory");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) throw UserError("cannot read '" + path + "': " + systemReason());
  std::vector<std::uint8_t> bytes;
  std::uint8_t chunk[1 << 16];
  std::size_t n = 0;
  while ((n = std::fread(chunk, 1, sizeof chunk, file)) > 0) bytes.insert(bytes.end(), chunk, chunk + n);
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) throw UserError("cannot read '" + path + "': read error");
  return bytes;
}

}  // namespace shadersort
