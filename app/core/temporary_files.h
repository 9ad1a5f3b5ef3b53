#pragma once
// The temporary files of outputs still being written, removed when a terminating signal (SIGINT,
// SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU, and SIGXFSZ where main() has not made a file-size
// limit a failed write instead) ends the program, so an interrupted write leaves
// the old file and nothing else. The record is a fixed table the signal handler can read without
// allocating or locking; the handler ends recorded child processes, unlinks recorded files and
// empties and removes recorded folders, then dies of the same signal with its default action
// (exit status and core dump as if nothing had been caught).
//
// SIGKILL cannot be caught: each temporary file is locked (flock) by its maker while it exists,
// so that a later run can tell one whose maker is gone and remove it (removeStaleTemporaries).

#include <sys/types.h>

#include <string>

namespace shadersort {

// The name pattern of every temporary output file in `folder`: "FOLDER/.shadersort-XXXXXX",
// short so that it fits wherever the output's own name does.
std::string temporaryFileTemplate(const std::string& folder);

// mkostemp on `pathTemplate` (ending in XXXXXX, replaced by the name made), locks the file and
// records it. There is no moment at which the file exists unrecorded. Returns the descriptor
// (close-on-exec), or -1 with errno set (EMFILE when too many temporary files are open at once).
int createTemporaryFile(std::string& pathTemplate);

// rename(temporary, target), then forgets the file; a signal during the call leaves either the
// temporary file (which the handler removes) or the renamed target, never both. Returns rename's
// result with its errno.
int commitTemporaryFile(const std::string& temporary, const std::string& target);

// Unlinks a recorded temporary file and forgets it.
void discardTemporaryFile(const std::string& temporary);

// Removes from `folder` the temporary files that runs killed by SIGKILL (or a crash) left: names
// of temporaryFileTemplate's pattern only, regular files of this user with one link, and only
// when no live process holds the file's lock. Links are never followed. Once per folder per
// process; every failure is silent (the files are only clutter).
void removeStaleTemporaries(const std::string& folder);

// fork() with the child recorded before any terminating signal can be handled: the handler ends
// a recorded child (SIGTERM, SIGKILL a second later) before it removes any file, since the child
// may be writing them. Returns fork's result; the child starts with the caller's signal mask.
// Call forgetChildProcess() once the child has been waited for.
pid_t forkRecordedChild();
void forgetChildProcess(pid_t child);

// A folder of our own made by mkdtemp (a fresh name, mode 0700: nobody can have planted it),
// removed with the files in it when the object goes or a terminating signal arrives.
class TemporaryFolder {
 public:
  // `prefix` names the folder in $TMPDIR (else /tmp): PREFIX-XXXXXX. Throws UserError.
  explicit TemporaryFolder(const std::string& prefix);
  // The same in `parent` (a staging folder beside outputs, renamed from on the same file system).
  TemporaryFolder(const std::string& parent, const std::string& prefix);
  ~TemporaryFolder();
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace shadersort
