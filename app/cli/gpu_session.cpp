#include "cli/gpu_session.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "gl/debug_output.h"

namespace shadersort::cli {

GpuSession::GpuSession(const GlobalOptions& global) : context_({.debug = global.glDebug}) {}

const gl::Limits& GpuSession::limits() const { return gl::currentLimits(); }

void GpuSession::requireNoGlErrors() const {
  if (gl::drainGlErrors() != 0) throw GpuError("the GL driver reported an error; the result is not trusted");
}

void requirePngPath(const std::string& path) {
  std::string lower = path;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower.size() < 4 || lower.compare(lower.size() - 4, 4, ".png") != 0)
    throw UserError("output '" + path + "' must be a .png file");
}

}  // namespace shadersort::cli
