// `shadersort sort`: sort a raw key file (and a value file) ascending on the GPU.

#include <chrono>
#include <cstdio>
#include <unistd.h>

#include "bench/tune_cache.h"
#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "data/key_encoding.h"
#include "data/raw_words.h"
#include "sort/registry.h"
#include "sort/verify.h"

namespace shadersort::cli {

int runSort(const GlobalOptions& global, const SortOptions& options) {
  const auto keyType = parseKeyType(options.keyType);
  if (!keyType) throw UserError("unknown key type '" + options.keyType + "' (known: u32, i32, f32)");
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  const bool withValues = !options.valuesPath.empty();
  requireWritableOutput(options.outputPath);
  if (withValues) {
    requireWritableOutput(options.valuesOutputPath);
    if (options.valuesOutputPath == options.outputPath)
      throw UserError("--out and --out-values name the same file '" + options.outputPath + "'");
  }

  std::vector<std::uint32_t> keys = readWords(options.keysPath, "key");
  std::vector<std::uint32_t> values;
  if (withValues) {
    values = readWords(options.valuesPath, "value");
    if (values.size() != keys.size())
      throw UserError("value file '" + options.valuesPath + "' holds " + std::to_string(values.size()) +
                      " values for " + std::to_string(keys.size()) + " keys");
  }
  if (keys.size() > 0xFFFFFFFFull) throw UserError("more than 2^32 - 1 keys");
  encodeKeys(*keyType, keys);
  const SortData input = singleSequence(std::move(keys), std::move(values));

  GpuSession gpu(global);
  requireSortable(algorithm, input.shape(), gpu.limits());
  auto sorter = algorithm.create(bench::withTunedSettings(algorithm, options.sorter, gpu.limits(), global.useTuneCache));
  sorter->load(input);
  const auto start = std::chrono::steady_clock::now();
  sorter->runAll();
  SortData output = sorter->read();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  gpu.requireNoGlErrors();
  // Checked before anything is written: ordered, and the same pairs (an O(n) fingerprint).
  if (const std::string problem = quickCheckSorted(input, output); !problem.empty())
    throw GpuError(std::string(algorithm.name) + " gave a wrong result on this GPU (" + problem + "); nothing written");

  decodeKeys(*keyType, output.keys);
  // Both outputs or neither: if the second write fails, the first is taken back.
  writeFileAtomically(options.outputPath, wordsToBytes(output.keys));
  if (withValues) {
    try {
      writeFileAtomically(options.valuesOutputPath, wordsToBytes(output.values));
    } catch (...) {
      ::unlink(options.outputPath.c_str());
      throw;
    }
  }
  if (options.stats)
    std::printf("%s: %zu keys, %u of %u passes, %.3f ms (wall clock, including upload and read-back)\n",
                std::string(algorithm.name).c_str(), output.size(), sorter->passesRun(), sorter->passCount(),
                seconds * 1e3);
  return 0;
}

}  // namespace shadersort::cli
