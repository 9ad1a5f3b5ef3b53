#pragma once
// The headless GL context a command runs in, with the checks every command makes.

#include <memory>
#include <string>

#include "cli/commands.h"
#include "gl/limits.h"
#include "platform/headless_context.h"
#include "sort/sort_context.h"

namespace shadersort::cli {

class GpuSession {
 public:
  // With SHADERSORT_TEST_GL_ERROR=1 in the environment it makes one GL error (GL_INVALID_ENUM)
  // once the context exists, so a test can see that each command checks before it exits 0.
  explicit GpuSession(const GlobalOptions& global, const std::string& shaderDirectory = "");
  const gl::Limits& limits() const { return sortContext_.limits(); }
  SortContext& sortContext() { return sortContext_; }
  // Throws GpuError when the driver reported a GL error: a result made with one is not trusted.
  // Every command calls it after its last GL work, before it exits 0.
  void requireNoGlErrors() const;

 private:
  platform::HeadlessContext context_;
  SortContext sortContext_;  // queried once context_ is current
};

// Throws UsageError unless `path` ends in .png (any case).
void requirePngPath(const std::string& path);
// Throws UsageError unless `path` names a still format data/picture_formats.h writes.
void requirePicturePath(const std::string& path);

// The sorter with the command line's settings, filled in from the tuning cache where it is on.
// The cache's entries are checked (and bad ones dropped with a warning) before this, so a
// refusal is about the command line's settings: a UsageError.
std::unique_ptr<Sorter> createSorter(const AlgorithmInfo& algorithm, const SorterOptions& fromCommandLine,
                                     SortContext& context, bool useTuneCache);

// requireSortable() with `what` ("image 'x.png' (100x100)") in front of the reason.
void requireSortableInput(const AlgorithmInfo& algorithm, const SortShape& shape, const gl::Limits& limits,
                          const std::string& what);

}  // namespace shadersort::cli
