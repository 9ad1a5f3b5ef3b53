#include "sort/radix.h"

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/checkpoint_support.h"
#include "sort/storage_state.h"

namespace shadersort {
namespace {

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
constexpr GLuint kScanDataBinding = 4;
constexpr GLuint kScanTotalsBinding = 5;
constexpr GLuint kProbeBinding = 0;

constexpr std::uint32_t kTeachingBits = 4;
constexpr std::uint32_t kPrefixScanItems = 16;    // counters per invocation in the fast prefix scan
constexpr std::uint32_t kCoreSubgroupWidth = 16;  // invocations that compare digits without ballots
// The chained scan keeps a 2-bit flag and a 30-bit position in one word.
constexpr std::uint64_t kMaxElements = (std::uint64_t{1} << 30) - 1;
// Above this many words of per-partition counters (relative to the input) the fast pipeline
// hands short sequences to the classic one, whose 16 digits need 16x fewer counters.
constexpr std::uint64_t kCounterAllowanceWords = std::uint64_t{1} << 20;

// Not in glad's GL 4.3 core header: GL_KHR_shader_subgroup queries.
constexpr GLenum kSubgroupSupportedStages = 0x9533;
constexpr GLenum kSubgroupSupportedFeatures = 0x9534;
constexpr GLint kSubgroupFeatureArithmetic = 0x04;
constexpr GLint kSubgroupFeatureBallot = 0x08;
constexpr GLint kSubgroupFeatureShuffle = 0x10;

constexpr const char* kKnownSettings = "radix-bits, workgroup-size, keys-per-thread, scan, ballot, workgroup-sort-max, look-back-spins, histogram-partitions, chained-max";
// Keys per invocation of the one-workgroup-per-sequence kernel: its tiles stay small so that the
// largest workgroup fits in shared memory.
constexpr std::uint32_t kSequenceKeysPerThread = 4;

std::uint32_t placesOf(std::uint32_t bits) { return 32u / bits; }
std::uint32_t radixOf(std::uint32_t bits) { return 1u << bits; }

// The rank-and-scatter kernel's tile holds the partition's keys, or the subgroups' 16-bit
// digit counts, or (chained scan) a partition's digit counts and two vote counters.
std::uint64_t tileWords(std::uint64_t partitionSize, std::uint64_t subgroups, std::uint64_t radix) {
  return std::max({partitionSize, subgroups * radix / 2, radix + 2});
}

// Keys per invocation of the partitioned kernels: as set, or automatic (few keys per invocation
// for small sorts, so that their partitions are many and quick; 4 took 0.0625 ms for 27,648 keys on an
// H100 where 16 took 0.080 ms, and 16 was the fastest from 2^20 keys up).
constexpr std::uint32_t kSmallSortKeysPerThread = 4;
constexpr std::uint32_t kKeysPerThread = 16;
constexpr std::uint64_t kSmallSortMax = std::uint64_t{1} << 16;
std::uint32_t keysPerThreadFor(const RadixSettings& settings, std::uint64_t keys) {
  if (settings.keysPerThread != 0) return static_cast<std::uint32_t>(settings.keysPerThread);
  return keys <= kSmallSortMax ? kSmallSortKeysPerThread : kKeysPerThread;
}
std::uint32_t largestKeysPerThread(const RadixSettings& settings) {
  return settings.keysPerThread != 0 ? static_cast<std::uint32_t>(settings.keysPerThread) : kKeysPerThread;
}

// Shared memory words of the fast rank-and-scatter kernel (the largest of the fast pipeline).
std::uint64_t fastSharedWords(const RadixSettings& settings, std::uint32_t subgroupWidth, bool coreMatch) {
  const auto workgroup = static_cast<std::uint64_t>(settings.workgroupSize);
  const std::uint64_t radix = radixOf(static_cast<std::uint32_t>(settings.radixBits));
  const std::uint64_t tile = tileWords(workgroup * static_cast<std::uint64_t>(largestKeysPerThread(settings)),
                                        workgroup / subgroupWidth, radix);
  return tile + 2 * radix + workgroup + (coreMatch ? workgroup : 0) + 1;
}

// Shared memory words of the one-workgroup-per-sequence kernel.
std::uint64_t sequenceSharedWords(std::uint64_t workgroup, std::uint32_t subgroupWidth, int ballotKind) {
  const std::uint64_t radix = 256;
  const std::uint64_t scan = ballotKind >= 2 ? workgroup / subgroupWidth : workgroup;
  return tileWords(workgroup * kSequenceKeysPerThread, workgroup / subgroupWidth, radix) + 2 * radix +
         (ballotKind == 0 ? workgroup : 0) + scan;
}

std::uint64_t classicSharedWords(int workgroupSize) { return 2 * static_cast<std::uint64_t>(workgroupSize); }

void requireSharedMemory(std::uint64_t words, const gl::Limits& limits, const std::string& what) {
  const std::uint64_t bytes = words * 4;
  if (bytes > static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize))
    throw UserError("radix: " + what + " needs " + std::to_string(bytes) + " bytes of shared memory; this GPU has " +
                    std::to_string(limits.maxComputeSharedMemorySize));
}

std::uint64_t ceilDiv(std::uint64_t value, std::uint64_t divisor) { return gl::divideRoundingUp(value, divisor); }


std::string bitRange(std::uint32_t place, std::uint32_t bits) {
  return "bits " + std::to_string(place * bits) + "-" + std::to_string(place * bits + bits - 1);
}

}  // namespace

// A compute program with its uniform locations looked up once (-1 where a kernel has none).
struct RadixSorter::Kernel {
  explicit Kernel(gl::Program compiled)
      : program(std::move(compiled)),
        sequenceLength(program.uniformLocation("u_sequenceLength")),
        partsPerSequence(program.uniformLocation("u_partsPerSequence")),
        partitionCount(program.uniformLocation("u_partitionCount")),
        shift(program.uniformLocation("u_shift")),
        hasValues(program.uniformLocation("u_hasValues")),
        place(program.uniformLocation("u_place")),
        sequenceCount(program.uniformLocation("u_sequenceCount")),
        count(program.uniformLocation("u_count")),
        passIndex(program.uniformLocation("u_passIndex")) {}
  gl::Program program;
  GLint sequenceLength, partsPerSequence, partitionCount, shift, hasValues, place, sequenceCount, count, passIndex;
};

RadixSettings parseRadixSettings(const SorterOptions& options, const gl::Limits& limits) {
  RadixSettings settings;
  if (options.teaching) settings.radixBits = static_cast<int>(kTeachingBits);
  const int maxWorkgroup = std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]);
  for (const auto& [name, value] : options.settings) {
    const std::string shown = "radix: " + name + " " + std::to_string(value);
    if (name == "radix-bits") {
      if (value != 4 && value != 8) throw UserError(shown + ": digits are 4 bits (teaching) or 8 bits (fast)");
      if (options.teaching && value != static_cast<int>(kTeachingBits))
        throw UserError(shown + ": the teaching schedule uses 4-bit digits");
      settings.radixBits = value;
    } else if (name == "workgroup-size") {
      if (value < 32 || value > maxWorkgroup || !std::has_single_bit(static_cast<unsigned>(value)))
        throw UserError(shown + ": needs a power of two from 32 to " + std::to_string(maxWorkgroup));
      settings.workgroupSize = value;
    } else if (name == "keys-per-thread") {
      // At most 32: keys stay in registers, and partitions (<= 1024 x 32) below the 2^16 that
      // the ranking's 16-bit counts can hold.
      if (value < 0 || value > 32) throw UserError(shown + ": needs 0 (auto) or 1 to 32");
      settings.keysPerThread = value;
    } else if (name == "scan") {
      if (value < 0 || value > 3)
        throw UserError(shown + ": 0 auto, 1 reduce-then-scan, 2 chained scan, 3 one workgroup per sequence");
      settings.scan = value;
    } else if (name == "workgroup-sort-max") {
      if (value < 0 || value > static_cast<int>(RadixSorter::kMaxWorkgroupSortLength))
        throw UserError(shown + ": needs 0 (never) to " + std::to_string(RadixSorter::kMaxWorkgroupSortLength) + " keys");
      settings.workgroupSortMax = value;
    } else if (name == "look-back-spins") {
      if (value < 0 || value > 65536) throw UserError(shown + ": needs 0 (always count a waiting predecessor's keys) to 65536");
      settings.lookBackSpins = value;
    } else if (name == "chained-max") {
      if (value < 0) throw UserError(shown + ": needs 0 (never) or more keys");
      settings.chainedMax = value;
    } else if (name == "histogram-partitions") {
      if (value < 0 || value > 1024) throw UserError(shown + ": needs 0 (auto) or 1 to 1024");
      settings.histogramPartitions = value;
    } else if (name == "ballot") {
      if (value < 0 || value > 2) throw UserError(shown + ": 0 auto (subgroup ballots), 1 off, 2 NV match instruction");
      settings.ballot = value;
    } else {
      throw UserError("radix has no setting '" + name + "' (known: " + kKnownSettings + ")");
    }
  }
  requireSharedMemory(classicSharedWords(settings.workgroupSize), limits,
                      "workgroup-size " + std::to_string(settings.workgroupSize));
  return settings;
}

RadixSorter::RadixSorter(const SorterOptions& options) : descendingKeys_(options.descendingKeys) {
  const gl::Limits& limits = gl::currentLimits();
  settings_ = parseRadixSettings(options, limits);
  keysPerThread_ = largestKeysPerThread(settings_);
  histogramPartitions_ = settings_.histogramPartitions != 0 ? static_cast<std::uint32_t>(settings_.histogramPartitions) : 16u;
  subgroupWidth_ = kCoreSubgroupWidth;
  if (settings_.radixBits == static_cast<int>(kTeachingBits)) return;  // the classic pipeline ranks without ballots

  // Ballots only where a probe shows subgroups laid out as shaders/sort/radix/match.glsl expects.
  // Ballots per digit bit (KHR, then ARB); the NV match instruction only when asked for: on an
  // H100 it ranked slower than eight ballots (docs/BENCHMARKS.md).
  std::vector<int> kinds;
  bool khrBallots = false;
  if (limits.hasKhrSubgroup) {
    GLint stages = 0, features = 0;
    glGetIntegerv(kSubgroupSupportedStages, &stages);
    glGetIntegerv(kSubgroupSupportedFeatures, &features);
    const GLint needed = kSubgroupFeatureArithmetic | kSubgroupFeatureBallot | kSubgroupFeatureShuffle;
    khrBallots = (stages & GL_COMPUTE_SHADER_BIT) != 0 && (features & needed) == needed;
  }
  if (settings_.ballot == 2) {
    if (!khrBallots || !limits.hasExtension("GL_NV_shader_subgroup_partitioned"))
      throw UserError("radix: ballot 2 needs GL_NV_shader_subgroup_partitioned and KHR subgroup arithmetic, ballots and shuffles");
    kinds.push_back(3);
  }
  if (settings_.ballot == 0 && khrBallots) kinds.push_back(2);
  if (settings_.ballot == 0 && limits.hasArbShaderBallot) kinds.push_back(1);
  for (int kind : kinds) {
    gl::ShaderDefines defines;
    defines.set("WORKGROUP_SIZE", settings_.workgroupSize).set("BALLOT_KIND", kind).set("PROBE_BINDING", kProbeBinding);
    const gl::Program probe = gl::Program::compute("shaders/sort/radix/ballot_probe.comp", defines);
    const gl::Buffer report =
        gl::makeStorageBuffer("radix: ballot probe", static_cast<std::size_t>(settings_.workgroupSize) * 4);
    probe.use();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kProbeBinding, report.id());
    glDispatchCompute(1, 1, 1);
    const auto sizes = gl::downloadWords(report, static_cast<std::size_t>(settings_.workgroupSize));
    const std::uint32_t size = sizes.front();
    if (size != 0 && settings_.workgroupSize % static_cast<int>(size) == 0 &&
        std::all_of(sizes.begin(), sizes.end(), [&](std::uint32_t s) { return s == size; })) {
      ballotKind_ = kind;
      subgroupWidth_ = size;
      break;
    }
  }
  requireSharedMemory(fastSharedWords(settings_, subgroupWidth_, ballotKind_ == 0), limits,
                      "workgroup-size " + std::to_string(settings_.workgroupSize) + " x keys-per-thread " +
                          std::to_string(largestKeysPerThread(settings_)));
  // The largest workgroup that fits: one workgroup per sequence leaves the rest of the GPU idle
  // when there is one sequence, so it should be as wide as the GPU allows.
  const auto maxWorkgroup = static_cast<std::uint64_t>(std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]));
  for (std::uint64_t size = 1024; size >= std::max<std::uint64_t>(subgroupWidth_, 32) && sequenceWorkgroupSize_ == 0; size /= 2)
    if (size <= maxWorkgroup && sequenceSharedWords(size, subgroupWidth_, ballotKind_) * 4 <=
                                    static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize))
      sequenceWorkgroupSize_ = static_cast<std::uint32_t>(size);
  if (settings_.scan == 3 && sequenceWorkgroupSize_ == 0)
    throw UserError("radix: scan 3 (one workgroup per sequence) does not fit this GPU's shared memory");
}

RadixSorter::~RadixSorter() = default;

std::string RadixSorter::whyCannotSort(const SortShape& shape, const gl::Limits& limits) {
  const std::uint64_t count = shape.elementCount();
  if (count > kMaxElements)
    return std::to_string(count) + " elements exceed radix's limit of 2^30 - 1 (output positions are 30-bit)";
  const auto maxBlock = static_cast<std::uint64_t>(limits.maxShaderStorageBlockSize);
  if (count * 4 > maxBlock)
    return "the keys take " + std::to_string(count * 4) + " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" +
           std::to_string(maxBlock) + ")";
  // The classic pipeline (every shape's fallback) keeps 16 counters per block of 512 keys.
  if (shape.sequenceLength >= 2) {
    const std::uint64_t counterBytes = std::uint64_t{shape.sequenceCount} * 16 * ceilDiv(shape.sequenceLength, 512) * 4;
    if (counterBytes > maxBlock)
      return "its digit counters take " + std::to_string(counterBytes) +
             " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" + std::to_string(maxBlock) + ")";
  }
  return {};
}

std::vector<Tunable> RadixSorter::tunables(const gl::Limits& limits) {
  const RadixSettings defaults;
  // Candidates must fit with the narrowest subgroup a driver reports (8 on llvmpipe).
  auto fits = [&](int workgroupSize, int keysPerThread) {
    RadixSettings settings = defaults;
    settings.workgroupSize = workgroupSize;
    settings.keysPerThread = keysPerThread;
    const auto sharedBytes = static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize);
    return workgroupSize <= std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]) &&
           fastSharedWords(settings, 8, true) * 4 <= sharedBytes && classicSharedWords(workgroupSize) * 4 <= sharedBytes;
  };
  Tunable workgroup{"workgroup-size", defaults.workgroupSize, {}};
  for (int size : {64, 128, 256, 512, 1024})
    if (fits(size, defaults.keysPerThread)) workgroup.candidates.push_back(size);
  Tunable keys{"keys-per-thread", defaults.keysPerThread, {}};
  for (int perThread : {0, 4, 8, 12, 15, 16, 20, 24, 28, 32})
    if (fits(defaults.workgroupSize, perThread)) keys.candidates.push_back(perThread);
  Tunable ballot{"ballot", defaults.ballot, {0, 1}};
  if (limits.hasExtension("GL_NV_shader_subgroup_partitioned")) ballot.candidates.push_back(2);
  return {workgroup, keys, {"scan", defaults.scan, {1, 2}}, ballot, {"workgroup-sort-max", defaults.workgroupSortMax, {0, 8192, 16384, 32768, 65536}}};
}

std::uint32_t RadixSorter::scanBlock() const {
  return pipeline_ == Pipeline::Classic ? partitionSize() : static_cast<std::uint32_t>(settings_.workgroupSize) * kPrefixScanItems;
}

std::uint32_t RadixSorter::partitionSize() const {
  const auto workgroup = static_cast<std::uint32_t>(settings_.workgroupSize);
  return pipeline_ == Pipeline::Classic ? 2 * workgroup : workgroup * keysPerThread_;
}

void RadixSorter::choosePartitions() {
  const std::uint32_t keysPerThread = keysPerThreadFor(settings_, shape_.elementCount());
  const std::uint64_t partitions = std::uint64_t{shape_.sequenceCount} *
                                   ceilDiv(shape_.sequenceLength, std::uint64_t{keysPerThread} * static_cast<std::uint64_t>(settings_.workgroupSize));
  // Automatic: enough workgroups to fill a large GPU, at most 16 partitions each (the count of
  // partitions per workgroup made no difference at 2^26 keys; one workgroup counting all of
  // 27,648 keys took 28 us).
  const auto histogramPartitions = settings_.histogramPartitions != 0
                                       ? static_cast<std::uint32_t>(settings_.histogramPartitions)
                                       : static_cast<std::uint32_t>(std::clamp<std::uint64_t>(partitions / 1024, 1, 16));
  if (keysPerThread != keysPerThread_ || histogramPartitions != histogramPartitions_ ||
      shape_.hasValues != kernelsHaveValues_) {
    // The kernels were compiled for other partitions.
    for (auto* slot : {&histogram_, &digitStarts_, &upsweep_, &prefixScan_, &prefixAdd_, &downsweep_, &chainedDownsweep_})
      slot->reset();
    keysPerThread_ = keysPerThread;
    histogramPartitions_ = histogramPartitions;
    kernelsHaveValues_ = shape_.hasValues;
  }
}

void RadixSorter::choosePipeline() {
  chained_ = false;
  choosePartitions();
  pipeline_ = settings_.radixBits == static_cast<int>(kTeachingBits) ? Pipeline::Classic : Pipeline::Fast;
  if (pipeline_ == Pipeline::Classic) return;
  if (settings_.scan == 3) {
    if (shape_.sequenceLength > kMaxWorkgroupSortLength)
      throw UserError("radix: scan 3 (one workgroup per sequence) takes sequences of up to " +
                      std::to_string(kMaxWorkgroupSortLength) + " keys; these have " + std::to_string(shape_.sequenceLength));
    pipeline_ = Pipeline::Sequence;
    return;
  }
  // One workgroup per sequence pays only when the sequences are many (an image's columns): a
  // single sequence of 27,648 keys took 2.6x as long that way as partitioned on an H100.
  if (settings_.scan == 0 && sequenceWorkgroupSize_ != 0 && shape_.sequenceCount >= kWorkgroupSortMinSequences &&
      shape_.sequenceLength <= static_cast<std::uint32_t>(settings_.workgroupSortMax)) {
    pipeline_ = Pipeline::Sequence;
    return;
  }
  // The chained scan saves the per-digit count and prefix-sum dispatches, which dominate small
  // sorts; it needs no forward progress (a partition counts a stalled predecessor's keys itself).
  chained_ = settings_.scan == 2 ||
             (settings_.scan == 0 && shape_.elementCount() <= static_cast<std::uint64_t>(settings_.chainedMax));
  // Short sequences would give the fast pipeline a counter matrix far larger than the input.
  const std::uint64_t parts = ceilDiv(shape_.sequenceLength, partitionSize());
  const std::uint64_t radix = radixOf(digitBits());
  const std::uint64_t words = std::max(shape_.sequenceCount * radix * parts, shape_.sequenceCount * radix * placesOf(digitBits()));
  const auto maxWords = static_cast<std::uint64_t>(gl::currentLimits().maxShaderStorageBlockSize) / 4;
  if (words > 8 * shape_.elementCount() + kCounterAllowanceWords || words > maxWords) pipeline_ = Pipeline::Classic;
}

gl::ShaderDefines RadixSorter::kernelDefines(int ballotKind, std::uint32_t subgroupWidth) const {
  const std::uint32_t bits = digitBits();
  const auto workgroup = static_cast<std::uint32_t>(settings_.workgroupSize);
  gl::ShaderDefines defines;
  defines.set("WORKGROUP_SIZE", workgroup)
      .set("RADIX_BITS", bits)
      .set("PARTITION_SIZE", partitionSize())
      .set("SCAN_BLOCK", scanBlock())
      .set("KEYS_PER_THREAD", keysPerThread_)
      .set("SUBGROUP_WIDTH", subgroupWidth)
      .set("BALLOT_KIND", ballotKind)
      .set("CHAINED", 0)
      .set("HAS_VALUES", kernelsHaveValues_ ? 1 : 0)
      .set("TILE_WORDS", static_cast<std::int64_t>(tileWords(partitionSize(), workgroup / subgroupWidth, radixOf(bits))))
      .set("LOOK_BACK_SPINS", settings_.lookBackSpins)
      .set("HISTOGRAM_PARTITIONS", histogramPartitions_)
      .set("KEYS_IN_BINDING", kKeysInBinding)
      .set("KEYS_OUT_BINDING", kKeysOutBinding)
      .set("VALUES_IN_BINDING", kValuesInBinding)
      .set("VALUES_OUT_BINDING", kValuesOutBinding)
      .set("COUNTERS_BINDING", kCountersBinding)
      .set("OFFSETS_BINDING", kOffsetsBinding)
      .set("HISTOGRAM_BINDING", kHistogramBinding)
      .set("STATUS_BINDING", kStatusBinding)
      .set("TICKETS_BINDING", kTicketsBinding)
      .set("SCAN_DATA_BINDING", kScanDataBinding)
      .set("SCAN_TOTALS_BINDING", kScanTotalsBinding);
  return defines;
}

std::uint32_t RadixSorter::sequenceWorkgroupFor(std::uint32_t sequenceLength) const {
  const auto needed = static_cast<std::uint32_t>(ceilDiv(sequenceLength, kSequenceKeysPerThread));
  return std::clamp(std::bit_ceil(std::max(needed, 1u)), std::max(subgroupWidth_, 32u), std::max(sequenceWorkgroupSize_, 32u));
}

gl::ShaderDefines RadixSorter::sequenceKernelDefines(int ballotKind, std::uint32_t subgroupWidth, std::uint32_t workgroup) const {
  gl::ShaderDefines defines = kernelDefines(ballotKind, subgroupWidth);
  defines.set("WORKGROUP_SIZE", workgroup)
      .set("KEYS_PER_THREAD", kSequenceKeysPerThread)
      .set("PARTITION_SIZE", workgroup * kSequenceKeysPerThread)
      .set("TILE_WORDS", static_cast<std::int64_t>(tileWords(workgroup * kSequenceKeysPerThread, workgroup / subgroupWidth, 256)));
  return defines;
}

RadixSorter::Kernel& RadixSorter::kernel(std::unique_ptr<Kernel>& slot, const char* path, const char* variant) {
  if (slot) return *slot;
  gl::ShaderDefines defines = kernelDefines(ballotKind_, subgroupWidth_);
  if (variant) defines.set(variant, 1);
  slot = std::make_unique<Kernel>(gl::Program::compute(path, defines));
  return *slot;
}

namespace {

// Buffers are bound as ranges of their exact size, so no binding exceeds what the block holds.
void bindStorage(GLuint binding, const gl::Buffer& buffer, std::size_t bytes) {
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, buffer.id(), 0, static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 4)));
}

}  // namespace

void RadixSorter::load(const SortData& input) {
  shape_ = input.shape();
  passesRun_ = 0;
  loadId_ = newLoadId();
  places_.clear();
  for (auto* buffer : {&keysInput_, &valuesInput_, &keys_[0], &keys_[1], &values_[0], &values_[1], &counters_, &offsets_,
                       &histograms_, &status_, &tickets_})
    *buffer = {};
  scanTotals_.clear();

  const std::size_t count = input.size();
  const auto maxBytes = static_cast<std::uint64_t>(gl::currentLimits().maxShaderStorageBlockSize);
  auto allocate = [&](StorageBuffer& target, const char* label, std::uint64_t words,
                      const std::vector<std::uint32_t>* data = nullptr) {
    if (words * 4 > maxBytes)
      throw UserError(std::string("radix: the ") + label + " buffer would take " + std::to_string(words * 4) +
                      " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" + std::to_string(maxBytes) + ")");
    target.bytes = static_cast<std::size_t>(std::max<std::uint64_t>(words * 4, 4));
    target.buffer = data ? gl::makeStorageBuffer(std::string("radix: ") + label, *data)
                         : gl::makeStorageBuffer(std::string("radix: ") + label, target.bytes);
  };
  allocate(keysInput_, "input keys", count, &input.keys);
  allocate(valuesInput_, "input values", input.hasValues() ? count : 0, &input.values);

  choosePipeline();
  // Digit places where some keys differ; every other place would leave the order as it is.
  std::uint32_t anyBits = 0, allBits = ~0u;
  for (std::uint32_t key : input.keys) {
    anyBits |= key;
    allBits &= key;
  }
  const std::uint32_t differing = count == 0 ? 0u : anyBits ^ allBits;
  const std::uint32_t bits = digitBits();
  if (shape_.sequenceLength >= 2)
    for (std::uint32_t place = 0; place < placesOf(bits); ++place)
      if (((differing >> (place * bits)) & (radixOf(bits) - 1)) != 0) places_.push_back(place);
  if (places_.empty()) return;

  partsPerSequence_ = static_cast<std::uint32_t>(ceilDiv(shape_.sequenceLength, partitionSize()));
  partitionCount_ = std::uint64_t{shape_.sequenceCount} * partsPerSequence_;
  const std::uint64_t counterWords = partitionCount_ * radixOf(bits);
  for (std::size_t i = 0; i < std::min<std::size_t>(places_.size(), 2); ++i) {
    allocate(keys_[i], i == 0 ? "keys A" : "keys B", count);
    allocate(values_[i], i == 0 ? "values A" : "values B", shape_.hasValues ? count : 0);
  }
  if (pipeline_ == Pipeline::Sequence) return;
  if (pipeline_ == Pipeline::Fast && chained_) {
    allocate(histograms_, "digit histograms", std::uint64_t{shape_.sequenceCount} * placesOf(bits) * radixOf(bits));
    // Each pass's own status words and ticket, so that one clear before the first pass serves all.
    allocate(status_, "look-back status", counterWords * places_.size());
    allocate(tickets_, "partition tickets", places_.size());
    return;
  }
  // Both other pipelines prefix-sum a counter matrix, level by level.
  allocate(counters_, "counter matrix", counterWords);
  if (pipeline_ == Pipeline::Classic) allocate(offsets_, "offsets in block", count);
  const std::uint64_t block = scanBlock();
  for (std::uint64_t level = counterWords;; level = ceilDiv(level, block)) {
    scanTotals_.emplace_back();
    allocate(scanTotals_.back(), "scan level totals", ceilDiv(level, block));
    if (level <= block) break;
  }
}

void RadixSorter::restart() { passesRun_ = 0; }

std::uint32_t RadixSorter::passCount() const { return static_cast<std::uint32_t>(places_.size()); }

std::string RadixSorter::pipelineName() const {
  if (pipeline_ == Pipeline::Classic) return "classic";
  if (pipeline_ == Pipeline::Sequence) return "fast/workgroup-per-sequence";
  return chained_ ? "fast/chained" : "fast/portable";
}

std::string RadixSorter::rankingName() const {
  switch (ballotKind_) {
    case 3: return "match NV";
    case 2: return "ballot KHR";
    case 1: return "ballot ARB";
    default: return "shared memory";
  }
}

std::string_view RadixSorter::explanation() {
  return "LSD radix sort: each pass orders the keys by one digit, lowest digit first, and keeps the order of "
         "keys with equal digits (stable), so the digits sorted before stay in force. Digit places where all keys "
         "agree are skipped. Teaching (4-bit digits; the fast schedule too on short sequences): each block of keys flags the keys of each digit value and "
         "scans the flags (Blelloch) for their offsets; a prefix sum over the counter matrix [digit][block] gives "
         "where each digit's keys of each block start; every key then moves there. Fast (8-bit digits): up to "
         "chained-max keys, one pass counts the digits of every place first, and per digit each partition ranks its "
         "keys with subgroup ballots, finds where its digits start by looking back at the partitions before (a "
         "chained scan) and scatters them; beyond, each partition counts its digits and one prefix sum over all "
         "counts gives the starts before the ranking and scatter. Many short sequences (an image's columns, up to "
         "workgroup-sort-max keys): one workgroup per sequence counts its digits and ranks and moves its keys a tile "
         "at a time, one dispatch per digit place.";
}

std::string RadixSorter::describePass(std::uint32_t pass) const {
  if (pass >= passCount()) return "no pass " + std::to_string(pass + 1) + ": the keys are sorted";
  std::string text = "pass " + std::to_string(pass + 1) + " of " + std::to_string(passCount()) + ", " +
                     bitRange(places_[pass], digitBits()) + ": ";
  if (pipeline_ == Pipeline::Classic) {
    text += "flag scans, counter prefix sum, scatter";
  } else if (pipeline_ == Pipeline::Sequence) {
    text += "one workgroup per sequence counts, ranks and moves";
  } else if (chained_) {
    text += pass == 0 ? "histograms of all places, look-back scan, scatter" : "look-back scan, rank and scatter";
  } else {
    text += "digit counts, prefix sum, rank and scatter";
  }
  // Inverted keys sorted by ascending digits are the user's keys by descending digits.
  return text + "; " + (descendingKeys_ ? "larger" : "smaller") + " digits first";
}

std::optional<DigitPlace> RadixSorter::digitPlace(std::uint32_t pass) const {
  if (pass >= passCount()) return std::nullopt;
  return DigitPlace{.shift = places_[pass] * digitBits(), .bits = digitBits()};
}

void RadixSorter::setGeometry(const Kernel& kernel) const {
  glUniform1ui(kernel.sequenceLength, shape_.sequenceLength);
  glUniform1ui(kernel.partsPerSequence, partsPerSequence_);
  glUniform1ui(kernel.partitionCount, static_cast<GLuint>(partitionCount_));
  glUniform1ui(kernel.hasValues, shape_.hasValues ? 1u : 0u);
  glUniform1ui(kernel.sequenceCount, shape_.sequenceCount);
}

void RadixSorter::dispatch(const char* step, std::uint64_t groups, std::uint64_t bytes) {
  gl::dispatchLinear(groups);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  if (observer_) observer_(step, bytes);
}

std::uint64_t RadixSorter::keyBytes() const { return shape_.elementCount() * 4; }

std::uint64_t RadixSorter::movedBytes() const { return shape_.elementCount() * (shape_.hasValues ? 16 : 8); }

void RadixSorter::runPass() {
  if (finished()) return;
  const std::uint32_t pass = passesRun_;
  const StorageBuffer& keysIn = pass == 0 ? keysInput_ : keys_[(pass - 1) % 2];
  const StorageBuffer& valuesIn = pass == 0 ? valuesInput_ : values_[(pass - 1) % 2];
  if (pipeline_ == Pipeline::Classic) {
    runClassicPass(places_[pass], keysIn, keys_[pass % 2], valuesIn, values_[pass % 2]);
  } else if (pipeline_ == Pipeline::Sequence) {
    runSequencePass(places_[pass], keysIn, keys_[pass % 2], valuesIn, values_[pass % 2]);
  } else {
    runFastPass(pass, places_[pass], keysIn, keys_[pass % 2], valuesIn, values_[pass % 2]);
  }
  ++passesRun_;
}

void RadixSorter::runClassicPass(std::uint32_t place, const StorageBuffer& keysIn, const StorageBuffer& keysOut,
                                 const StorageBuffer& valuesIn, const StorageBuffer& valuesOut) {
  // (1) flags, Blelloch scans per digit, counts per block.
  Kernel& block = kernel(classicBlock_, "shaders/sort/radix/teach_block.comp");
  block.program.use();
  setGeometry(block);
  glUniform1ui(block.shift, place * kTeachingBits);
  bindStorage(kKeysInBinding, keysIn.buffer, keysIn.bytes);
  bindStorage(kOffsetsBinding, offsets_.buffer, offsets_.bytes);
  bindStorage(kCountersBinding, counters_.buffer, counters_.bytes);
  dispatch("teach-block", partitionCount_, keyBytes() + offsets_.bytes + counters_.bytes);

  // (2) prefix sum over the counter matrix.
  scanCounters(0, counters_, partitionCount_ * radixOf(kTeachingBits));

  // (3) scatter.
  Kernel& scatter = kernel(classicScatter_, "shaders/sort/radix/teach_scatter.comp");
  scatter.program.use();
  setGeometry(scatter);
  glUniform1ui(scatter.shift, place * kTeachingBits);
  bindStorage(kKeysInBinding, keysIn.buffer, keysIn.bytes);
  bindStorage(kKeysOutBinding, keysOut.buffer, keysOut.bytes);
  bindStorage(kValuesInBinding, valuesIn.buffer, valuesIn.bytes);
  bindStorage(kValuesOutBinding, valuesOut.buffer, valuesOut.bytes);
  bindStorage(kOffsetsBinding, offsets_.buffer, offsets_.bytes);
  bindStorage(kCountersBinding, counters_.buffer, counters_.bytes);
  dispatch("teach-scatter", partitionCount_, movedBytes() + offsets_.bytes + counters_.bytes);
}

void RadixSorter::runSequencePass(std::uint32_t place, const StorageBuffer& keysIn, const StorageBuffer& keysOut,
                                  const StorageBuffer& valuesIn, const StorageBuffer& valuesOut) {
  const std::uint32_t workgroup = sequenceWorkgroupFor(shape_.sequenceLength);
  std::unique_ptr<Kernel>& slot = sequenceSorts_[workgroup];
  if (!slot) {
    const gl::ShaderDefines defines = sequenceKernelDefines(ballotKind_, subgroupWidth_, workgroup);
    slot = std::make_unique<Kernel>(gl::Program::compute("shaders/sort/radix/sequence.comp", defines));
  }
  Kernel& sort = *slot;
  sort.program.use();
  setGeometry(sort);
  glUniform1ui(sort.shift, place * digitBits());
  bindStorage(kKeysInBinding, keysIn.buffer, keysIn.bytes);
  bindStorage(kKeysOutBinding, keysOut.buffer, keysOut.bytes);
  bindStorage(kValuesInBinding, valuesIn.buffer, valuesIn.bytes);
  bindStorage(kValuesOutBinding, valuesOut.buffer, valuesOut.bytes);
  dispatch("sequence-sort", shape_.sequenceCount, movedBytes());
}

void RadixSorter::scanCounters(std::size_t level, const StorageBuffer& data, std::uint64_t count) {
  const bool classic = pipeline_ == Pipeline::Classic;
  const std::uint64_t groups = ceilDiv(count, scanBlock());
  const StorageBuffer& totals = scanTotals_[level];
  Kernel& scan = classic ? kernel(classicScan_, "shaders/sort/radix/teach_scan.comp")
                         : kernel(prefixScan_, "shaders/sort/radix/prefix_scan.comp");
  scan.program.use();
  glUniform1ui(scan.count, static_cast<GLuint>(count));
  bindStorage(kScanDataBinding, data.buffer, data.bytes);
  bindStorage(kScanTotalsBinding, totals.buffer, totals.bytes);
  dispatch(classic ? "teach-scan" : "prefix-scan", groups, count * 8);
  if (groups <= 1) return;
  scanCounters(level + 1, totals, groups);
  Kernel& add = classic ? kernel(classicAdd_, "shaders/sort/radix/teach_add.comp")
                        : kernel(prefixAdd_, "shaders/sort/radix/prefix_add.comp");
  add.program.use();
  glUniform1ui(add.count, static_cast<GLuint>(count));
  bindStorage(kScanDataBinding, data.buffer, data.bytes);
  bindStorage(kScanTotalsBinding, totals.buffer, totals.bytes);
  dispatch(classic ? "teach-add" : "prefix-add", groups, count * 8);
}

void RadixSorter::zeroBuffer(const StorageBuffer& target) {
  const GLuint zero = 0;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, target.buffer.id());
  glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 0, static_cast<GLsizeiptr>(target.bytes), GL_RED_INTEGER,
                       GL_UNSIGNED_INT, &zero);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

void RadixSorter::runFastPass(std::uint32_t pass, std::uint32_t place, const StorageBuffer& keysIn,
                              const StorageBuffer& keysOut, const StorageBuffer& valuesIn,
                              const StorageBuffer& valuesOut) {
  const std::uint32_t bits = digitBits();
  if (!chained_) {
    // Each partition's digit counts, then one prefix sum over them all: where each goes.
    Kernel& upsweep = kernel(upsweep_, "shaders/sort/radix/upsweep.comp");
    upsweep.program.use();
    setGeometry(upsweep);
    glUniform1ui(upsweep.shift, place * bits);
    bindStorage(kKeysInBinding, keysIn.buffer, keysIn.bytes);
    bindStorage(kCountersBinding, counters_.buffer, counters_.bytes);
    dispatch("upsweep", partitionCount_, keyBytes() + partitionCount_ * radixOf(bits) * 4);
    scanCounters(0, counters_, partitionCount_ * radixOf(bits));
  } else {
    if (pass == 0) {
      // Digit histograms of every place, from the input (a pass only permutes keys within
      // sequences), turned into where each digit starts, per sequence and place. Zeroing is a
      // buffer clear, not a dispatch: GL orders it before the shaders that read the buffers.
      for (const StorageBuffer* zeroed : {&histograms_, &status_, &tickets_})
        zeroBuffer(*zeroed);
      Kernel& histogram = kernel(histogram_, "shaders/sort/radix/histogram.comp");
      histogram.program.use();
      setGeometry(histogram);
      bindStorage(kKeysInBinding, keysIn.buffer, keysIn.bytes);
      bindStorage(kHistogramBinding, histograms_.buffer, histograms_.bytes);
      dispatch("histogram", ceilDiv(partitionCount_, histogramPartitions_), keyBytes());
      Kernel& starts = kernel(digitStarts_, "shaders/sort/radix/digit_starts.comp");
      starts.program.use();
      setGeometry(starts);
      bindStorage(kHistogramBinding, histograms_.buffer, histograms_.bytes);
      dispatch("digit-starts", std::uint64_t{shape_.sequenceCount} * placesOf(bits), histograms_.bytes * 2);
    }
  }

  Kernel& downsweep = chained_ ? kernel(chainedDownsweep_, "shaders/sort/radix/downsweep.comp", "CHAINED")
                               : kernel(downsweep_, "shaders/sort/radix/downsweep.comp");
  downsweep.program.use();
  setGeometry(downsweep);
  glUniform1ui(downsweep.shift, place * bits);
  glUniform1ui(downsweep.place, place);
  glUniform1ui(downsweep.passIndex, pass);
  bindStorage(kKeysInBinding, keysIn.buffer, keysIn.bytes);
  bindStorage(kKeysOutBinding, keysOut.buffer, keysOut.bytes);
  bindStorage(kValuesInBinding, valuesIn.buffer, valuesIn.bytes);
  bindStorage(kValuesOutBinding, valuesOut.buffer, valuesOut.bytes);
  bindStorage(kHistogramBinding, histograms_.buffer, histograms_.bytes);
  if (chained_) {
    bindStorage(kStatusBinding, status_.buffer, status_.bytes);
    bindStorage(kTicketsBinding, tickets_.buffer, tickets_.bytes);
  } else {
    bindStorage(kCountersBinding, counters_.buffer, counters_.bytes);
  }
  dispatch("downsweep", partitionCount_, movedBytes() + (chained_ ? 0 : partitionCount_ * radixOf(bits) * 4));
}

std::vector<std::uint32_t> RadixSorter::readCounters() const {
  return gl::downloadWords(counters_.buffer, counters_.bytes / 4);
}

SortData RadixSorter::read() const {
  const StorageBuffer& keys = passesRun_ == 0 ? keysInput_ : keys_[(passesRun_ - 1) % 2];
  const StorageBuffer& values = passesRun_ == 0 ? valuesInput_ : values_[(passesRun_ - 1) % 2];
  return downloadSortData(shape_, keys.buffer, values.buffer);
}

GpuStateView RadixSorter::gpuState() const {
  // Pass 0 is the loaded input itself; pass p wrote keys_[(p - 1) % 2].
  const StorageBuffer& keys = passesRun_ == 0 ? keysInput_ : keys_[(passesRun_ - 1) % 2];
  const StorageBuffer& values = passesRun_ == 0 ? valuesInput_ : values_[(passesRun_ - 1) % 2];
  return {.storage = GpuStateView::Storage::Buffers, .keys = keys.buffer.id(), .values = values.buffer.id()};
}

namespace {

struct RadixCheckpoint final : Checkpoint {
  gl::Buffer keys, values;  // the state after passesRun passes; none at pass 0 (the input)
  gl::Buffer counters;      // the counter matrix as the last pass left it (not chained)
};

}  // namespace

std::unique_ptr<Checkpoint> RadixSorter::checkpoint() const {
  auto saved = std::make_unique<RadixCheckpoint>();
  saved->passesRun = passesRun_;
  saved->loadId = loadId_;
  // Pass 0's state is the input buffer, which no pass writes.
  if (passesRun_ == 0) return saved;
  const std::size_t bytes = shape_.elementCount() * 4;
  const std::size_t newest = (passesRun_ - 1) % 2;
  saved->keys = copyOfBuffer("radix: checkpoint keys", keys_[newest].buffer, bytes);
  if (shape_.hasValues) saved->values = copyOfBuffer("radix: checkpoint values", values_[newest].buffer, bytes);
  // The chained pipeline keeps no counters between passes; its digit starts, built by pass 0,
  // depend on the input only and stay valid for every later pass of this load().
  if (counters_.buffer) saved->counters = copyOfBuffer("radix: checkpoint counters", counters_.buffer, counters_.bytes);
  return saved;
}

void RadixSorter::resume(const Checkpoint& checkpoint) {
  const auto& saved = ownCheckpoint<RadixCheckpoint>("radix", checkpoint, loadId_);
  if (saved.passesRun > 0) {
    // Pass p reads keys_[(p - 1) % 2]: put the state where the next pass looks for it.
    const std::size_t bytes = shape_.elementCount() * 4;
    const std::size_t newest = (saved.passesRun - 1) % 2;
    restoreBuffer(saved.keys, keys_[newest].buffer, bytes);
    if (shape_.hasValues) restoreBuffer(saved.values, values_[newest].buffer, bytes);
    if (saved.counters) restoreBuffer(saved.counters, counters_.buffer, counters_.bytes);
    // The chained scan's later passes find their status words and tickets zeroed, as after the
    // clear before pass 1 (the digit starts the first pass made still hold: they depend on the
    // input alone).
    if (chained_) {
      zeroBuffer(status_);
      zeroBuffer(tickets_);
    }
  }
  passesRun_ = saved.passesRun;
}

std::size_t RadixSorter::checkpointBytes() const {
  return shape_.elementCount() * (shape_.hasValues ? 8 : 4) + counters_.bytes;
}

}  // namespace shadersort
