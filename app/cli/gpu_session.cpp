#include "cli/gpu_session.h"

#include "data/picture_formats.h"

#include <glad/gl.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

#include "bench/tune_cache.h"
#include "core/error.h"
#include "core/quoting.h"
#include "gl/debug_output.h"

namespace shadersort::cli {

GpuSession::GpuSession(const GlobalOptions& global, const std::string& shaderDirectory)
    : context_({.debug = global.glDebug}),
      sortContext_(gl::queryLimits(), gl::ShaderSource::from(shaderDirectory.empty()
                                                                 ? std::nullopt
                                                                 : std::optional<std::filesystem::path>(shaderDirectory))) {
  if (const char* test = std::getenv("SHADERSORT_TEST_GL_ERROR"); test && std::strcmp(test, "1") == 0)
    glEnable(0xFFFF);  // no such capability
}

void GpuSession::requireNoGlErrors() const {
  if (gl::drainGlErrors() != 0) throw GpuError("the GL driver reported an error; the result is not trusted");
}

void requirePicturePath(const std::string& path) {
  if (!pictureFormatOf(path))
    throw UsageError("output " + quote(path) + " must be " + std::string(pictureFormatList()));
}

void requirePngPath(const std::string& path) {
  std::string lower = path;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower.size() < 4 || lower.compare(lower.size() - 4, 4, ".png") != 0)
    throw UsageError("output " + quote(path) + " must be a .png file");
}

std::unique_ptr<Sorter> createSorter(const AlgorithmInfo& algorithm, const SorterOptions& fromCommandLine,
                                     SortContext& context, bool useTuneCache) {
  const SorterOptions options = bench::withTunedSettings(algorithm, fromCommandLine, context, useTuneCache);
  try {
    return algorithm.create(context, options);
  } catch (const UserError& refused) {
    throw UsageError(refused.what());
  }
}

void requireSortableInput(const AlgorithmInfo& algorithm, const SortShape& shape, const gl::Limits& limits,
                          const std::string& what) {
  try {
    requireSortable(algorithm, shape, limits);
  } catch (const UserError& refused) {
    throw UserError(what + ": " + refused.what());
  }
}

}  // namespace shadersort::cli
