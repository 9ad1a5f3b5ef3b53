#include "core/temporary_files.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/test_pause.h"

namespace shadersort {
namespace {

// The signals whose default action ends the program and that a user or the system sends to stop
// it (the set coreutils' sort cleans up on, less the timers this program never arms).
constexpr int terminatingSignals[] = {SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGXCPU, SIGXFSZ};

// A slot is Free, Busy (its owner thread is creating, renaming or removing the file, with these
// signals blocked) or Live (the file exists under `path`). Only the owner thread moves a slot out
// of Busy or Live; a handler on another thread waits for Busy to end.
enum SlotState : int { Free, Busy, Live };

struct Slot {
  std::atomic<int> state{Free};
  pid_t owner = 0;  // the process that made the file: a forked child must not remove it
  char path[PATH_MAX] = {};
};
static_assert(std::atomic<int>::is_always_lock_free, "the handler reads slot states without locks");

// An output, and `sort`'s keys and values at once, need one or two; eight is room to spare.
Slot slots[8];

void removeTemporariesAndDie(int signal) {
  for (Slot& slot : slots) {
    // Busy lasts one system call on another thread (the owner blocks these signals meanwhile, so
    // the handler never runs on it then); give up after a second rather than hang.
    for (int waited = 0; slot.state.load() == Busy && waited < 1000; ++waited) ::poll(nullptr, 0, 1);
    if (slot.state.load() == Live && slot.owner == ::getpid()) ::unlink(slot.path);
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

Slot* findLive(const std::string& path) {
  for (Slot& slot : slots)
    if (slot.state.load() == Live && path == slot.path) return &slot;
  return nullptr;
}

}  // namespace

int createTemporaryFile(std::string& pathTemplate) {
  pauseIfTestAsks("before-temp");
  installHandlersOnce();
  if (pathTemplate.size() >= PATH_MAX) {
    errno = ENAMETOOLONG;
    return -1;
  }
  int fd = -1;
  {
    const SignalsBlocked blocked;
    Slot* claimed = nullptr;
    for (Slot& slot : slots) {
      int expected = Free;
      if (slot.state.compare_exchange_strong(expected, Busy)) {
        claimed = &slot;
        break;
      }
    }
    if (!claimed) {
      errno = EMFILE;
      return -1;
    }
    fd = ::mkostemp(pathTemplate.data(), O_CLOEXEC);
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
    Slot* slot = findLive(temporary);
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
  Slot* slot = findLive(temporary);
  if (slot) slot->state.store(Busy);
  ::unlink(temporary.c_str());
  if (slot) slot->state.store(Free);
}

}  // namespace shadersort
