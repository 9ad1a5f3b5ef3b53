#pragma once
// What the sorters of one GL context share: the context's limits, queried once when a session (a
// GpuSorter, a command, the viewer) starts on it. Nothing here is process-wide, so two contexts
// in one process each check inputs against their own limits.

#include <utility>

#include "gl/limits.h"

namespace shadersort {

class SortContext {
 public:
  // Queries the context current now; use it only while that context is current.
  SortContext() : limits_(gl::queryLimits()) {}
  explicit SortContext(gl::Limits limits) : limits_(std::move(limits)) {}
  SortContext(const SortContext&) = delete;
  SortContext& operator=(const SortContext&) = delete;

  const gl::Limits& limits() const { return limits_; }

 private:
  gl::Limits limits_;
};

}  // namespace shadersort
