// The tuning cache file (bench/tune_cache.h) as `run`, `sort`, `view` and `bench` read it. The
// cache only speeds things up, so no content may be fatal: any exception, crash or sanitizer
// report is a finding.

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "bench/tune_cache.h"
#include "fuzz_support.h"

using namespace shadersort;

namespace {

// What llvmpipe reports (gl/limits.h); the seeds' lines name this renderer and version.
gl::Limits llvmpipeLimits() {
  gl::Limits limits;
  limits.renderer = "llvmpipe (LLVM 15.0.6, 256 bits)";
  limits.version = "4.5 (Core Profile) Mesa 22.3.6";
  limits.maxTextureSize = 16384;
  limits.maxComputeWorkGroupInvocations = 1024;
  limits.maxComputeWorkGroupSize[0] = limits.maxComputeWorkGroupSize[1] = limits.maxComputeWorkGroupSize[2] = 1024;
  limits.maxComputeWorkGroupCount[0] = limits.maxComputeWorkGroupCount[1] = limits.maxComputeWorkGroupCount[2] = 65535;
  limits.maxComputeSharedMemorySize = 32768;
  limits.maxShaderStorageBlockSize = 128 << 20;
  limits.hasArbShaderBallot = true;
  return limits;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::silenceMessages();
  // A cache folder of this process's own, so the user's cache is never read or touched.
  static std::string folder = std::filesystem::temp_directory_path() / "shadersort-fuzz-cache-XXXXXX";
  if (!mkdtemp(folder.data())) std::abort();
  setenv("XDG_CACHE_HOME", folder.c_str(), 1);
  std::filesystem::create_directories(std::filesystem::path(bench::tuneCachePath()).parent_path());
  std::atexit([] { std::filesystem::remove_all(folder); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  {
    std::ofstream file(bench::tuneCachePath(), std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  static const gl::Limits limits = llvmpipeLimits();
  // The reader. withTunedSettings() ends by building a sorter with the cached values (the sorter
  // judges whether they go together), which needs a GL context this target does not have; that
  // part is covered by tests/test_reliability.cpp (InvalidTuningCacheEntriesAreIgnoredWithOneWarning).
  bench::loadTunedSettings(limits);
  return 0;
}
