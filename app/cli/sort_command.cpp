// `shadersort sort`: sort a raw key file (and a value file) ascending on the GPU.

#include <chrono>
#include <cstdio>
#include <optional>

#include "cli/commands.h"
#include "cli/gpu_session.h"
#include "core/atomic_file.h"
#include "core/error.h"
#include "core/file_identity.h"
#include "core/input_file.h"
#include "core/quoting.h"
#include "data/key_encoding.h"
#include "data/raw_words.h"
#include "sort/registry.h"
#include "sort/verify.h"

namespace shadersort::cli {
namespace {

// Outputs that are one file however they are spelt would overwrite each other; an output over
// the other kind of input (keys over the values file, or back) destroys an input the user did
// not name as the output. Sorting in place (--out naming --in, --out-values naming --values) is
// fine: inputs are read whole before anything is written.
void requireDistinctFiles(const SortOptions& options) {
  auto refuse = [](const char* first, const std::string& a, const char* second, const std::string& b) {
    throw UsageError(std::string(first) + " " + quote(a) + " and " + second + " " + quote(b) + " are the same file");
  };
  if (options.valuesPath.empty()) return;
  if (sameFile(options.outputPath, options.valuesOutputPath))
    refuse("--out", options.outputPath, "--out-values", options.valuesOutputPath);
  if (sameFile(options.outputPath, options.valuesPath)) refuse("--out", options.outputPath, "--values", options.valuesPath);
  if (sameFile(options.valuesOutputPath, options.keysPath))
    refuse("--out-values", options.valuesOutputPath, "--in", options.keysPath);
}

}  // namespace

int runSort(const GlobalOptions& global, const SortOptions& options) {
  const KeyType keyType = *parseKeyType(options.keyType);  // checked with the command line
  const AlgorithmInfo& algorithm = findAlgorithm(options.algorithm);
  const bool withValues = !options.valuesPath.empty();
  requireDistinctFiles(options);
  requireWritableOutput(options.outputPath);
  if (withValues) requireWritableOutput(options.valuesOutputPath);

  // Sizes first: checked against the GPU's limits before a byte is read.
  InputFile keyFile(options.keysPath);
  const std::uint64_t count = wordCount(keyFile, "key");
  std::optional<InputFile> valueFile;
  if (withValues) {
    valueFile.emplace(options.valuesPath);
    if (const std::uint64_t values = wordCount(*valueFile, "value"); values != count)
      throw UserError("value file " + quote(options.valuesPath) + " holds " + std::to_string(values) + " values for " +
                      std::to_string(count) + " keys");
  }
  if (count > 0xFFFFFFFFull)
    throw UserError("key file " + quote(options.keysPath) + " holds " + std::to_string(count) + " keys, more than 2^32 - 1");
  const SortShape shape{1, static_cast<std::uint32_t>(count), withValues};

  GpuSession gpu(global);
  auto sorter = createSorter(algorithm, options.sorter, gpu.sortContext(), global.useTuneCache);
  requireSortableInput(algorithm, shape, gpu.limits(), "key file " + quote(options.keysPath));
  std::vector<std::uint32_t> keys = readWords(keyFile, "key");
  std::vector<std::uint32_t> values;
  if (withValues) values = readWords(*valueFile, "value");
  encodeKeys(keyType, keys);
  const SortData input = singleSequence(std::move(keys), std::move(values));

  sorter->load(input);
  const auto start = std::chrono::steady_clock::now();
  sorter->runAll();
  SortData output = sorter->read();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  gpu.requireNoGlErrors();
  // Checked before anything is written: ordered, and the same pairs (an O(n) fingerprint).
  if (const std::string problem = quickCheckSorted(input, output); !problem.empty())
    throw GpuError(std::string(algorithm.name) + " gave a wrong result on this GPU (" + problem + "); nothing written");

  decodeKeys(keyType, output.keys);
  // Both outputs or neither: both are written to temporary files first, and renamed only when
  // both are complete. A failure before that removes the temporary files and nothing else.
  StagedFile keysOut(options.outputPath, wordsToBytes(output.keys));
  std::optional<StagedFile> valuesOut;
  if (withValues) valuesOut.emplace(options.valuesOutputPath, wordsToBytes(output.values));
  keysOut.commit();
  if (valuesOut) valuesOut->commit();
  if (options.stats)
    std::printf("%s: %zu keys, %u of %u passes, %.3f ms (wall clock, including upload and read-back)\n",
                std::string(algorithm.name).c_str(), output.size(), sorter->passesRun(), sorter->passCount(),
                seconds * 1e3);
  return 0;
}

}  // namespace shadersort::cli
