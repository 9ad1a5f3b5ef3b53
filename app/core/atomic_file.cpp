#include "core/atomic_file.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/input_file.h"
#include "core/quoting.h"
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

std::string folderOf(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return folder.empty() ? "." : folder;
}

std::string cannotWrite(const std::string& path, const std::string& why) { return "cannot write " + quote(path) + ": " + why; }

// What an existing target is, when it is something a rename must not replace; empty otherwise.
std::string unreplaceableKind(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0 || S_ISREG(status.st_mode)) return {};
  return S_ISDIR(status.st_mode) ? "it is a directory" : "it is not a regular file (" + fileKind(status.st_mode) + ")";
}

// The permission bits the output gets: those of the file it replaces (as sed -i and sort -o
// keep them), else the usual 0666 less the umask. Set-id bits are not carried over to a file
// this process wrote.
mode_t outputMode(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode)) return status.st_mode & 01777;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}


}  // namespace

AtomicFileWriter::AtomicFileWriter(const std::string& path) : path_(path) {
  requireWritableOutput(path);
  // A short name in the target's folder: the rename stays within one file system, and the
  // name fits even when the target's own name is NAME_MAX long.
  temporary_ = folderOf(path) + "/.shadersort-XXXXXX";
  // Recorded as it is made, so SIGINT / SIGTERM while writing remove it (core/temporary_files.h).
  fd_ = createTemporaryFile(temporary_);
  if (fd_ < 0) throw UserError(cannotWrite(path, systemReason()));
  if (::fchmod(fd_, outputMode(path)) != 0) failure_ = systemReason();
}

AtomicFileWriter::~AtomicFileWriter() {
  if (committed_) return;
  if (fd_ >= 0) ::close(fd_);
  discardTemporaryFile(temporary_);
}

bool AtomicFileWriter::write(std::span<const std::uint8_t> bytes) {
  if (!failure_.empty() || fd_ < 0) return false;
  if (!writeAll(fd_, bytes)) {
    failure_ = systemReason();
    return false;
  }
  bytesWritten_ += bytes.size();
  return true;
}

void AtomicFileWriter::close() {
  if (fd_ < 0) {
    if (!failure_.empty()) throw UserError(cannotWrite(path_, failure_));
    return;
  }
  if (failure_.empty() && ::fsync(fd_) != 0) failure_ = systemReason();
  if (::close(fd_) != 0 && failure_.empty()) failure_ = systemReason();
  fd_ = -1;
  if (!failure_.empty()) throw UserError(cannotWrite(path_, failure_));
}

void AtomicFileWriter::commit() {
  if (committed_) return;
  close();
  // Checked again: the target may have become a folder or a FIFO while the command ran.
  if (const std::string kind = unreplaceableKind(path_); !kind.empty()) throw UserError(cannotWrite(path_, kind));
  if (commitTemporaryFile(temporary_, path_) != 0) throw UserError(cannotWrite(path_, systemReason()));
  committed_ = true;
}

StagedFile::StagedFile(const std::string& path, std::span<const std::uint8_t> bytes) : writer_(path) {
  const std::size_t half = bytes.size() / 2;
  writer_.write(bytes.first(half));
  pauseIfTestAsks("half-written");  // a moment the interruption tests stop at (core/test_pause.h)
  writer_.write(bytes.subspan(half));
  writer_.close();
}

void writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes) { StagedFile(path, bytes).commit(); }

void requireWritableOutput(const std::string& path) {
  if (path.empty()) throw UserError("output path is empty");
  if (const std::string kind = unreplaceableKind(path); !kind.empty()) throw UserError(cannotWrite(path, kind));
  const std::string folder = folderOf(path);
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec))
    throw UserError(cannotWrite(path, "folder " + quote(folder) + " does not exist"));
  if (::access(folder.c_str(), W_OK) != 0) throw UserError(cannotWrite(path, systemReason()));
  // The names a rename would need: checked now, not after the sort.
  const std::string name = std::filesystem::path(path).filename().string();
  const long nameMax = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  if (name.empty() || name == "." || name == "..") throw UserError(cannotWrite(path, "it names a folder"));
  if (nameMax > 0 && name.size() > static_cast<std::size_t>(nameMax))
    throw UserError(cannotWrite(path, "the name is " + std::to_string(name.size()) + " bytes, more than the " +
                                          std::to_string(nameMax) + " its folder allows"));
  if (path.size() >= PATH_MAX) throw UserError(cannotWrite(path, "the path is longer than PATH_MAX"));
}

}  // namespace shadersort
