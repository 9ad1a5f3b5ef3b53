#pragma once
// Outputs are written whole or not at all: bytes go to a temporary file beside the target, which
// is renamed over it only once complete. An input named as the output is therefore safe. As
// coreutils' in-place editors do, a replaced file keeps its permission bits, and the temporary
// name is short (".shadersort-XXXXXX"), so any name the folder allows can be written. Temporary
// files alive when a terminating signal arrives are removed first, and those a SIGKILL left are
// removed by the next run that writes to their folder (core/temporary_files.h). A target that is
// a symbolic link is refused, never followed nor replaced; a target with other hard links is
// replaced under its own name only, with a warning; root replacing another user's file gives the
// output that user as owner.

#include <sys/types.h>

#include <cstdint>
#include <span>
#include <string>

namespace shadersort {

// An output written piece by piece as it is made (an animation's frames): the pieces go to a
// temporary file beside `path`, which commit() renames over it. Destroyed without a successful
// commit(), it removes the temporary file, so a failed or interrupted writer leaves nothing.
class AtomicFileWriter {
 public:
  // Throws UserError naming the path when it cannot be written (see requireWritableOutput) or
  // no temporary file can be made beside it.
  explicit AtomicFileWriter(const std::string& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  // Returns false (and remembers why) on a failed write; later writes then do nothing.
  bool write(std::span<const std::uint8_t> bytes);
  // Moves where the next write goes, as lseek(2) (SEEK_SET, SEEK_CUR, SEEK_END), for formats that
  // go back to fill in a header or an index (MP4, Matroska). Returns the new offset, or -1 with
  // errno set. size(): the file's length so far, or -1.
  std::int64_t seek(std::int64_t offset, int whence);
  std::int64_t size() const;
  // Flushes the temporary file to disk, after which nothing more is written; throws UserError
// when a write failed.
  void close();
  // close() if not yet, then renames the temporary file over `path`; throws UserError.
  void commit();

  const std::string& path() const { return path_; }
  std::uint64_t bytesWritten() const { return bytesWritten_; }  // written in all, overwrites included
  // Why the first failed write failed (empty while none has).
  const std::string& failure() const { return failure_; }

 private:
  std::string path_, temporary_;
  int fd_ = -1;
  std::uint64_t bytesWritten_ = 0;
  std::string failure_;
  bool closed_ = false;
  bool committed_ = false;
};

// One output, complete in its temporary file, waiting to be renamed over its target: several
// outputs of one command are all written before any is committed, so a failure leaves every
// target as it was. The temporary file is removed unless committed.
class StagedFile {
 public:
  // Writes `bytes` to a new temporary file beside `path`; throws UserError naming `path`.
  StagedFile(const std::string& path, std::span<const std::uint8_t> bytes);
  // Renames the temporary file over the target; throws UserError naming the target.
  void commit() { writer_.commit(); }

 private:
  AtomicFileWriter writer_;
};

// Throws UserError naming the path when the file cannot be written.
void writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes);

// Fails early (UserError) when `path` could not be written: its folder is missing or read-only,
// its name is longer than the folder allows, or it names a folder, a FIFO, a device (which a
// rename would replace) or a symbolic link. Saves sorting a large input only to fail at the end.
// Also removes the stale temporary files of killed runs from the folder (once per folder).
void requireWritableOutput(const std::string& path);

}  // namespace shadersort
