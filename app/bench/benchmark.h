#pragma once
// One benchmark case: an algorithm sorting N keys of one distribution and type, on the GPU,
// verified against std::sort / std::stable_sort on the CPU over the same data.

#include <cstdint>
#include <string>
#include <vector>

#include "data/key_encoding.h"
#include "sort/registry.h"

namespace shadersort::bench {

// Distributions: the patterns (random, sorted, reversed, few-unique, all-equal, sawtooth,
// nearly-sorted) plus "entropy": each key the AND of two random words (fewer distinct bits).
std::vector<std::string> distributionNames();
// Raw keys of `type` (bit patterns as a file would hold them). Throws UserError for an unknown
// distribution.
std::vector<std::uint32_t> makeBenchKeys(const std::string& distribution, std::size_t count, KeyType type,
                                         std::uint64_t seed);

struct BenchCase {
  const AlgorithmInfo* algorithm = nullptr;
  SorterOptions options;
  std::size_t count = 0;
  std::string distribution = "random";
  KeyType type = KeyType::U32;
  bool pairs = false;  // values travel with keys
  int repetitions = 5;
  bool steps = false;  // also time each GPU step of a sort (for sorters that report steps)
  // 0: one sequence of `count` keys; else count / segmentLength sequences of that length.
  std::uint32_t segmentLength = 0;
  // Radix through the library's GpuSorter::sort on buffers of its own (include/shadersort/), as a
  // caller's program calls it, instead of the sorter's passes from a loaded input.
  bool throughLibrary = false;
  // With throughLibrary and segmentLength: the segments go to the library as a GPU buffer of
  // offsets (SortRequest::segmentOffsets, CUB's form) instead of a row length.
  bool segmentsAsOffsets = false;
};

// One kind of GPU step of a sort (e.g. radix's "downsweep"): how often a sort ran it and the
// time of all those runs together, median over the profiled sorts.
struct StepProfile {
  std::string name;
  int count = 0;
  double totalMs = 0;
  std::uint64_t bytes = 0;  // the least it must read and write in GPU memory, all runs of one sort
  double gigabytesPerSecond() const { return totalMs > 0 ? static_cast<double>(bytes) / (totalMs * 1e6) : 0; }
};

struct BenchResult {
  std::string algorithm, distribution, type, clock, settings;
  std::size_t count = 0;
  bool pairs = false;
  int repetitions = 0;
  double medianMs = 0, minMs = 0;
  double cpuMedianMs = 0;  // std::sort (keys) or std::stable_sort (pairs), same data
  std::uint32_t passesRun = 0, passCount = 0;
  bool verified = false;
  std::vector<StepProfile> steps;  // in the order first run; empty unless asked and reported
  std::string stepClock;
  // With steps: a compute-shader copy of the case's bytes (keys, and values for pairs) from one
  // buffer to another on the same GPU, median time; the yardstick for what each step achieves.
  std::size_t copyBytes = 0;
  double copyMs = 0;
  double copyGigabytesPerSecond() const { return copyMs > 0 ? 2.0 * static_cast<double>(copyBytes) / (copyMs * 1e6) : 0; }
  double keysPerSecond() const { return medianMs > 0 ? static_cast<double>(count) / (medianMs * 1e-3) : 0; }
  double cpuKeysPerSecond() const { return cpuMedianMs > 0 ? static_cast<double>(count) / (cpuMedianMs * 1e-3) : 0; }
};

// Loads once, runs one sort and verifies it, warms up (1 s on a GPU, 100 ms on a CPU rasterizer), then times `repetitions` sorts (each from a
// restart, which is not timed). Throws UserError when the GPU cannot sort this case.
BenchResult runBenchCase(SortContext& context, const BenchCase& benchCase);

// "workgroup-size=256 tile-size=4096", or "defaults".
std::string describeSettings(const SorterOptions& options);

}  // namespace shadersort::bench
