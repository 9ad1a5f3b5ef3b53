#pragma once
// What the sorters of one GL context share: the context's limits, queried once when a session (a
// GpuSorter, a command, the viewer) starts on it, and what sorters measure on the context once
// (radix's ranking probe). Nothing here is process-wide, so two contexts in one process each
// keep their own.

#include <memory>

#include "gl/limits.h"

namespace shadersort {

namespace radix {
struct RankingCache;  // radix/ranking_probe.h
}

class SortContext {
 public:
  // Queries the context current now; use it only while that context is current.
  SortContext();
  explicit SortContext(gl::Limits limits);
  ~SortContext();
  SortContext(const SortContext&) = delete;
  SortContext& operator=(const SortContext&) = delete;

  const gl::Limits& limits() const { return limits_; }
  // Radix's ranking probes, each a dispatch and a read-back, kept so that each runs once here.
  radix::RankingCache& rankingCache() { return *rankingCache_; }

 private:
  gl::Limits limits_;
  std::unique_ptr<radix::RankingCache> rankingCache_;
};

}  // namespace shadersort
