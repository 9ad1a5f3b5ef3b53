#pragma once
// The work one pass of a sort does, counted by the instrumented teaching shaders (COUNT_WORK,
// sort/work_counter.h) and by the CPU model (sort/work_model.h) with the same definitions:
//  - a comparison is one compare of two keys the shader executes (frag-odd-even's two texels of
//    a pair each compare, so it makes two per pair);
//  - an exchange is one compare-exchange that moved keys (one per pair, however many words moved);
//  - global reads and writes are the 32-bit words of keys and values the shader moves to or from
//    buffers or textures; bookkeeping words (swap counters, radix's counter matrix and offsets,
//    the counts themselves) are not counted (radix's counter work is its scan steps);
//  - shared reads and writes are the 32-bit words a scan moves through shared memory: radix's
//    Blelloch scans (the digit flags of teach_block, the counter sums of teach_scan), every slot
//    access of their up-sweep, total, root and down-sweep, and the slots written before and read
//    after, since that traffic is what makes Blelloch's scan work-efficient. A flag that is only
//    bookkeeping (odd-even's per-workgroup swap tally for its early exit) is not counted; the
//    other teaching kernels keep keys and values in global memory, so their shared counts are 0;
//  - radix only: a histogram increment is one key counted into its digit's bucket, a scan step
//    is one counter-matrix entry the prefix sum replaces, a scatter write is one key (or value)
//    stored at its bucket slot.
// Fields an algorithm does not have stay 0.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace shadersort {

enum class WorkField : std::uint32_t {
  Comparisons,
  Exchanges,
  GlobalReads,
  GlobalWrites,
  SharedReads,
  SharedWrites,
  HistogramIncrements,
  ScanSteps,
  ScatterWrites,
};
inline constexpr std::size_t kWorkFieldCount = 9;

// "comparisons", "global reads", ...
constexpr std::string_view workFieldName(WorkField field) {
  constexpr std::array<std::string_view, kWorkFieldCount> names = {
      "comparisons",   "exchanges",   "global reads",         "global writes",  "shared reads",
      "shared writes", "histogram increments", "scan steps", "scatter writes"};
  return names[static_cast<std::size_t>(field)];
}

struct WorkCounts {
  std::array<std::uint64_t, kWorkFieldCount> counts{};

  std::uint64_t& operator[](WorkField field) { return counts[static_cast<std::size_t>(field)]; }
  std::uint64_t operator[](WorkField field) const { return counts[static_cast<std::size_t>(field)]; }
  WorkCounts& operator+=(const WorkCounts& other) {
    for (std::size_t i = 0; i < kWorkFieldCount; ++i) counts[i] += other.counts[i];
    return *this;
  }
  bool operator==(const WorkCounts&) const = default;
};

}  // namespace shadersort
