#include "core/temporary_files.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <mutex>
#include <poll.h>
#include <pthread.h>
#include <set>
#include <signal.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/error.h"
#include "core/quoting.h"
#include "core/test_pause.h"

namespace shadersort {
namespace {

// The signals whose default action ends the program and that a user or the system sends to stop
// it (the set coreutils' sort cleans up on, less the timers this program never arms).
constexpr int terminatingSignals[] = {SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGXCPU, SIGXFSZ};

constexpr char kTemporaryPrefix[] = ".shadersort-";
constexpr std::size_t kTemporarySuffixLength = 6;  // mkostemp's XXXXXX

// A slot is Free, Busy (its owner thread is creating, renaming or removing what it records, with
// these signals blocked) or Live (the file, folder or child exists). Only the owner thread moves
// a slot out of Busy or Live; a handler on another thread waits for Busy to end.
enum SlotState : int { Free, Busy, Live };

struct Slot {
  std::atomic<int> state{Free};
  pid_t owner = 0;  // the process that made the file: a forked child must not remove it
  char path[PATH_MAX] = {};
};
static_assert(std::atomic<int>::is_always_lock_free, "the handler reads slot states without locks");

struct ChildSlot {
  std::atomic<int> state{Free};
  pid_t owner = 0;
  pid_t child = 0;
};

// An output, and `sort`'s keys and values at once, need one or two; eight is room to spare.
Slot fileSlots[8];
// The plot's folder; gnuplot.
// The plot's folder, a --slides staging folder; room to spare.
Slot folderSlots[4];
ChildSlot childSlots[2];

void waitWhileBusy(const std::atomic<int>& state) {
  // Busy lasts one system call on another thread (the owner blocks these signals meanwhile, so
  // the handler never runs on it then); give up after a second rather than hang.
  for (int waited = 0; state.load() == Busy && waited < 1000; ++waited) ::poll(nullptr, 0, 1);
}

// SIGTERM, then SIGKILL if it has not ended within a second; reaped either way.
void endChild(pid_t child) {
  ::kill(child, SIGTERM);
  for (int waited = 0; waited < 100; ++waited) {
    const pid_t done = ::waitpid(child, nullptr, WNOHANG);
    if (done == child || (done < 0 && errno != EINTR)) return;
    ::poll(nullptr, 0, 10);
  }
  ::kill(child, SIGKILL);
  while (::waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
}

// Unlinks the files of a folder (not its subfolders, which ours never have) and the folder, with
// async-signal-safe calls only: getdents64 reads the entries without opendir's allocation.
void emptyAndRemoveFolder(const char* path) {
  const int fd = ::open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd >= 0) {
    // Unlinking while reading may skip entries: read again from the start until nothing is left.
    for (int pass = 0; pass < 16; ++pass) {
      ::lseek(fd, 0, SEEK_SET);
      bool removedAny = false;
      alignas(8) char buffer[4096];
      ssize_t got = 0;
      while ((got = ::getdents64(fd, buffer, sizeof buffer)) > 0) {
        for (ssize_t at = 0; at < got;) {
          const auto* entry = reinterpret_cast<const dirent64*>(buffer + at);
          if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0 &&
              ::unlinkat(fd, entry->d_name, 0) == 0)
            removedAny = true;
          at += entry->d_reclen;
        }
      }
      if (!removedAny) break;
    }
    ::close(fd);
  }
  ::rmdir(path);
}

void removeTemporariesAndDie(int signal) {
  const pid_t self = ::getpid();
  // The children first: they may be writing into the folders.
  for (ChildSlot& slot : childSlots) {
    waitWhileBusy(slot.state);
    if (slot.state.load() == Live && slot.owner == self) endChild(slot.child);
  }
  for (Slot& slot : fileSlots) {
    waitWhileBusy(slot.state);
    if (slot.state.load() == Live && slot.owner == self) ::unlink(slot.path);
  }
  for (Slot& slot : folderSlots) {
    waitWhileBusy(slot.state);
    if (slot.state.load() == Live && slot.owner == self) emptyAndRemoveFolder(slot.path);
  }
  // Die of the same signal: it is blocked while this handler runs and is delivered, with its
  // default action, as soon as the handler returns.
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

void installHandlersOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_handler = removeTemporariesAndDie;
    sigemptyset(&action.sa_mask);
    for (int signal : terminatingSignals) sigaddset(&action.sa_mask, signal);
    for (int signal : terminatingSignals) {
      struct sigaction current = {};
      // A signal the caller ignores (nohup) or handles itself is left as it is.
      if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_DFL &&
          !(current.sa_flags & SA_SIGINFO))
        ::sigaction(signal, &action, nullptr);
    }
  });
}

// Blocks the terminating signals on this thread for its lifetime, keeping errno across the unblock.
class SignalsBlocked {
 public:
  SignalsBlocked() {
    sigset_t set;
    sigemptyset(&set);
    for (int signal : terminatingSignals) sigaddset(&set, signal);
    ::pthread_sigmask(SIG_BLOCK, &set, &previous_);
  }
  ~SignalsBlocked() {
    const int saved = errno;
    ::pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    errno = saved;
  }
  SignalsBlocked(const SignalsBlocked&) = delete;
  SignalsBlocked& operator=(const SignalsBlocked&) = delete;

 private:
  sigset_t previous_;
};

template <typename Table>
auto* claimSlot(Table& table) {
  for (auto& slot : table) {
    int expected = Free;
    if (slot.state.compare_exchange_strong(expected, Busy)) return &slot;
  }
  return static_cast<decltype(&table[0])>(nullptr);
}

Slot* findLive(Slot* begin, Slot* end, const std::string& path) {
  for (Slot* slot = begin; slot != end; ++slot)
    if (slot->state.load() == Live && path == slot->path) return slot;
  return nullptr;
}

bool isTemporaryName(const char* name) {
  const std::size_t prefix = sizeof kTemporaryPrefix - 1;
  if (std::strncmp(name, kTemporaryPrefix, prefix) != 0 || std::strlen(name) != prefix + kTemporarySuffixLength)
    return false;
  for (const char* c = name + prefix; *c; ++c)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9'))) return false;
  return true;
}

// Removes `name` from the folder open as `folderFd` when it is one of ours that nobody writes.
void removeIfStale(int folderFd, const char* name) {
  // Looked at before it is opened: opening a device can do things (a tape rewinds).
  struct stat named {};
  if (::fstatat(folderFd, name, &named, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(named.st_mode) ||
      named.st_uid != ::geteuid() || named.st_nlink != 1)
    return;
  // O_NOFOLLOW: a link of our pattern is not ours. O_NONBLOCK: a FIFO swapped in must not hang.
  constexpr int flags = O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC;
  int fd = ::openat(folderFd, name, O_RDWR | flags);  // NFS locks a file open for writing only
  if (fd < 0 && errno == EACCES) fd = ::openat(folderFd, name, O_RDONLY | flags);
  if (fd < 0) return;
  struct stat opened {};
  // The maker holds the lock for the file's whole life, so a lock we can take means its maker is
  // gone. We unlink while holding it: a maker that locks the file only after we got it finds it
  // unlinked and makes another (createTemporaryFile).
  if (::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) && opened.st_uid == ::geteuid() && opened.st_nlink == 1 &&
      ::flock(fd, LOCK_EX | LOCK_NB) == 0 && ::fstatat(folderFd, name, &named, AT_SYMLINK_NOFOLLOW) == 0 &&
      named.st_dev == opened.st_dev && named.st_ino == opened.st_ino)
    ::unlinkat(folderFd, name, 0);
  ::close(fd);
}

}  // namespace

std::string temporaryFileTemplate(const std::string& folder) {
  return folder + "/" + kTemporaryPrefix + std::string(kTemporarySuffixLength, 'X');
}

int createTemporaryFile(std::string& pathTemplate) {
  pauseIfTestAsks("before-temp");
  installHandlersOnce();
  if (pathTemplate.size() >= PATH_MAX) {
    errno = ENAMETOOLONG;
    return -1;
  }
  const std::string pattern = pathTemplate;
  int fd = -1;
  {
    const SignalsBlocked blocked;
    Slot* claimed = claimSlot(fileSlots);
    if (!claimed) {
      errno = EMFILE;
      return -1;
    }
    // Another run cleaning stale files may have taken the new file's lock first and removed it
    // (removeIfStale): then the file we lock has no name left, and we make another.
    for (int attempt = 0; attempt < 3; ++attempt) {
      pathTemplate = pattern;
      fd = ::mkostemp(pathTemplate.data(), O_CLOEXEC);
      if (fd < 0) break;
      struct stat status {};
      while (::flock(fd, LOCK_EX) != 0 && errno == EINTR) {
      }
      if (::fstat(fd, &status) == 0 && status.st_nlink > 0) break;
      ::close(fd);
      fd = -1;
      errno = EEXIST;
    }
    const int saved = errno;
    if (fd >= 0) {
      std::memcpy(claimed->path, pathTemplate.c_str(), pathTemplate.size() + 1);
      claimed->owner = ::getpid();
    }
    claimed->state.store(fd >= 0 ? Live : Free);
    errno = saved;
  }
  if (fd >= 0) pauseIfTestAsks("temp-created");
  return fd;
}

int commitTemporaryFile(const std::string& temporary, const std::string& target) {
  pauseIfTestAsks("before-rename");
  int result = 0;
  {
    const SignalsBlocked blocked;
    Slot* slot = findLive(std::begin(fileSlots), std::end(fileSlots), temporary);
    if (slot) slot->state.store(Busy);
    result = std::rename(temporary.c_str(), target.c_str());
    const int saved = errno;
    if (slot) slot->state.store(Free);
    errno = saved;
  }
  if (result == 0) pauseIfTestAsks("renamed");
  return result;
}

void discardTemporaryFile(const std::string& temporary) {
  const SignalsBlocked blocked;
  Slot* slot = findLive(std::begin(fileSlots), std::end(fileSlots), temporary);
  if (slot) slot->state.store(Busy);
  ::unlink(temporary.c_str());
  if (slot) slot->state.store(Free);
}

void removeStaleTemporaries(const std::string& folder) {
  static std::mutex mutex;
  static std::set<std::string> cleaned;
  {
    const std::lock_guard lock(mutex);
    if (!cleaned.insert(folder).second) return;
  }
  const int folderFd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folderFd < 0) return;
  DIR* entries = ::fdopendir(::dup(folderFd));
  if (entries) {
    while (const dirent* entry = ::readdir(entries))
      if (isTemporaryName(entry->d_name)) removeIfStale(folderFd, entry->d_name);
    ::closedir(entries);
  }
  ::close(folderFd);
}

pid_t forkRecordedChild() {
  installHandlersOnce();
  const SignalsBlocked blocked;
  ChildSlot* claimed = claimSlot(childSlots);
  if (!claimed) {
    errno = EAGAIN;
    return -1;
  }
  const pid_t child = ::fork();
  if (child > 0) {
    claimed->owner = ::getpid();
    claimed->child = child;
  }
  // In the child the slot is the parent's business: its copy is freed.
  claimed->state.store(child > 0 ? Live : Free);
  return child;  // the signal mask comes back as `blocked` ends, in both processes
}

void forgetChildProcess(pid_t child) {
  const SignalsBlocked blocked;
  for (ChildSlot& slot : childSlots)
    if (slot.state.load() == Live && slot.child == child) slot.state.store(Free);
}

TemporaryFolder::TemporaryFolder(const std::string& prefix) : TemporaryFolder("", prefix) {}

TemporaryFolder::TemporaryFolder(const std::string& parent, const std::string& prefix) {
  installHandlersOnce();
  std::error_code ec;
  // $TMPDIR, else /tmp, unless a parent is given.
  const std::filesystem::path base = parent.empty() ? std::filesystem::temp_directory_path(ec) : std::filesystem::path(parent);
  if (ec) throw UserError("cannot make a temporary folder: " + ec.message() + " (check TMPDIR)");
  std::string pattern = (base / (prefix + "-XXXXXX")).string();
  if (pattern.size() >= PATH_MAX)
    throw UserError("cannot make a temporary folder in " + quote(base.string()) + ": the path is too long");
  const SignalsBlocked blocked;
  Slot* claimed = claimSlot(folderSlots);
  if (!claimed) throw UserError("cannot make a temporary folder: too many at once");
  if (!::mkdtemp(pattern.data())) {
    const int error = errno;
    claimed->state.store(Free);
    throw UserError("cannot make a temporary folder in " + quote(base.string()) + ": " + std::strerror(error));
  }
  std::memcpy(claimed->path, pattern.c_str(), pattern.size() + 1);
  claimed->owner = ::getpid();
  claimed->state.store(Live);
  path_ = pattern;
}

TemporaryFolder::~TemporaryFolder() {
  const SignalsBlocked blocked;
  Slot* slot = findLive(std::begin(folderSlots), std::end(folderSlots), path_);
  if (slot) slot->state.store(Busy);
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  if (slot) slot->state.store(Free);
}

}  // namespace shadersort
