#pragma once
// A video file being written: a temporary file beside the target (core/temporary_files.h) that
// FFmpeg writes and seeks through an AVIOContext on its descriptor, renamed over the target by
// commit(). Muxers seek back (MP4's index, Matroska's duration and cues), which the project's
// append-only AtomicFileWriter does not offer.

extern "C" {
#include <libavformat/avio.h>
}

#include <cstdint>
#include <string>

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

  std::string target_, temporary_;
  int fd_ = -1;
  AVIOContext* io_ = nullptr;
  std::string failure_;
  bool committed_ = false;
};

}  // namespace shadersort::video
