#pragma once
// The temporary files of outputs still being written, removed when a terminating signal (SIGINT,
// SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXCPU, SIGXFSZ) ends the program, so an interrupted write
// leaves the old file and nothing else. The record is a fixed table the signal handler can read
// without allocating or locking; the handler unlinks what is recorded, then dies of the same
// signal with its default action (exit status and core dump as if nothing had been caught).

#include <string>

namespace shadersort {

// mkostemp on `pathTemplate` (ending in XXXXXX, replaced by the name made) and records the file.
// There is no moment at which the file exists unrecorded. Returns the descriptor (close-on-exec),
// or -1 with errno set (EMFILE when too many temporary files are open at once).
int createTemporaryFile(std::string& pathTemplate);

// rename(temporary, target), then forgets the file; a signal during the call leaves either the
// temporary file (which the handler removes) or the renamed target, never both. Returns rename's
// result with its errno.
int commitTemporaryFile(const std::string& temporary, const std::string& target);

// Unlinks a recorded temporary file and forgets it.
void discardTemporaryFile(const std::string& temporary);

}  // namespace shadersort
