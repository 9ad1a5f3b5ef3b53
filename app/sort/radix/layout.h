#pragma once
// How radix's kernels are laid out: binding points, digits, partitions, tiles and the shared
// memory each kernel takes, so that settings, probe, pipelines and sorter size things alike.

#include <glad/gl.h>

#include <cstdint>
#include <string>

#include "gl/limits.h"
#include "sort/radix/ballot_kind.h"
#include "sort/radix/settings.h"

namespace shadersort::radix {

// Binding points, below the 8 shader storage blocks GL 4.3 guarantees per compute shader.
// Offsets/histogram and the scan level buffers never meet in one shader.
constexpr GLuint kKeysInBinding = 0;
constexpr GLuint kKeysOutBinding = 1;
constexpr GLuint kValuesInBinding = 2;
constexpr GLuint kValuesOutBinding = 3;
constexpr GLuint kCountersBinding = 4;
constexpr GLuint kOffsetsBinding = 5;
constexpr GLuint kHistogramBinding = 5;
constexpr GLuint kStatusBinding = 6;
constexpr GLuint kTicketsBinding = 7;
constexpr GLuint kDigitStartsBinding = 4;  // chained, which has no counter matrix
constexpr GLuint kScanDataBinding = 4;
constexpr GLuint kScanTotalsBinding = 5;
constexpr GLuint kProbeBinding = 0;

constexpr std::uint32_t kTeachingBits = 4;
constexpr std::uint32_t kPrefixScanItems = 16;    // counters per invocation in the fast prefix scan
// ... but at most this many counters per workgroup (16 KiB of shared memory, padded 17): 512- and
// 1024-wide workgroups take 8 and 4 each, so the scan fits the 32 KiB every GL 4.3 GPU has (16
// x 1024 did not link on an H100).
constexpr std::uint32_t kMaxPrefixScanBlock = 4096;
// Counters per Blelloch slot in the teaching counter scan: 27,648 keys' 864 counters take one
// workgroup of 256, so one dispatch per pass instead of three.
constexpr std::uint32_t kTeachScanItems = 4;
constexpr std::uint32_t kCoreSubgroupWidth = 16;  // invocations that compare digits without ballots
// Keys per invocation of the one-workgroup-per-sequence kernel: its tiles stay small so that the
// largest workgroup fits in shared memory.
constexpr std::uint32_t kSequenceKeysPerThread = 4;
// Longest sequence the one-workgroup-per-sequence kernel takes.
constexpr std::uint32_t kMaxWorkgroupSortLength = 65536;
// Many sequences of at most this many keys are sorted by one invocation each, by insertion
// (radix/short_pipeline.h), in workgroups of kShortSequenceWorkgroup sequences: 16 KiB of shared
// memory for keys and values.
constexpr std::uint32_t kMaxShortSequenceLength = 32;
constexpr std::uint32_t kShortSequenceWorkgroup = 64;

constexpr std::uint32_t placesOf(std::uint32_t bits) { return 32u / bits; }
constexpr std::uint32_t radixOf(std::uint32_t bits) { return 1u << bits; }

// The rank-and-scatter kernel's tile holds the partition's keys, or the subgroups' 16-bit
// digit counts, or (chained scan) a partition's digit counts and two vote counters.
std::uint64_t tileWords(std::uint64_t partitionSize, std::uint64_t subgroups, std::uint64_t radix);

// The partitioned kernels' shape for `keys` keys, workgroup size x keys per invocation: as set,
// or automatic. Auto (both settings at auto): 256 x 4 up to 2^16 keys, else largeSortWorkgroup
// x 10; an explicit keys-per-thread keeps auto workgroups at 256.
std::uint32_t workgroupSizeFor(const RadixSettings& settings, std::uint64_t keys, std::uint32_t largeSortWorkgroup);
std::uint32_t keysPerThreadFor(const RadixSettings& settings, std::uint64_t keys);
// Whether the chained downsweep publishes its digit counts before ranking (EARLY_COUNTS). Auto:
// from kEarlyCountsMinPartitions partitions up to kEarlyCountsMaxKeyPartitions for keys and
// kEarlyCountsMaxPairPartitions for pairs, where they paid on an H100: fewer partitions gain
// nothing from it, and with more the extra status traffic outweighs the earlier start. The
// `info` text names these numbers.
constexpr std::uint64_t kEarlyCountsMinPartitions = 128;
constexpr std::uint64_t kEarlyCountsMaxKeyPartitions = 2048;
constexpr std::uint64_t kEarlyCountsMaxPairPartitions = 512;
bool earlyCountsFor(const RadixSettings& settings, std::uint64_t partitions, bool hasValues);
// The auto workgroup of large sorts: 512 where its partitions fit this GPU's shared memory with
// this ranking, else 256 (llvmpipe's 32 KiB and 8-wide subgroups).
std::uint32_t largeSortWorkgroup(const RadixSettings& settings, std::uint32_t subgroupWidth, bool coreMatch,
                                 const gl::Limits& limits);
// The most keys per invocation any input gets with these settings.
std::uint32_t largestKeysPerThread(const RadixSettings& settings);
// The classic (teaching) kernels' workgroup: as set, else 256 (blocks of 512 keys).
std::uint32_t classicWorkgroupSize(const RadixSettings& settings);

// Shared memory words of the fast rank-and-scatter kernel (the largest of the fast pipeline) with
// `workgroup` invocations and the most keys per invocation these settings give.
std::uint64_t fastSharedWords(const RadixSettings& settings, std::uint32_t workgroup, std::uint32_t subgroupWidth,
                              bool coreMatch);
// Shared memory words of the one-workgroup-per-sequence kernel.
std::uint64_t sequenceSharedWords(std::uint64_t workgroup, std::uint32_t subgroupWidth, BallotKind ballotKind);
// Shared memory words of the classic kernels.
std::uint64_t classicSharedWords(int workgroupSize);

// "<what> needs N bytes of shared memory; this GPU has M", or empty when `words` fit.
std::string sharedMemoryShortfall(std::uint64_t words, const gl::Limits& limits, const std::string& what);
// Throws UserError "radix: " + the shortfall when `words` do not fit.
void requireSharedMemory(std::uint64_t words, const gl::Limits& limits, const std::string& what);

}  // namespace shadersort::radix
