#pragma once
// A video file being written: FFmpeg writes and seeks (muxers go back for MP4's index and
// Matroska's duration and cues) through an AVIOContext on the project's AtomicFileWriter, so a
// video gets what every output gets: a temporary file beside the target, renamed over it by
// commit(), the replaced file's mode and owner, the hard-link warning, removal on a signal.

extern "C" {
#include <libavformat/avio.h>
}

#include <cstdint>
#include <string>

#include "core/atomic_file.h"

namespace shadersort::video {

class OutputFile {
 public:
  // Throws UserError naming `target` when no temporary file can be made beside it.
  explicit OutputFile(const std::string& target);
  ~OutputFile();  // without commit(): removes the temporary file
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  AVIOContext* io() const { return io_; }
  // Flushes, syncs and renames the file over the target; throws UserError naming the target.
  void commit();
  // Why the first failed write or seek failed; empty while none has.
  const std::string& failure() const { return failure_; }

 private:
  static int writePacket(void* opaque, std::uint8_t* bytes, int size);
  static std::int64_t seek(void* opaque, std::int64_t offset, int whence);

  AtomicFileWriter file_;
  AVIOContext* io_ = nullptr;
  std::string failure_;
};

}  // namespace shadersort::video
