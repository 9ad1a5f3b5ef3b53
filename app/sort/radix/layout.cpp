#include "sort/radix/layout.h"

#include <algorithm>

#include "core/error.h"

namespace shadersort::radix {
namespace {

// Automatic shapes: small sorts take small partitions, so that they are many and quick; larger
// ones 512 x 10, measured faster on an H100 from 2^22 to 2^26 keys (keys and pairs) than
// 256 x 16, 512 x 8, 512 x 9, 1024 x 4 and 256 x 20, while 512 x 11 was much slower.
constexpr std::uint32_t kSmallSortWorkgroup = 256;
constexpr std::uint32_t kSmallSortKeysPerThread = 4;
constexpr std::uint32_t kWorkgroup = 512;
constexpr std::uint32_t kKeysPerThread = 10;
constexpr std::uint64_t kSmallSortMax = std::uint64_t{1} << 16;

}  // namespace

std::uint32_t workgroupSizeFor(const RadixSettings& settings, std::uint64_t keys, std::uint32_t largeSortWorkgroup) {
  if (settings.workgroupSize != 0) return static_cast<std::uint32_t>(settings.workgroupSize);
  return settings.keysPerThread == 0 && keys > kSmallSortMax ? largeSortWorkgroup : kSmallSortWorkgroup;
}

std::uint32_t largeSortWorkgroup(const RadixSettings& settings, std::uint32_t subgroupWidth, bool coreMatch,
                                 const gl::Limits& limits) {
  const auto maxWorkgroup =
      static_cast<std::uint32_t>(std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]));
  const bool fits = kWorkgroup <= maxWorkgroup &&
                    fastSharedWords(settings, kWorkgroup, subgroupWidth, coreMatch) * 4 <=
                        static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize);
  return fits ? kWorkgroup : kSmallSortWorkgroup;
}

std::uint32_t classicWorkgroupSize(const RadixSettings& settings) {
  return settings.workgroupSize != 0 ? static_cast<std::uint32_t>(settings.workgroupSize) : kSmallSortWorkgroup;
}

std::uint64_t tileWords(std::uint64_t partitionSize, std::uint64_t subgroups, std::uint64_t radix) {
  return std::max({partitionSize, subgroups * radix / 2, radix + 2});
}

std::uint32_t keysPerThreadFor(const RadixSettings& settings, std::uint64_t keys) {
  if (settings.keysPerThread != 0) return static_cast<std::uint32_t>(settings.keysPerThread);
  return keys <= kSmallSortMax ? kSmallSortKeysPerThread : kKeysPerThread;
}

bool earlyCountsFor(const RadixSettings& settings, std::uint64_t partitions, bool hasValues) {
  if (settings.earlyCounts != RadixSettings::kEarlyCountsAuto) return settings.earlyCounts == RadixSettings::kEarlyCountsOn;
  return partitions >= kEarlyCountsMinPartitions &&
         partitions <= (hasValues ? kEarlyCountsMaxPairPartitions : kEarlyCountsMaxKeyPartitions);
}

std::uint32_t largestKeysPerThread(const RadixSettings& settings) {
  return settings.keysPerThread != 0 ? static_cast<std::uint32_t>(settings.keysPerThread) : kKeysPerThread;
}

std::uint64_t fastSharedWords(const RadixSettings& settings, std::uint32_t workgroupSize, std::uint32_t subgroupWidth,
                              bool coreMatch) {
  const std::uint64_t workgroup = workgroupSize;
  const std::uint64_t radix = radixOf(static_cast<std::uint32_t>(settings.radixBits));
  const std::uint64_t tile = tileWords(workgroup * static_cast<std::uint64_t>(largestKeysPerThread(settings)),
                                       workgroup / subgroupWidth, radix);
  return tile + 2 * radix + workgroup + (coreMatch ? workgroup : 0) + 1;
}

std::uint64_t sequenceSharedWords(std::uint64_t workgroup, std::uint32_t subgroupWidth, BallotKind ballotKind) {
  const std::uint64_t radix = 256;
  const std::uint64_t scan = usesKhrSubgroups(ballotKind) ? workgroup / subgroupWidth : workgroup;
  return tileWords(workgroup * kSequenceKeysPerThread, workgroup / subgroupWidth, radix) + 2 * radix +
         (ballotKind == BallotKind::Shared ? workgroup : 0) + scan;
}

// teach_block.comp's Blelloch scan of uvec4 flags, 2 x workgroup slots of 4 words: the largest.
std::uint64_t classicSharedWords(int workgroupSize) { return 8 * static_cast<std::uint64_t>(workgroupSize); }

std::string sharedMemoryShortfall(std::uint64_t words, const gl::Limits& limits, const std::string& what) {
  const std::uint64_t bytes = words * 4;
  if (bytes <= static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize)) return {};
  return what + " needs " + std::to_string(bytes) + " bytes of shared memory; this GPU has " +
         std::to_string(limits.maxComputeSharedMemorySize);
}

void requireSharedMemory(std::uint64_t words, const gl::Limits& limits, const std::string& what) {
  if (const std::string shortfall = sharedMemoryShortfall(words, limits, what); !shortfall.empty())
    throw UserError("radix: " + shortfall);
}

}  // namespace shadersort::radix
