#pragma once
// The defines every radix kernel of a load is compiled with: digit width, partition and tile
// sizes, the ranking, the binding points.

#include <cstdint>

#include "gl/program.h"
#include "sort/radix/ballot_kind.h"

namespace shadersort::radix {

struct KernelLayout {
  std::uint32_t digitBits = 8;
  std::uint32_t workgroupSize = 256;
  std::uint32_t partitionSize = 0;
  std::uint32_t scanBlock = 0;
  std::uint32_t keysPerThread = 16;
  std::uint32_t histogramPartitions = 16;
  int lookBackSpins = 0;
  int lookBackWindow = 1;
  bool earlyCounts = false;
  BallotKind ballotKind = BallotKind::Shared;  // BALLOT_KIND
  std::uint32_t subgroupWidth = 16;
};

gl::ShaderDefines kernelDefines(const KernelLayout& layout);
// The one-workgroup-per-sequence kernel's: its own workgroup size and tile.
gl::ShaderDefines sequenceKernelDefines(const KernelLayout& layout, std::uint32_t workgroupSize);
// The short-sequence kernel's (radix/short_pipeline.h): its workgroup and longest sequence.
gl::ShaderDefines shortSequenceKernelDefines(const KernelLayout& layout);

}  // namespace shadersort::radix
