#include "video/codec_threads.h"

#include <algorithm>
#include <thread>

namespace shadersort::video {

int defaultCodecThreads() {
  const int cores = static_cast<int>(std::thread::hardware_concurrency());  // 0 when unknown
  return std::max(1, cores - 2);
}

int codecThreads(int requested) { return requested > 0 ? requested : defaultCodecThreads(); }

}  // namespace shadersort::video
