#include "core/atomic_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <array>
#include <atomic>
#include <csignal>
#include <mutex>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"

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

// Temporary files of the writers alive now, so that Ctrl-C, a plain `kill` or a file-size limit
// (SIGINT, SIGTERM, SIGHUP, SIGXFSZ) removes them before the process ends: an interrupted recording leaves no litter. The
// handler may only touch lock-free atomics and call unlink(), hence fixed slots.
std::array<std::atomic<const char*>, 16> liveTemporaries{};

extern "C" void removeTemporariesAndDie(int signal) {
  for (auto& slot : liveTemporaries)
    if (const char* path = slot.load()) ::unlink(path);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void installCleanupOnSignals() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGXFSZ}) {
      struct sigaction current {};
      // A signal the caller ignores or handles (nohup, a host application) is left as it is.
      if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) {
        struct sigaction cleanup {};
        cleanup.sa_handler = removeTemporariesAndDie;
        sigemptyset(&cleanup.sa_mask);
        ::sigaction(signal, &cleanup, nullptr);
      }
    }
  });
}

void registerTemporary(const char* path) {
  installCleanupOnSignals();
  for (auto& slot : liveTemporaries) {
    const char* empty = nullptr;
    if (slot.compare_exchange_strong(empty, path)) return;
  }
  // All slots taken: this file is still removed on every ordinary failure, only not on a signal.
}

void unregisterTemporary(const char* path) {
  for (auto& slot : liveTemporaries) {
    const char* expected = path;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

}  // namespace

void writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes) {
  AtomicFileWriter writer(path);
  writer.write(bytes);
  writer.commit();
}

AtomicFileWriter::AtomicFileWriter(const std::string& path) : path_(path) {
  if (path.empty()) throw UserError("output path is empty");
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UserError("cannot write '" + path + "': it is a directory");
  temporary_ = path + ".tmp-XXXXXX";
  fd_ = ::mkstemp(temporary_.data());
  if (fd_ < 0) throw UserError("cannot write '" + path + "': " + systemReason());
  // mkstemp creates 0600; give the output the usual permissions.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd_, 0666 & ~mask);
  registerTemporary(temporary_.c_str());
}

AtomicFileWriter::~AtomicFileWriter() {
  if (settled_) return;
  if (fd_ >= 0) ::close(fd_);
  ::unlink(temporary_.c_str());
  unregisterTemporary(temporary_.c_str());
}

bool AtomicFileWriter::write(std::span<const std::uint8_t> bytes) {
  if (!failure_.empty() || settled_) return false;
  if (!writeAll(fd_, bytes)) {
    failure_ = systemReason();
    return false;
  }
  bytesWritten_ += bytes.size();
  return true;
}

void AtomicFileWriter::commit() {
  if (settled_) return;
  const bool synced = failure_.empty() && ::fsync(fd_) == 0;
  std::string why = !failure_.empty() ? failure_ : synced ? std::string() : systemReason();
  const bool closed = ::close(fd_) == 0;
  fd_ = -1;
  if (why.empty() && !closed) why = systemReason();
  if (why.empty() && std::rename(temporary_.c_str(), path_.c_str()) != 0) why = systemReason();
  if (!why.empty()) ::unlink(temporary_.c_str());
  unregisterTemporary(temporary_.c_str());
  settled_ = true;
  if (!why.empty()) throw UserError("cannot write '" + path_ + "': " + why);
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
