#include "bench/benchmark.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <numeric>
#include <random>

#include "core/error.h"
#include "core/quoting.h"
#include "data/patterns.h"
#include "gl/compute.h"
#include "gl/gpu_timer.h"
#include <glad/gl.h>
#include "gl/program.h"
#include "shadersort/gpu_sorter.h"

namespace shadersort::bench {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// The CPU reference: sorted keys (and values by stable order), and how long it took.
struct CpuReference {
  std::vector<std::uint32_t> keys, values;
  double medianMs = 0;
};

// Each sequence of `segment` keys (0: all of them) sorted on its own.
CpuReference cpuSort(const std::vector<std::uint32_t>& keys, bool pairs, int repetitions, std::size_t segment) {
  CpuReference reference;
  std::vector<double> times;
  const std::size_t length = segment == 0 ? std::max<std::size_t>(keys.size(), 1) : segment;
  for (int r = 0; r < repetitions; ++r) {
    if (!pairs) {
      std::vector<std::uint32_t> copy = keys;
      const auto start = std::chrono::steady_clock::now();
      for (std::size_t first = 0; first < copy.size(); first += length)
        std::sort(copy.begin() + static_cast<std::ptrdiff_t>(first),
                  copy.begin() + static_cast<std::ptrdiff_t>(std::min(first + length, copy.size())));
      times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      reference.keys = std::move(copy);
    } else {
      // Pairs as one 64-bit word each, ordered by key only: stable_sort keeps value order on ties.
      std::vector<std::uint64_t> packed(keys.size());
      for (std::size_t i = 0; i < keys.size(); ++i) packed[i] = (static_cast<std::uint64_t>(keys[i]) << 32) | i;
      const auto start = std::chrono::steady_clock::now();
      for (std::size_t first = 0; first < packed.size(); first += length)
        std::stable_sort(packed.begin() + static_cast<std::ptrdiff_t>(first),
                         packed.begin() + static_cast<std::ptrdiff_t>(std::min(first + length, packed.size())),
                         [](std::uint64_t a, std::uint64_t b) { return (a >> 32) < (b >> 32); });
      times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      reference.keys.resize(keys.size());
      reference.values.resize(keys.size());
      for (std::size_t i = 0; i < keys.size(); ++i) {
        reference.keys[i] = static_cast<std::uint32_t>(packed[i] >> 32);
        reference.values[i] = static_cast<std::uint32_t>(packed[i]);
      }
    }
  }
  reference.medianMs = median(times);
  return reference;
}

bool pairsArePermutationOfReference(const SortData& output, const CpuReference& reference) {
  // Keys already match; within each run of equal keys the values must be the same set.
  std::size_t begin = 0;
  while (begin < output.size()) {
    std::size_t end = begin + 1;
    while (end < output.size() && output.keys[end] == output.keys[begin]) ++end;
    std::vector<std::uint32_t> got(output.values.begin() + static_cast<std::ptrdiff_t>(begin),
                                   output.values.begin() + static_cast<std::ptrdiff_t>(end));
    std::vector<std::uint32_t> want(reference.values.begin() + static_cast<std::ptrdiff_t>(begin),
                                    reference.values.begin() + static_cast<std::ptrdiff_t>(end));
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    if (got != want) return false;
    begin = end;
  }
  return true;
}

// Repeats `work` until the GPU's clocks have ramped up, outside any timing. An H100 drops its SM
// clock from 1980 to 345 MHz about a second after it goes idle (as it does while the CPU
// reference sorts, or while 2 GiB of results are read back) and takes about half a second of
// steady work to come back (nvidia-smi, docs/BENCHMARKS.md): so a second of work on a real GPU,
// 100 ms on a CPU rasterizer, which has no clocks to ramp.
void warmUp(const gl::Limits& limits, const std::function<void()>& work) {
  const auto duration = limits.isSoftwareRenderer() ? std::chrono::milliseconds(100) : std::chrono::milliseconds(1000);
  const auto start = std::chrono::steady_clock::now();
  for (int run = 0; run < 5000 && std::chrono::steady_clock::now() - start < duration; ++run) {
    work();
    glFinish();
  }
}

// Sorts `repetitions` more times with a timestamp after every step the sorter reports.
void profileSteps(Sorter& sorter, int repetitions, BenchResult& result) {
  gl::StepTimer timer;
  std::map<std::string, std::uint64_t, std::less<>> bytesPerSort;
  sorter.observeSteps([&](std::string_view step, std::uint64_t bytes) {
    timer.mark(step);
    if (auto found = bytesPerSort.find(step); found != bytesPerSort.end())
      found->second += bytes;
    else
      bytesPerSort.emplace(step, bytes);
  });
  std::vector<std::string> order;
  std::map<std::string, std::pair<int, std::vector<double>>> byName;  // count per sort, totals
  for (int r = 0; r < repetitions; ++r) {
    sorter.restart();
    bytesPerSort.clear();  // every sort moves the same bytes; one sort's worth is kept
    timer.start();
    sorter.runAll();
    std::map<std::string, std::pair<int, double>> thisSort;
    for (const auto& step : timer.finish()) {
      if (!byName.contains(step.name) && !thisSort.contains(step.name)) order.push_back(step.name);
      ++thisSort[step.name].first;
      thisSort[step.name].second += step.milliseconds;
    }
    for (const auto& [name, counted] : thisSort) {
      byName[name].first = counted.first;
      byName[name].second.push_back(counted.second);
    }
  }
  sorter.observeSteps({});
  for (const std::string& name : order)
    result.steps.push_back({name, byName[name].first, median(byName[name].second), bytesPerSort[name]});
  result.stepClock = timer.clock();
}

// Times a compute shader that copies `bytes` from one storage buffer to another, 16 bytes per
// invocation (read + write, as a sort pass moves): what a shader can move on this GPU. Not
// glCopyBufferSubData: on an H100 that reached 177 GB/s, a sixteenth of what shaders reach.
double timeDeviceCopy(const SortContext& context, std::size_t bytes, int repetitions) {
  const gl::Limits& limits = context.limits();
  constexpr std::uint32_t kWorkgroup = 256;
  const std::size_t vectors = gl::divideRoundingUp(bytes, 16);
  const gl::Buffer from = gl::makeStorageBuffer("bench: copy source", vectors * 16);
  const gl::Buffer to = gl::makeStorageBuffer("bench: copy target", vectors * 16);
  const gl::Program copy = gl::Program::compute(context.shaders(), "shaders/bench/copy.comp", gl::ShaderDefines().set("WORKGROUP_SIZE", kWorkgroup));
  copy.use();
  glUniform1ui(copy.uniformLocation("u_vectors"), static_cast<GLuint>(vectors));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, from.id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, to.id());
  auto run = [&] {
    gl::dispatchLinear(gl::divideRoundingUp(vectors, kWorkgroup));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  };
  warmUp(limits, run);  // first touch and clocks
  std::vector<double> times;
  for (int r = 0; r < repetitions; ++r) times.push_back(gl::timeGpuWork(run).milliseconds);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, 0);
  glUseProgram(0);
  return median(times);
}

}  // namespace

std::vector<std::string> distributionNames() {
  std::vector<std::string> names;
  for (Pattern pattern : allPatterns()) names.emplace_back(patternName(pattern));
  names.emplace_back("entropy");
  return names;
}

std::vector<std::uint32_t> makeBenchKeys(const std::string& distribution, std::size_t count, KeyType type,
                                         std::uint64_t seed) {
  std::vector<std::uint32_t> sortable;
  if (distribution == "entropy") {
    std::mt19937_64 random(seed);
    sortable.resize(count);
    for (auto& key : sortable) key = static_cast<std::uint32_t>(random()) & static_cast<std::uint32_t>(random());
  } else {
    const auto pattern = parsePattern(distribution);
    if (!pattern) throw UserError("unknown distribution " + quote(distribution));
    sortable = makePattern(*pattern, count, seed);
  }
  // Patterns are made in sortable order; turn them into the type's raw bits so that, for
  // example, "sorted" f32 keys really ascend as floats.
  for (auto& key : sortable) key = decodeKey(type, key);
  return sortable;
}

std::string describeSettings(const SorterOptions& options) {
  std::string text;
  for (const auto& [name, value] : options.settings) text += (text.empty() ? "" : " ") + name + "=" + std::to_string(value);
  if (options.teaching) text += std::string(text.empty() ? "" : " ") + "teaching";
  return text.empty() ? "defaults" : text;
}

namespace {

KeyFormat libraryFormat(KeyType type) {
  switch (type) {
    case KeyType::U32: return KeyFormat::U32;
    case KeyType::I32: return KeyFormat::I32;
    case KeyType::F32: return KeyFormat::F32;
  }
  return KeyFormat::U32;
}

// The library's call timed as the passes are: the input restored before each call (not timed),
// the call between two GPU timestamps. Its scratch is reserved first (one sequence), as a
// program that cares about its first call's time would.
void timeLibraryCalls(const SortContext& context, const BenchCase& benchCase, const std::vector<std::uint32_t>& raw,
                      const std::vector<std::uint32_t>& values, const CpuReference& reference, BenchResult& result) {
  const std::size_t bytes = std::max<std::size_t>(raw.size() * 4, 4);
  const gl::Buffer inputKeys = gl::makeStorageBuffer("bench: library input keys", bytes, raw.data());
  const gl::Buffer inputValues = gl::makeStorageBuffer("bench: library input values", bytes, values.empty() ? nullptr : values.data());
  const gl::Buffer keys = gl::makeStorageBuffer("bench: library keys", bytes);
  const gl::Buffer sortedValues = gl::makeStorageBuffer("bench: library values", bytes);
  GpuSorter library;  // this process's glad is loaded already
  if (benchCase.segmentLength == 0) library.reserve(raw.size(), benchCase.pairs);
  SortRequest request{.keys = keys.id(),
                      .values = benchCase.pairs ? sortedValues.id() : 0u,
                      .count = raw.size(),
                      .keyFormat = libraryFormat(benchCase.type),
                      .rowLength = benchCase.segmentLength};
  gl::Buffer offsets;
  if (benchCase.segmentsAsOffsets && benchCase.segmentLength != 0) {
    std::vector<std::uint32_t> starts;
    for (std::size_t start = 0; start <= raw.size(); start += benchCase.segmentLength)
      starts.push_back(static_cast<std::uint32_t>(start));
    offsets = gl::makeStorageBuffer("bench: library segment offsets", starts.size() * 4, starts.data());
    request.rowLength = 0;
    request.segmentOffsets = offsets.id();
    request.segmentCount = starts.size() - 1;
  }
  auto restore = [&] {
    gl::copyBuffer(inputKeys, keys, bytes);
    if (benchCase.pairs) gl::copyBuffer(inputValues, sortedValues, bytes);
  };
  restore();
  library.sort(request);
  std::vector<std::uint32_t> output = gl::downloadWords(keys, raw.size());
  encodeKeys(benchCase.type, output);
  result.verified = output == reference.keys &&
                    (!benchCase.pairs || gl::downloadWords(sortedValues, raw.size()) == reference.values);
  warmUp(context.limits(), [&] {
    restore();
    library.sort(request);
  });
  std::vector<double> times;
  for (int r = 0; r < std::max(1, benchCase.repetitions); ++r) {
    restore();
    const gl::Timing timing = gl::timeGpuWork([&] { library.sort(request); });
    times.push_back(timing.milliseconds);
    result.clock = timing.clock;
  }
  result.medianMs = median(times);
  result.minMs = *std::min_element(times.begin(), times.end());
  output = gl::downloadWords(keys, raw.size());
  encodeKeys(benchCase.type, output);
  result.verified = result.verified && output == reference.keys;
}

}  // namespace

BenchResult runBenchCase(SortContext& context, const BenchCase& benchCase) {
  // The count meets the GPU's limits before any keys are made.
  if (benchCase.count > 0xFFFFFFFFu) throw UserError(std::to_string(benchCase.count) + " keys: more than 2^32 - 1");
  const std::uint32_t segment = benchCase.segmentLength == 0 ? static_cast<std::uint32_t>(benchCase.count)
                                                             : benchCase.segmentLength;
  if (segment != 0 && benchCase.count % segment != 0)
    throw UserError(std::to_string(benchCase.count) + " keys are no whole number of segments of " + std::to_string(segment));
  if (benchCase.throughLibrary && benchCase.algorithm->name != "radix")
    throw UserError("--through-library times the library's radix sort; " + std::string(benchCase.algorithm->name) +
                    " is not timed that way");
  const SortShape shape{segment == 0 ? 1u : static_cast<std::uint32_t>(benchCase.count / segment), segment, benchCase.pairs};
  requireSortable(*benchCase.algorithm, shape, context.limits());
  const std::vector<std::uint32_t> raw = makeBenchKeys(benchCase.distribution, benchCase.count, benchCase.type, 7);
  std::vector<std::uint32_t> encoded = raw;
  encodeKeys(benchCase.type, encoded);
  std::vector<std::uint32_t> values;
  if (benchCase.pairs) {
    values.resize(encoded.size());
    std::iota(values.begin(), values.end(), 0u);
  }
  SortData input = singleSequence(encoded, values);
  input.sequenceCount = shape.sequenceCount;
  input.sequenceLength = shape.sequenceLength;

  BenchResult result;
  result.algorithm = std::string(benchCase.algorithm->name) + (benchCase.throughLibrary ? "-library" : "") +
                     (benchCase.segmentsAsOffsets ? "-offsets" : "");
  // Segments show in the distribution column: "random/5" is random keys in segments of 5.
  result.distribution =
      benchCase.distribution + (benchCase.segmentLength != 0 ? "/" + std::to_string(benchCase.segmentLength) : "");
  result.type = std::string(keyTypeName(benchCase.type));
  result.count = benchCase.count;
  result.pairs = benchCase.pairs;
  result.repetitions = benchCase.repetitions;
  result.settings = describeSettings(benchCase.options);

  // The CPU reference doubles as the check; big inputs get one CPU run to keep benches short.
  // Consecutive cases on the same data (several algorithms at one size) share it: a 2^28-key
  // std::sort takes half a minute.
  static struct {
    std::string data;
    CpuReference reference;
  } last;
  const std::string data = result.distribution + "/" + std::to_string(benchCase.count) + "/" + result.type +
                           (benchCase.pairs ? "/pairs" : "/keys");
  if (last.data != data) {
    last.data.clear();
    last.reference = {};  // free the old one before building a new one
    const int cpuRepetitions = benchCase.count >= (1u << 22) ? 1 : std::min(benchCase.repetitions, 3);
    last.reference = cpuSort(encoded, benchCase.pairs, std::max(1, cpuRepetitions), benchCase.segmentLength);
    last.data = data;
  }
  const CpuReference& reference = last.reference;
  result.cpuMedianMs = reference.medianMs;

  if (benchCase.throughLibrary) {
    timeLibraryCalls(context, benchCase, raw, values, reference, result);
    return result;
  }
  auto sorter = benchCase.algorithm->create(context, benchCase.options);
  sorter->load(input);
  sorter->runAll();  // first run: shader compilation, first-touch allocations; checked below
  const SortData output = sorter->read();
  warmUp(context.limits(), [&] {
    sorter->restart();
    sorter->runAll();
  });
  result.verified = output.keys == reference.keys;
  if (result.verified && benchCase.pairs)
    result.verified = benchCase.algorithm->stable ? output.values == reference.values
                                                  : pairsArePermutationOfReference(output, reference);
  result.passesRun = sorter->passesRun();
  result.passCount = sorter->passCount();

  std::vector<double> times;
  for (int r = 0; r < std::max(1, benchCase.repetitions); ++r) {
    sorter->restart();
    const gl::Timing timing = gl::timeGpuWork([&] { sorter->runAll(); });
    times.push_back(timing.milliseconds);
    result.clock = timing.clock;
  }
  result.medianMs = median(times);
  result.minMs = *std::min_element(times.begin(), times.end());
  // Steps straight after the timed sorts, while the clocks are up: reading a large sort back
  // first leaves the GPU idle long enough to clock down, and the profiled steps then add up to
  // far more than the sort's median.
  if (benchCase.steps) profileSteps(*sorter, std::max(1, benchCase.repetitions), result);
  // The timed sorts (and the profiled ones after them) must have sorted too, not only the first.
  result.verified = result.verified && sorter->read().keys == reference.keys;
  if (benchCase.steps) {
    result.copyBytes = std::max<std::size_t>(benchCase.count * (benchCase.pairs ? 8 : 4), 4);
    result.copyMs = timeDeviceCopy(context, result.copyBytes, std::max(3, benchCase.repetitions));
  }
  return result;
}

}  // namespace shadersort::bench
