#pragma once
// Outputs are written whole or not at all: bytes go to a temporary file beside the target, which
// is renamed over it only once complete. An input named as the output is therefore safe.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace shadersort {

// Throws UserError naming the path when the file cannot be written.
void writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes);

// The same for outputs written piece by piece as they are made (an animation's frames): the
// pieces go to a temporary file beside `path`, which commit() renames over it. Destroyed
// without a successful commit(), it removes the temporary file, so a failed or interrupted
// writer leaves nothing behind.
class AtomicFileWriter {
 public:
  // Throws UserError naming the path when no temporary file can be made beside it.
  explicit AtomicFileWriter(const std::string& path);
  ~AtomicFileWriter();
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  // Returns false (and remembers why) on a failed write; later writes then do nothing.
  bool write(std::span<const std::uint8_t> bytes);
  // Flushes to disk and renames the temporary file over `path`; throws UserError on failure.
  void commit();

  const std::string& path() const { return path_; }
  const std::string& temporaryPath() const { return temporary_; }
  std::uint64_t bytesWritten() const { return bytesWritten_; }
  // Why the first failed write failed (empty while none has).
  const std::string& failure() const { return failure_; }

 private:
  std::string path_, temporary_;
  int fd_ = -1;
  std::uint64_t bytesWritten_ = 0;
  std::string failure_;
  bool settled_ = false;  // renamed into place, or removed after a failed commit
};

// Fails early (UserError) when `path` could not be written: its folder is missing or read-only,
// or it names a folder. Saves sorting a large input only to fail at the end.
void requireWritableOutput(const std::string& path);

// Throws UserError when the file is missing or unreadable.
std::vector<std::uint8_t> readWholeFile(const std::string& path);

}  // namespace shadersort
