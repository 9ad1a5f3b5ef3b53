#pragma once
// Outputs are written whole or not at all: bytes go to a temporary file beside the target, which
// is renamed over it only once complete. An input named as the output is therefore safe. As
// coreutils' in-place editors do, a replaced file keeps its permission bits, and the temporary
// name is short (".shadersort-XXXXXX"), so any name the folder allows can be written.

#include <sys/types.h>

#include <cstdint>
#include <span>
#include <string>

namespace shadersort {

// One output, complete in its temporary file, waiting to be renamed over its target: several
// outputs of one command are all written before any is committed, so a failure leaves every
// target as it was. The temporary file is removed unless committed.
class StagedFile {
 public:
  // Writes `bytes` to a new temporary file beside `path`; throws UserError naming `path`.
  StagedFile(const std::string& path, std::span<const std::uint8_t> bytes);
  ~StagedFile();
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  // Renames the temporary file over the target; throws UserError naming the target.
  void commit();

 private:
  std::string path_, temporary_;
  bool committed_ = false;
};

// Throws UserError naming the path when the file cannot be written.
void writeFileAtomically(const std::string& path, std::span<const std::uint8_t> bytes);

// Fails early (UserError) when `path` could not be written: its folder is missing or read-only,
// its name is longer than the folder allows, or it names a folder, a FIFO or a device (which a
// rename would replace). Saves sorting a large input only to fail at the end.
void requireWritableOutput(const std::string& path);

}  // namespace shadersort
