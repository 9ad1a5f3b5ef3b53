#pragma once
// The headless GL context a command runs in, with the checks every command makes.

#include <string>

#include "cli/commands.h"
#include "gl/limits.h"
#include "platform/headless_context.h"

namespace shadersort::cli {

class GpuSession {
 public:
  explicit GpuSession(const GlobalOptions& global);
  const gl::Limits& limits() const;
  // Throws GpuError when the driver reported a GL error: a result made with one is not trusted.
  void requireNoGlErrors() const;

 private:
  platform::HeadlessContext context_;
};

// Throws UserError unless `path` ends in .png (any case).
void requirePngPath(const std::string& path);

}  // namespace shadersort::cli
