#pragma once
// What the current context can do: the limits the sorters check inputs against, and the facts
// `shadersort info` prints.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace shadersort::gl {

struct Limits {
  std::string vendor, renderer, version, glslVersion;
  int maxTextureSize = 0;
  int maxComputeWorkGroupInvocations = 0;
  int maxComputeWorkGroupSize[3] = {0, 0, 0};
  int maxComputeWorkGroupCount[3] = {0, 0, 0};
  int maxComputeSharedMemorySize = 0;
  std::int64_t maxShaderStorageBlockSize = 0;
  bool hasKhrSubgroup = false;
  bool hasArbShaderBallot = false;
  // Multiprocessors (NVIDIA: SMs), for grids sized to stay resident; 0 where the driver does not
  // say (GL_NV_shader_thread_group's GL_SM_COUNT_NV).
  int multiprocessorCount = 0;
  bool timerQueriesTrustworthy = false;  // false on llvmpipe, whose timer reads 0 for compute
  std::vector<std::string> extensions;

  bool hasExtension(const std::string& name) const;
  bool isSoftwareRenderer() const;
  // The most invocations a one-dimensional workgroup may have.
  int maxLinearWorkgroupSize() const { return std::min(maxComputeWorkGroupInvocations, maxComputeWorkGroupSize[0]); }
};

// Asks the current context's driver (a few hundred extension strings): a session (a GpuSorter,
// a command, the viewer) queries once and keeps the result for its context, since another
// context in the same process may differ.
Limits queryLimits();

// Whether the current context's GL_TIME_ELAPSED queries measure compute work (not on llvmpipe),
// asked on the spot so that timers need no Limits of their own.
bool timerQueriesTrustworthyHere();

}  // namespace shadersort::gl
