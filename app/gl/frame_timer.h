#pragma once
// Times pieces of GPU work during interactive playback without ever waiting for the GPU. Each
// interval is a pair of GL_TIMESTAMP queries (so intervals of different timers may nest, which
// GL_TIME_ELAPSED forbids) whose results are collected frames later, once available.
// Where timer queries cannot be trusted (llvmpipe, which runs work synchronously inside each
// call) the wall clock around the calls is the honest figure, and the clock says "wall".

#include <chrono>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "gl/handles.h"

namespace shadersort::gl {

class FrameTimer {
 public:
  struct Result {
    std::uint64_t tag = 0;  // what the caller timed (a pass index, a frame number)
    double milliseconds = 0.0;
  };

  FrameTimer();
  const std::string& clock() const { return clock_; }

  // One interval at a time: begin(tag), the work, end().
  void begin(std::uint64_t tag);
  void end();
  // Intervals whose results have arrived since the last call, oldest first; never waits.
  std::vector<Result> collect();
  // Drops intervals in flight (after a rewind their tags mean nothing).
  void discard();

 private:
  struct Pending {
    Query start, end;
    std::uint64_t tag = 0;
  };
  Query takeQuery();
  std::string clock_;
  std::deque<Pending> pending_;
  std::vector<Query> spare_;  // finished queries, reused so playback creates no GL objects
  std::vector<Result> ready_;  // wall-clock results
  std::chrono::steady_clock::time_point wallStart_;
  std::uint64_t openTag_ = 0;
  bool open_ = false;
};

}  // namespace shadersort::gl
