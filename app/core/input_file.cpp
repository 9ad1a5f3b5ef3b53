#include "core/input_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/quoting.h"

namespace shadersort {

std::string fileKind(mode_t mode) {
  if (S_ISREG(mode)) return "a regular file";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a file";
}

std::string byteCount(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes) / 1024;
  int unit = 0;
  while (value >= 1024 && unit < 5) {
    value /= 1024;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.3g %s", value, units[unit]);
  return text;
}

InputFile::InputFile(const std::string& path) : path_(path) {
  fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd_ < 0) throw UserError("cannot read " + quote(path) + ": " + std::strerror(errno));
  struct stat status {};
  if (::fstat(fd_, &status) != 0) {
    const std::string why = std::strerror(errno);
    ::close(fd_);
    throw UserError("cannot read " + quote(path) + ": " + why);
  }
  if (!S_ISREG(status.st_mode)) {
    ::close(fd_);
    if (S_ISDIR(status.st_mode)) throw UserError("cannot read " + quote(path) + ": it is a directory");
    throw UserError("cannot read " + quote(path) + ": it is not a regular file (" + fileKind(status.st_mode) + ")");
  }
  // Regular files never block; the flag only kept open() from waiting on a FIFO.
  ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) & ~O_NONBLOCK);
  size_ = static_cast<std::uint64_t>(status.st_size);
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::vector<std::uint8_t> InputFile::readAll(std::uint64_t maxBytes) {
  auto tooLarge = [&] {
    // With the size at opening as the cap, more means the file grew, or is one whose size is not
    // its length (/proc/self/maps says 0 bytes).
    if (maxBytes == size_)
      return UserError("cannot read " + quote(path_) + ": it holds more than the " + byteCount(size_) +
                       " its size says (it changes while it is read, as files in /proc do)");
    return UserError("cannot read " + quote(path_) + ": it holds more than " + byteCount(maxBytes) +
                     ", the most this input may be");
  };
  if (size_ > maxBytes) throw tooLarge();
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size_));
  std::size_t done = 0;
  for (;;) {
    if (done == bytes.size()) {
      // One byte more than expected tells a file that grew; it is kept only within the cap.
      if (bytes.size() >= maxBytes) {
        std::uint8_t probe = 0;
        ssize_t n = 0;
        while ((n = ::read(fd_, &probe, 1)) < 0 && errno == EINTR) {
        }
        if (n > 0) throw tooLarge();
        if (n < 0) throw UserError("cannot read " + quote(path_) + ": " + std::strerror(errno));
        break;
      }
      bytes.resize(static_cast<std::size_t>(std::min<std::uint64_t>(maxBytes, bytes.size() + (1u << 16))));
    }
    const ssize_t n = ::read(fd_, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw UserError("cannot read " + quote(path_) + ": " + std::strerror(errno));
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
  }
  bytes.resize(done);
  return bytes;
}

std::vector<std::uint8_t> readWholeFile(const std::string& path, std::uint64_t maxBytes) {
  return InputFile(path).readAll(maxBytes);
}

}  // namespace shadersort
