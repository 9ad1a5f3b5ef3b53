#pragma once
// Shared by the fuzz targets: the fuzzer's bytes as a file (the commands read paths), and quiet
// error messages (a refused input is the normal case here, not news).

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

namespace shadersort::fuzz {

// One file per fuzzing process, rewritten with each input and removed at exit. `ending` (e.g.
// ".toml", for readers that go by the name) is fixed by the first call.
inline std::string scratchFile(const std::uint8_t* data, std::size_t size, std::string_view ending = "") {
  static std::string path;
  static int fd = -1;
  if (fd < 0) {
    path = (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp") + std::string("/shadersort-fuzz-XXXXXX") + std::string(ending);
    fd = mkstemps(path.data(), static_cast<int>(ending.size()));
    if (fd < 0) std::abort();
    std::atexit([] { unlink(path.c_str()); });
  }
  if (ftruncate(fd, 0) != 0) std::abort();
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = pwrite(fd, data + done, size - done, static_cast<off_t>(done));
    if (n <= 0) std::abort();
    done += static_cast<std::size_t>(n);
  }
  return path;
}

// The commands' one-line messages go to std::cerr; sanitizer reports are written to fd 2 directly
// and still appear.
inline void silenceMessages() { std::cerr.rdbuf(nullptr); }

}  // namespace shadersort::fuzz
