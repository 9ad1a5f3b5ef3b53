#include "gpu_worker.h"

#include <exception>
#include <memory>
#include <optional>

#include "platform/headless_context.h"

namespace shadersort::frei0r {

struct GpuWorker::Job {
  const std::function<void(PixelSorter&)>* work = nullptr;
  std::exception_ptr error;
  bool done = false;
};

void GpuWorker::run(const std::function<void(PixelSorter&)>& work) {
  Job job{&work, nullptr, false};
  std::unique_lock lock(mutex_);
  if (!thread_.joinable()) {
    stopping_ = false;
    thread_ = std::thread(&GpuWorker::loop, this);
  }
  jobs_.push_back(&job);
  wake_.notify_all();
  wake_.wait(lock, [&] { return job.done; });
  if (job.error) std::rethrow_exception(job.error);
}

void GpuWorker::stop() {
  {
    const std::lock_guard lock(mutex_);
    if (!thread_.joinable()) return;
    stopping_ = true;
    wake_.notify_all();
  }
  thread_.join();
}

void GpuWorker::loop() {
  // Made on the first job, on this thread, and destroyed here when the thread ends (sorter first).
  std::optional<platform::HeadlessContext> context;
  std::optional<PixelSorter> sorter;
  std::string failed;  // a context that could not be made is not tried again by this thread
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) break;  // stopping, with nothing left to do
    Job* job = jobs_.front();
    jobs_.pop_front();
    lock.unlock();
    try {
      if (!sorter && failed.empty()) {
        try {
          context.emplace(platform::ContextOptions{});
          sorter.emplace();
        } catch (const std::exception& error) {
          failed = std::string("shadersort: no GPU context: ") + error.what();
        }
      }
      if (!failed.empty()) throw PixelSortError(failed);
      (*job->work)(*sorter);
    } catch (...) {
      job->error = std::current_exception();
    }
    lock.lock();
    job->done = true;
    wake_.notify_all();
  }
  lock.unlock();
  sorter.reset();
  context.reset();
}

}  // namespace shadersort::frei0r
