// cub_sort: the reference that shadersort's radix sort is compared with.
//
// Times CUB's cub::DeviceRadixSort::SortKeys and SortPairs on random u32 keys (and u32 values)
// on the first CUDA device. Both sorts use cub::DoubleBuffer, so CUB alternates between two
// buffers and copies nothing: the fastest way CUB offers. For each size it
//   1. fills the keys from a fixed seed (values are the positions 0..n-1),
//   2. sorts for about --warmup seconds, so the GPU clock is up before anything is timed,
//   3. times --reps sorts with CUDA events and keeps the median (each sort starts from the
//      unsorted input again; restoring it is not timed),
//   4. checks the result: keys against std::sort of the input; pairs: the same keys, values a
//      permutation of the positions, each value the position of its key, equal keys in input order.
//
// Output (stdout), CSV: '#' lines describe the device, then a header and one line per size:
//   log2_n,n,keys_ms,g_keys_per_s,pairs_ms,g_pairs_per_s,checked
// G keys/s = n / median time. A wrong result prints checked=no and makes the exit status 1.
//
// Build: nvcc -O3 -arch=sm_90 -o build/cub_sort bench/cub/cub_sort.cu   (or CMake: bench/README.md)
// Usage: cub_sort [--sizes 2^20,2^22,...] [--reps 20] [--warmup 1.0]
#include <cub/device/device_radix_sort.cuh>
#include <cub/version.cuh>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    std::fprintf(stderr, "cub_sort: %s: %s\n", what, cudaGetErrorString(status));
    std::exit(2);
  }
}

[[noreturn]] void usage(const char* problem) {
  if (problem) std::fprintf(stderr, "cub_sort: %s\n", problem);
  std::fprintf(problem ? stderr : stdout,
               "usage: cub_sort [--sizes 2^20,2^22,2^24,2^26,2^28] [--reps 20] [--warmup 1.0]\n"
               "  --sizes   powers of two, written 2^k or as a number, comma separated\n"
               "  --reps    timed sorts per size; the median is printed\n"
               "  --warmup  seconds of untimed sorting before each timed series\n");
  std::exit(problem ? 2 : 0);
}

// "2^20" or "1048576"; a power of two from 2^1 to 2^30 (CUB takes an int count).
int parseLog2(const std::string& text) {
  char* end = nullptr;
  if (text.rfind("2^", 0) == 0) {
    long k = std::strtol(text.c_str() + 2, &end, 10);
    if (*end || end == text.c_str() + 2 || k < 1 || k > 30) usage(("bad size: " + text).c_str());
    return int(k);
  }
  unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  if (text.empty() || *end || n < 2 || n > (1ull << 30) || (n & (n - 1)))
    usage(("bad size (a power of two from 2 to 2^30): " + text).c_str());
  int k = 0;
  while ((1ull << k) < n) ++k;
  return k;
}

// A device buffer of n u32 values, freed when it goes out of scope.
struct DeviceArray {
  uint32_t* ptr = nullptr;
  explicit DeviceArray(size_t n) { check(cudaMalloc(&ptr, n * sizeof(uint32_t)), "cudaMalloc"); }
  ~DeviceArray() { cudaFree(ptr); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
};

// Runs `prepare(); sort();` for `warmupS` seconds, then times `reps` calls of `sort` (each after
// an untimed `prepare`) with events on `stream`, and returns the median.
template <class Prepare, class Sort>
float medianMs(cudaStream_t stream, double warmupS, int reps, Prepare prepare, Sort sort) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(warmupS);
  do {
    prepare();
    sort();
    check(cudaStreamSynchronize(stream), "warm-up");
  } while (std::chrono::steady_clock::now() < until);

  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<float> ms(reps);
  for (float& t : ms) {
    prepare();
    check(cudaEventRecord(start, stream), "cudaEventRecord");
    sort();
    check(cudaEventRecord(stop, stream), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "cudaEventSynchronize");
    check(cudaEventElapsedTime(&t, start, stop), "cudaEventElapsedTime");
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  std::nth_element(ms.begin(), ms.begin() + reps / 2, ms.end());
  return ms[reps / 2];
}

std::vector<uint32_t> download(const uint32_t* device, size_t n) {
  std::vector<uint32_t> host(n);
  check(cudaMemcpy(host.data(), device, n * sizeof(uint32_t), cudaMemcpyDeviceToHost), "read-back");
  return host;
}

// Pairs were sorted from values 0..n-1: the keys must equal the sorted input, the values must be
// a permutation of the positions, each pointing at its key, ascending within equal keys (stable).
bool pairsRight(const std::vector<uint32_t>& input, const std::vector<uint32_t>& sorted,
                const std::vector<uint32_t>& keys, const std::vector<uint32_t>& values) {
  if (keys != sorted) return false;
  std::vector<bool> seen(input.size(), false);
  for (size_t i = 0; i < values.size(); ++i) {
    const uint32_t v = values[i];
    if (v >= input.size() || seen[v] || input[v] != keys[i]) return false;
    seen[v] = true;
    if (i > 0 && keys[i - 1] == keys[i] && values[i - 1] > v) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> log2s = {20, 22, 24, 26, 28};
  int reps = 20;
  double warmupS = 1.0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "-h" || arg == "--help") usage(nullptr);
    if (i + 1 >= argc) usage(("missing value after " + arg).c_str());
    const std::string value = argv[++i];
    if (arg == "--sizes") {
      log2s.clear();
      size_t from = 0;
      while (from <= value.size()) {
        size_t comma = value.find(',', from);
        if (comma == std::string::npos) comma = value.size();
        log2s.push_back(parseLog2(value.substr(from, comma - from)));
        from = comma + 1;
      }
    } else if (arg == "--reps") {
      reps = std::atoi(value.c_str());
      if (reps < 1) usage("--reps needs a positive count");
    } else if (arg == "--warmup") {
      warmupS = std::atof(value.c_str());
      if (warmupS < 0) usage("--warmup needs seconds >= 0");
    } else {
      usage(("unknown option " + arg).c_str());
    }
  }

  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  cudaDeviceProp prop{};
  check(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  std::printf("# device: %s (sm_%d%d, %d SMs)\n", prop.name, prop.major, prop.minor,
              prop.multiProcessorCount);
  std::printf("# CUDA driver %d.%d, runtime %d.%d, CUB %d.%d.%d\n", driver / 1000, driver % 1000 / 10,
              runtime / 1000, runtime % 1000 / 10, CUB_VERSION / 100000, CUB_VERSION / 100 % 1000,
              CUB_VERSION % 100);
  std::printf("# random u32 keys (u32 values for pairs), median of %d sorts after %.1f s of warm-up\n",
              reps, warmupS);
  std::printf("log2_n,n,keys_ms,g_keys_per_s,pairs_ms,g_pairs_per_s,checked\n");
  std::fflush(stdout);

  cudaStream_t stream;
  check(cudaStreamCreate(&stream), "cudaStreamCreate");
  bool allRight = true;
  for (int k : log2s) {
    const size_t n = size_t(1) << k;
    const size_t bytes = n * sizeof(uint32_t);
    std::vector<uint32_t> input(n), positions(n);
    std::mt19937_64 random(0x5eed0000u + k);
    for (size_t i = 0; i < n; ++i) {
      input[i] = uint32_t(random() >> 32);
      positions[i] = uint32_t(i);
    }

    DeviceArray keysIn(n), valuesIn(n), keysA(n), keysB(n), valuesA(n), valuesB(n);
    check(cudaMemcpy(keysIn.ptr, input.data(), bytes, cudaMemcpyHostToDevice), "upload");
    check(cudaMemcpy(valuesIn.ptr, positions.data(), bytes, cudaMemcpyHostToDevice), "upload");
    cub::DoubleBuffer<uint32_t> keys(keysA.ptr, keysB.ptr), values(valuesA.ptr, valuesB.ptr);

    size_t keysTemp = 0, pairsTemp = 0;
    check(cub::DeviceRadixSort::SortKeys(nullptr, keysTemp, keys, int(n), 0, 32, stream), "SortKeys size");
    check(cub::DeviceRadixSort::SortPairs(nullptr, pairsTemp, keys, values, int(n), 0, 32, stream),
          "SortPairs size");
    size_t tempBytes = std::max<size_t>({keysTemp, pairsTemp, 1});
    void* temp = nullptr;
    check(cudaMalloc(&temp, tempBytes), "cudaMalloc temp");

    auto restoreKeys = [&] {
      check(cudaMemcpyAsync(keysA.ptr, keysIn.ptr, bytes, cudaMemcpyDeviceToDevice, stream), "restore");
      keys = cub::DoubleBuffer<uint32_t>(keysA.ptr, keysB.ptr);
    };
    auto restorePairs = [&] {
      restoreKeys();
      check(cudaMemcpyAsync(valuesA.ptr, valuesIn.ptr, bytes, cudaMemcpyDeviceToDevice, stream), "restore");
      values = cub::DoubleBuffer<uint32_t>(valuesA.ptr, valuesB.ptr);
    };
    auto sortKeys = [&] {
      size_t t = tempBytes;
      check(cub::DeviceRadixSort::SortKeys(temp, t, keys, int(n), 0, 32, stream), "SortKeys");
    };
    auto sortPairs = [&] {
      size_t t = tempBytes;
      check(cub::DeviceRadixSort::SortPairs(temp, t, keys, values, int(n), 0, 32, stream), "SortPairs");
    };

    const float keysMs = medianMs(stream, warmupS, reps, restoreKeys, sortKeys);
    check(cudaStreamSynchronize(stream), "sync");
    const std::vector<uint32_t> keysOut = download(keys.Current(), n);
    const float pairsMs = medianMs(stream, warmupS, reps, restorePairs, sortPairs);
    check(cudaStreamSynchronize(stream), "sync");
    const std::vector<uint32_t> pairKeys = download(keys.Current(), n);
    const std::vector<uint32_t> pairValues = download(values.Current(), n);
    cudaFree(temp);

    std::vector<uint32_t> sorted = input;
    std::sort(sorted.begin(), sorted.end());
    const bool right = keysOut == sorted && pairsRight(input, sorted, pairKeys, pairValues);
    allRight = allRight && right;
    std::printf("%d,%zu,%.5f,%.3f,%.5f,%.3f,%s\n", k, n, keysMs, n / (keysMs * 1e6), pairsMs,
                n / (pairsMs * 1e6), right ? "yes" : "no");
    std::fflush(stdout);
  }
  cudaStreamDestroy(stream);
  if (!allRight) std::fprintf(stderr, "cub_sort: a result was wrong (checked=no)\n");
  return allRight ? 0 : 1;
}
