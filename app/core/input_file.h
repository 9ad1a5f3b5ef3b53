#pragma once
// Inputs are read only from regular files and never beyond a cap the caller sets: a FIFO, a
// device such as /dev/zero or a file that keeps growing can neither hang a command nor fill the
// memory, and a size is known (and checked against every limit) before anything is read.

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace shadersort {

class InputFile {
 public:
  // Opens without blocking (opening a FIFO would wait for a writer) and refuses anything but a
  // regular file. Throws UserError naming the file and why.
  explicit InputFile(const std::string& path);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& path() const { return path_; }
  std::uint64_t size() const { return size_; }  // when opened
  // The whole file. Throws UserError when it holds more than `maxBytes` (checked before reading
  // from the size, and again while reading, in case the file grew).
  std::vector<std::uint8_t> readAll(std::uint64_t maxBytes);

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

// InputFile(path).readAll(maxBytes).
std::vector<std::uint8_t> readWholeFile(const std::string& path, std::uint64_t maxBytes);

// "a FIFO", "a character device", ... for a st_mode.
std::string fileKind(mode_t mode);

// "12 MiB" style, for messages about sizes.
std::string byteCount(std::uint64_t bytes);

}  // namespace shadersort
