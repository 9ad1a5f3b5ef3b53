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

StagedFile::StagedFile(const std::string& path, std::span<const std::uint8_t> bytes) : path_(path) {
  requireWritableOutput(path);
  // A short name in the target's folder: the rename stays within one file system, and the
  // name fits even when the target's own name is NAME_MAX long.
  std::string temporary = folderOf(path) + "/.shadersort-XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0) throw UserError(cannotWrite(path, systemReason()));
  temporary_ = temporary;
  const bool written = ::fchmod(fd, outputMode(path)) == 0 && writeAll(fd, bytes) && ::fsync(fd) == 0;
  const std::string reason = written ? std::string() : systemReason();
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) throw UserError(cannotWrite(path, !reason.empty() ? reason : systemReason()));
}

StagedFile::~StagedFile() {
  if (!committed_ && !temporary_.empty()) ::unlink(temporary_.c_str());
}

void StagedFile::commit() {
  // Checked again: the target may have become a folder or a FIFO while the command ran.
  if (const std::string kind = unreplaceableKind(path_); !kind.empty()) throw UserError(cannotWrite(path_, kind));
  if (std::rename(temporary_.c_str(), path_.c_str()) != 0) throw UserError(cannotWrite(path_, systemReason()));
  committed_ = true;
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
