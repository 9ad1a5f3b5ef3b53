#pragma once
// What the sorters of one GL context share: the context's limits, queried once when a session (a
// GpuSorter, a command, the viewer) starts on it, where their shaders' text comes from (the
// embedded copies, or `view --shader-dir`'s folder), and what sorters measure on the context once
// (radix's ranking probe). Nothing here is process-wide, so two contexts in one process each
// keep their own.

#include <memory>

#include "gl/limits.h"
#include "gl/shader_source.h"

namespace shadersort {

namespace radix {
struct RankingCache;  // radix/ranking_probe.h
}

class SortContext {
 public:
  // Queries the context current now; use it only while that context is current. Shaders come
  // from `shaders` (by default the embedded copies).
  SortContext();
  explicit SortContext(gl::ShaderSource shaders);
  explicit SortContext(gl::Limits limits, gl::ShaderSource shaders = {});
  ~SortContext();
  SortContext(const SortContext&) = delete;
  SortContext& operator=(const SortContext&) = delete;

  const gl::Limits& limits() const { return limits_; }
  // Where every program built for this context reads its shader files.
  const gl::ShaderSource& shaders() const { return shaders_; }
  // Radix's ranking probes, each a dispatch and a read-back, kept so that each runs once here.
  radix::RankingCache& rankingCache() { return *rankingCache_; }

 private:
  gl::Limits limits_;
  gl::ShaderSource shaders_;
  std::unique_ptr<radix::RankingCache> rankingCache_;
};

}  // namespace shadersort
