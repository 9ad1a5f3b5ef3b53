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

// EFBIG: past the file-size limit (ulimit -f), which main() turns from SIGXFSZ into this error.
std::string systemReason() { return errno == EFBIG ? "file too large" : std::strerror(errno); }

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
// A link is refused rather than replaced by a file (its target would stay as it was) or followed
// (a link planted in a shared folder would aim our write anywhere).
std::string unreplaceableKind(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) != 0 || S_ISREG(status.st_mode)) return {};
  if (S_ISLNK(status.st_mode)) return "it is a symbolic link (outputs never follow or replace one; name its target)";
  return S_ISDIR(status.st_mode) ? "it is a directory" : "it is not a regular file (" + fileKind(status.st_mode) + ")";
}

// The permission bits the output gets: those of the file it replaces (as sed -i and sort -o
// keep them), else the usual 0666 less the umask. Set-id bits are not carried over to a file
// this process wrote.
mode_t outputMode(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) == 0 && S_ISREG(status.st_mode)) return status.st_mode & 01777;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return 0666 & ~mask;
}

// The file being replaced keeps its owner and group where this process may give them (root
// sorting another user's file in place), as cp -p does; otherwise the output is ours.
void keepOwner(int fd, const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return;
  if (::fchown(fd, status.st_uid, status.st_gid) != 0) (void)::fchown(fd, static_cast<uid_t>(-1), status.st_gid);
}

// A file with other hard links is replaced under this name only: the other names keep the old
// bytes. That is what a rename does, so say it rather than let the names drift apart silently.
void warnAboutOtherLinks(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode) || status.st_nlink < 2) return;
  const auto others = status.st_nlink - 1;
  warn(quote(path) + " has " + std::to_string(others) + " other hard link" + (others == 1 ? "" : "s") +
       ", which keep" + (others == 1 ? "s" : "") + " the old content: the output replaces this name only");
}

}  // namespace

AtomicFileWriter::AtomicFileWriter(const std::string& path) : path_(path) {
  requireWritableOutput(path);
  warnAboutOtherLinks(path);
  // A short name in the target's folder: the rename stays within one file system, and the
  // name fits even when the target's own name is NAME_MAX long.
  temporary_ = temporaryFileTemplate(folderOf(path));
  // Recorded as it is made, so SIGINT / SIGTERM while writing remove it, and locked while it
  // exists, so that a later run removes it if SIGKILL ends this one (core/temporary_files.h).
  fd_ = createTemporaryFile(temporary_);
  if (fd_ < 0) throw UserError(cannotWrite(path, systemReason()));
  keepOwner(fd_, path);
  if (::fchmod(fd_, outputMode(path)) != 0) failure_ = systemReason();
}

AtomicFileWriter::~AtomicFileWriter() {
  if (!committed_) discardTemporaryFile(temporary_);
  if (fd_ >= 0) ::close(fd_);
}

bool AtomicFileWriter::write(std::span<const std::uint8_t> bytes) {
  if (!failure_.empty() || fd_ < 0 || closed_) return false;
  if (!writeAll(fd_, bytes)) {
    failure_ = systemReason();
    return false;
  }
  bytesWritten_ += bytes.size();
  return true;
}

std::int64_t AtomicFileWriter::seek(std::int64_t offset, int whence) {
  if (fd_ < 0 || closed_) {
    errno = EBADF;
    return -1;
  }
  return ::lseek(fd_, static_cast<off_t>(offset), whence);
}

std::int64_t AtomicFileWriter::size() const {
  struct stat status {};
  return fd_ >= 0 && ::fstat(fd_, &status) == 0 ? status.st_size : -1;
}

void AtomicFileWriter::close() {
  // The descriptor itself stays open until the rename: it holds the temporary file's lock.
  if (fd_ >= 0 && !closed_ && failure_.empty() && ::fsync(fd_) != 0) failure_ = systemReason();
  closed_ = true;
  if (!failure_.empty()) throw UserError(cannotWrite(path_, failure_));
}

void AtomicFileWriter::commit() {
  if (committed_) return;
  close();
  // Checked again: the target may have become a folder, a FIFO or a link while the command ran.
  if (const std::string kind = unreplaceableKind(path_); !kind.empty()) throw UserError(cannotWrite(path_, kind));
  if (commitTemporaryFile(temporary_, path_) != 0) throw UserError(cannotWrite(path_, systemReason()));
  committed_ = true;
  // After fsync a close reports nothing of the file's bytes (those errors came from fsync).
  ::close(fd_);
  fd_ = -1;
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
  removeStaleTemporaries(folder);
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
