#pragma once
// The frei0r filter's GPU: one thread of the plugin's own that makes a headless GL context (EGL)
// on its first job and keeps it, with a PixelSorter in it. frei0r gives no context and hosts call
// f0r_update from any thread (MLT makes an instance per calling thread, FFmpeg calls from its
// filter thread): every call becomes a job on this one thread, so GL is only ever touched there.

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "shadersort/pixel_sort.h"

namespace shadersort::frei0r {

class GpuWorker {
 public:
  // Runs `work` with the sorter on the worker thread and waits for it. Throws what `work` threw,
  // or PixelSortError when no context could be made (the same message every time after the first).
  void run(const std::function<void(PixelSorter&)>& work);
  // Ends the thread (its context and programs go with it); the next run() starts a new one.
  void stop();
  ~GpuWorker() { stop(); }

 private:
  struct Job;
  void loop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job*> jobs_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace shadersort::frei0r
