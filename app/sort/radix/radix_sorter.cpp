#include "sort/radix/radix_sorter.h"

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/checkpoint_support.h"
#include "sort/state_readback.h"
#include "sort/storage_state.h"

namespace shadersort {
namespace {

using radix::kTeachingBits;
using radix::placesOf;
using radix::radixOf;

// The chained scan keeps a 2-bit flag and a 30-bit position in one word.
constexpr std::uint64_t kMaxElements = (std::uint64_t{1} << 30) - 1;
// Above this many words of per-partition counters (relative to the input) the fast pipeline
// hands short sequences to the classic one, whose 16 digits need 16x fewer counters.
constexpr std::uint64_t kCounterAllowanceWords = std::uint64_t{1} << 20;

std::uint64_t ceilDiv(std::uint64_t value, std::uint64_t divisor) { return gl::divideRoundingUp(value, divisor); }

std::string bitRange(std::uint32_t place, std::uint32_t bits) {
  return "bits " + std::to_string(place * bits) + "-" + std::to_string(place * bits + bits - 1);
}

}  // namespace

RadixSorter::RadixSorter(SortContext& context, const SorterOptions& options)
    : shaders_(context.shaders()),
      settings_(RadixSettings::fromOptions(scheduleOptions(options), context.limits())),
      descendingKeys_(options.descendingKeys),
      countWork_(options.countWork),
      maxStorageBlockBytes_(static_cast<std::uint64_t>(context.limits().maxShaderStorageBlockSize)) {
  const gl::Limits& limits = context.limits();
  keysPerThread_ = radix::largestKeysPerThread(settings_);
  histogramPartitions_ =
      settings_.histogramPartitions != 0 ? static_cast<std::uint32_t>(settings_.histogramPartitions) : 16u;
  if (settings_.radixBits == static_cast<int>(kTeachingBits)) return;  // the classic pipeline ranks without ballots

  ranking_ = radix::cachedRanking(context, settings_);
  const bool coreMatch = ranking_.ballotKind == radix::BallotKind::Shared;
  largeSortWorkgroup_ = radix::largeSortWorkgroup(settings_, ranking_.subgroupWidth, coreMatch, limits);
  workgroupSize_ = settings_.workgroupSize != 0 ? static_cast<std::uint32_t>(settings_.workgroupSize)
                                                : largeSortWorkgroup_;  // the largest any input gets
  radix::requireSharedMemory(radix::fastSharedWords(settings_, workgroupSize_, ranking_.subgroupWidth, coreMatch),
                             limits,
                             "workgroup-size " + std::to_string(workgroupSize_) + " x keys-per-thread " +
                                 std::to_string(radix::largestKeysPerThread(settings_)));
  // The largest workgroup that fits: one workgroup per sequence leaves the rest of the GPU idle
  // when there is one sequence, so it should be as wide as the GPU allows.
  const auto maxWorkgroup = static_cast<std::uint64_t>(
      std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]));
  for (std::uint64_t size = 1024;
       size >= std::max<std::uint64_t>(ranking_.subgroupWidth, 32) && sequenceWorkgroupSize_ == 0; size /= 2)
    if (size <= maxWorkgroup && radix::sequenceSharedWords(size, ranking_.subgroupWidth, ranking_.ballotKind) * 4 <=
                                    static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize))
      sequenceWorkgroupSize_ = static_cast<std::uint32_t>(size);
  if (settings_.scan == RadixSettings::kScanWorkgroup && sequenceWorkgroupSize_ == 0)
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
    const std::uint64_t counterBytes =
        std::uint64_t{shape.sequenceCount} * 16 * ceilDiv(shape.sequenceLength, 512) * 4;
    if (counterBytes > maxBlock)
      return "its digit counters take " + std::to_string(counterBytes) +
             " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" + std::to_string(maxBlock) + ")";
  }
  return {};
}

std::uint32_t RadixSorter::scanBlock() const {
  return pipeline_ == Pipeline::Classic ? partitionSize() * radix::kTeachScanItems
                                        : std::min(workgroupSize() * radix::kPrefixScanItems, radix::kMaxPrefixScanBlock);
}

std::uint32_t RadixSorter::partitionSize() const {
  return pipeline_ == Pipeline::Classic ? 2 * workgroupSize() : workgroupSize() * keysPerThread_;
}

std::uint32_t RadixSorter::workgroupSize() const {
  return pipeline_ == Pipeline::Classic ? radix::classicWorkgroupSize(settings_) : workgroupSize_;
}

void RadixSorter::choosePartitions() {
  const SortShape& shape = load_.shape;
  const std::uint32_t workgroupSize = radix::workgroupSizeFor(settings_, shape.elementCount(), largeSortWorkgroup_);
  const std::uint32_t keysPerThread = radix::keysPerThreadFor(settings_, shape.elementCount());
  const std::uint64_t partitions = std::uint64_t{shape.sequenceCount} *
                                   ceilDiv(shape.sequenceLength, std::uint64_t{keysPerThread} * workgroupSize);
  // Automatic: enough workgroups to fill a large GPU, at most 16 partitions each (the count of
  // partitions per workgroup made no difference at 2^26 keys; one workgroup counting all of
  // 27,648 keys took 28 us).
  const auto histogramPartitions =
      settings_.histogramPartitions != 0 ? static_cast<std::uint32_t>(settings_.histogramPartitions)
                                         : static_cast<std::uint32_t>(std::clamp<std::uint64_t>(partitions / 1024, 1, 16));
  if (workgroupSize != workgroupSize_ || keysPerThread != keysPerThread_ ||
      histogramPartitions != histogramPartitions_) {
    partitioned_.dropKernels();  // compiled for other partitions
    workgroupSize_ = workgroupSize;
    keysPerThread_ = keysPerThread;
    histogramPartitions_ = histogramPartitions;
  }
}

void RadixSorter::choosePipeline() {
  const SortShape& shape = load_.shape;
  chained_ = false;
  choosePartitions();
  pipeline_ = settings_.radixBits == static_cast<int>(kTeachingBits) ? Pipeline::Classic : Pipeline::Fast;
  if (pipeline_ == Pipeline::Classic) return;
  if (settings_.scan == RadixSettings::kScanWorkgroup) {
    if (shape.sequenceLength > kMaxWorkgroupSortLength)
      throw UserError("radix: scan 3 (one workgroup per sequence) takes sequences of up to " +
                      std::to_string(kMaxWorkgroupSortLength) + " keys; these have " +
                      std::to_string(shape.sequenceLength));
    pipeline_ = Pipeline::Sequence;
    return;
  }
  // One workgroup per sequence pays only when the sequences are many (an image's columns): a
  // single sequence of 27,648 keys took 2.6x as long that way as partitioned on an H100.
  if (settings_.scan == RadixSettings::kScanAuto && sequenceWorkgroupSize_ != 0 &&
      shape.sequenceCount >= kWorkgroupSortMinSequences &&
      shape.sequenceLength <= static_cast<std::uint32_t>(settings_.workgroupSortMax)) {
    pipeline_ = Pipeline::Sequence;
    return;
  }
  // The chained scan saves the per-digit count and prefix-sum dispatches, which dominate small
  // sorts; it needs no forward progress (a partition counts a stalled predecessor's keys itself).
  chained_ = settings_.scan == RadixSettings::kScanChained ||
             (settings_.scan == RadixSettings::kScanAuto &&
              shape.elementCount() <= static_cast<std::uint64_t>(settings_.chainedMax));
  // Short sequences would give the fast pipeline a counter matrix far larger than the input.
  const std::uint64_t parts = ceilDiv(shape.sequenceLength, partitionSize());
  const std::uint64_t radix = radixOf(digitBits());
  const std::uint64_t words =
      std::max(shape.sequenceCount * radix * parts, shape.sequenceCount * radix * placesOf(digitBits()));
  const std::uint64_t maxWords = maxStorageBlockBytes_ / 4;
  // The chained scan's status words (one per digit, partition and pass) are four counter
  // matrices: beyond one storage block auto takes reduce-then-scan (scan=chained is refused
  // when the buffer is made, naming it).
  if (chained_ && settings_.scan == RadixSettings::kScanAuto &&
      placesOf(digitBits()) * shape.sequenceCount * radix * parts > maxWords)
    chained_ = false;
  if (words > 8 * shape.elementCount() + kCounterAllowanceWords || words > maxWords) pipeline_ = Pipeline::Classic;
  // Only the chained downsweep reads EARLY_COUNTS: only it is rebuilt when the choice flips.
  const bool earlyCounts = pipeline_ == Pipeline::Fast && chained_ &&
                           radix::earlyCountsFor(settings_, shape.sequenceCount * parts, shape.hasValues);
  if (earlyCounts != earlyCounts_) {
    partitioned_.dropChainedDownsweep();
    earlyCounts_ = earlyCounts;
  }
}

radix::KernelLayout RadixSorter::kernelLayout(radix::BallotKind ballotKind, std::uint32_t subgroupWidth) const {
  return {.digitBits = digitBits(),
          .workgroupSize = workgroupSize(),
          .partitionSize = partitionSize(),
          .scanBlock = scanBlock(),
          .keysPerThread = keysPerThread_,
          .histogramPartitions = histogramPartitions_,
          .lookBackSpins = settings_.lookBackSpins,
          .lookBackWindow = settings_.lookBackWindow,
          .earlyCounts = earlyCounts_,
          .ballotKind = ballotKind,
          .subgroupWidth = subgroupWidth};
}

gl::ShaderDefines RadixSorter::kernelDefines(radix::BallotKind ballotKind, std::uint32_t subgroupWidth) const {
  return radix::kernelDefines(kernelLayout(ballotKind, subgroupWidth));
}

gl::ShaderDefines RadixSorter::sequenceKernelDefines(radix::BallotKind ballotKind, std::uint32_t subgroupWidth,
                                                     std::uint32_t workgroupSize) const {
  return radix::sequenceKernelDefines(kernelLayout(ballotKind, subgroupWidth), workgroupSize);
}

std::uint32_t RadixSorter::sequenceWorkgroupFor(std::uint32_t sequenceLength) const {
  const auto needed = static_cast<std::uint32_t>(ceilDiv(sequenceLength, radix::kSequenceKeysPerThread));
  return std::clamp(std::bit_ceil(std::max(needed, 1u)), std::max(ranking_.subgroupWidth, 32u),
                    std::max(sequenceWorkgroupSize_, 32u));
}

void RadixSorter::load(const SortTarget& input) {
  load_ = {};
  load_.shape = input.shape;
  load_.shaders = shaders_;
  passesRun_ = 0;
  loadId_ = newLoadId();
  places_.clear();
  buffers_ = {};
  const std::size_t bytes = load_.shape.elementCount() * 4;
  buffers_.keysInput = storageCopyOf("radix: input keys", input.keys, bytes);
  buffers_.valuesInput = storageCopyOf("radix: input values", input.values, load_.shape.hasValues ? bytes : 0);

  choosePipeline();
  // Digit places where some keys differ; every other place would leave the order as it is.
  const std::uint32_t differing = bytes == 0 ? 0u : input.differingBits;
  const std::uint32_t bits = digitBits();
  if (load_.shape.sequenceLength >= 2)
    for (std::uint32_t place = 0; place < placesOf(bits); ++place)
      if (((differing >> (place * bits)) & (radixOf(bits) - 1)) != 0) places_.push_back(place);
  if (places_.empty()) return;

  load_.digitBits = bits;
  load_.passCount = static_cast<std::uint32_t>(places_.size());
  load_.scanBlock = scanBlock();
  load_.partsPerSequence = static_cast<std::uint32_t>(ceilDiv(load_.shape.sequenceLength, partitionSize()));
  load_.partitionCount = std::uint64_t{load_.shape.sequenceCount} * load_.partsPerSequence;
  load_.histogramPartitions = histogramPartitions_;
  load_.defines = kernelDefines(ranking_.ballotKind, ranking_.subgroupWidth);
  if (countWork_) load_.defines.setAll(workCountDefines());
  if (pipeline_ == Pipeline::Sequence)
    sequenceDefines_ = sequenceKernelDefines(ranking_.ballotKind, ranking_.subgroupWidth,
                                             sequenceWorkgroupFor(load_.shape.sequenceLength));
  allocateBuffers();
  if (countWork_) workCounter_.reset(passCount());
}

void RadixSorter::allocateBuffers() {
  const std::size_t count = load_.shape.elementCount();
  const std::uint32_t bits = load_.digitBits;
  // Sizes beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE are refused by StorageBuffer, naming the buffer.
  auto words = [](std::uint64_t count) { return static_cast<std::size_t>(count * 4); };
  for (std::size_t i = 0; i < std::min<std::size_t>(places_.size(), 2); ++i) {
    buffers_.keys[i] = compute::StorageBuffer(i == 0 ? "radix: keys A" : "radix: keys B", words(count));
    buffers_.values[i] = compute::StorageBuffer(i == 0 ? "radix: values A" : "radix: values B",
                                                words(load_.shape.hasValues ? count : 0));
  }
  if (pipeline_ == Pipeline::Sequence) return;
  const std::uint64_t counterWords = load_.partitionCount * radixOf(bits);
  if (pipeline_ == Pipeline::Fast && chained_) {
    const std::uint64_t histogramWords = std::uint64_t{load_.shape.sequenceCount} * placesOf(bits) * radixOf(bits);
    buffers_.histograms = compute::StorageBuffer("radix: digit histograms", words(histogramWords));
    buffers_.histograms.clear();  // once: what works out each sort's digit starts zeroes them again
    buffers_.digitStarts = compute::StorageBuffer("radix: digit starts", words(histogramWords));
    // Each pass's own status words and ticket, all zeroed by the first pass's kernels.
    buffers_.status = compute::StorageBuffer("radix: look-back status", words(counterWords * places_.size()));
    // A ticket per pass, and the histogram kernel's count of its finished workgroups (one
    // sequence), which that kernel's last workgroup puts back to 0.
    buffers_.tickets = compute::StorageBuffer("radix: partition tickets", words(places_.size() + 1));
    buffers_.tickets.clear();
    return;
  }
  // Both other pipelines prefix-sum a counter matrix, level by level.
  buffers_.counters = compute::StorageBuffer("radix: counter matrix", words(counterWords));
  if (pipeline_ == Pipeline::Classic) buffers_.offsets = compute::StorageBuffer("radix: offsets in block", words(count));
  for (std::uint64_t levelWords : radix::CounterScan::totalsWords(counterWords, load_.scanBlock))
    buffers_.scanTotals.emplace_back("radix: scan level totals", words(levelWords));
}

void RadixSorter::restart() { passesRun_ = 0; }

std::uint32_t RadixSorter::passCount() const { return static_cast<std::uint32_t>(places_.size()); }

std::string RadixSorter::pipelineName() const {
  if (pipeline_ == Pipeline::Classic) return "classic";
  if (pipeline_ == Pipeline::Sequence) return "fast/workgroup-per-sequence";
  return chained_ ? "fast/chained" : "fast/portable";
}

std::string_view RadixSorter::explanation() {
  return "LSD radix sort: each pass orders the keys by one digit, lowest digit first, and keeps the order of "
         "keys with equal digits (stable), so the digits sorted before stay in force. Digit places where all keys "
         "agree are skipped. Teaching (4-bit digits; the fast schedule too on short sequences): each block of keys flags the keys of each digit value and "
         "scans the flags (Blelloch) for their offsets; a prefix sum over the counter matrix [digit][block] gives "
         "where each digit's keys of each block start; every key then moves there. Fast (8-bit digits): one pass "
         "counts the digits of every place first, and per digit each partition ranks its keys with subgroup "
         "ballots, finds where its digits start by looking back at the partitions before (a chained scan) and "
         "scatters them; with scan=portable (or beyond chained-max keys), each partition counts its digits and one "
         "prefix sum over all counts gives the starts before the ranking and scatter. Many short sequences (an image's columns, up to "
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

const compute::StorageBuffer& RadixSorter::keysAfter(std::uint32_t passes) const {
  return passes == 0 ? buffers_.keysInput : buffers_.keys[(passes - 1) % 2];
}

const compute::StorageBuffer& RadixSorter::valuesAfter(std::uint32_t passes) const {
  return passes == 0 ? buffers_.valuesInput : buffers_.values[(passes - 1) % 2];
}

std::optional<WorkCounts> RadixSorter::workCounts(std::uint32_t pass) const {
  if (!countWork_ || pass >= passesRun_) return std::nullopt;
  return workCounter_.read(pass);
}

void RadixSorter::runPass() {
  if (finished()) return;
  const radix::RadixPass pass{.index = passesRun_,
                              .place = places_[passesRun_],
                              .keysIn = keysAfter(passesRun_),
                              .keysOut = buffers_.keys[passesRun_ % 2],
                              .valuesIn = valuesAfter(passesRun_),
                              .valuesOut = buffers_.values[passesRun_ % 2]};
  if (countWork_) workCounter_.beginPass(passesRun_);
  switch (pipeline_) {
    case Pipeline::Classic: classic_.runPass(pass, load_, buffers_, observer_); break;
    case Pipeline::Sequence:
      sequence_.runPass(pass, load_, sequenceWorkgroupFor(load_.shape.sequenceLength), sequenceDefines_, observer_);
      break;
    case Pipeline::Fast: partitioned_.runPass(pass, chained_, load_, buffers_, observer_); break;
  }
  ++passesRun_;
}

std::vector<std::uint32_t> RadixSorter::readCounters() const {
  return gl::downloadWords(buffers_.counters.buffer(), buffers_.counters.bytes() / 4);
}

std::optional<std::vector<std::uint32_t>> RadixSorter::digitCounters(std::size_t limitKeys) const {
  // Only the portable fast pipeline keeps a whole matrix per pass; the others keep a running
  // total (classic, chained) or none (workgroup per sequence).
  if (pipeline_ != Pipeline::Fast || chained_ || passesRun_ == 0 || load_.shape.elementCount() > limitKeys) return std::nullopt;
  countStateReadback();
  return readCounters();
}

void RadixSorter::fillChainedState(std::uint32_t word) const {
  buffers_.status.clear(word);
  buffers_.tickets.clear(word, 0, places_.size());  // not the histogram's done count after them
}

RadixSorter::ChainedState RadixSorter::readChainedState() const {
  auto words = [](const compute::StorageBuffer& buffer) {
    return gl::downloadWords(buffer.buffer(), buffer.bytes() / 4);
  };
  return {.status = words(buffers_.status), .tickets = words(buffers_.tickets), .histograms = words(buffers_.histograms)};
}

SortData RadixSorter::read() const {
  return downloadSortData(load_.shape, keysAfter(passesRun_).buffer(), valuesAfter(passesRun_).buffer());
}

GpuStateView RadixSorter::gpuState() const {
  return {.storage = GpuStateView::Storage::Buffers,
          .keys = keysAfter(passesRun_).id(),
          .values = valuesAfter(passesRun_).id()};
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
  const std::size_t bytes = load_.shape.elementCount() * 4;
  saved->keys = copyOfBuffer("radix: checkpoint keys", keysAfter(passesRun_).buffer(), bytes);
  if (load_.shape.hasValues)
    saved->values = copyOfBuffer("radix: checkpoint values", valuesAfter(passesRun_).buffer(), bytes);
  // The chained pipeline keeps no counters between passes; its digit starts, built by pass 0,
  // depend on the input only and stay valid for every later pass of this load().
  if (buffers_.counters)
    saved->counters =
        copyOfBuffer("radix: checkpoint counters", buffers_.counters.buffer(), buffers_.counters.bytes());
  return saved;
}

void RadixSorter::resume(const Checkpoint& checkpoint) {
  const auto& saved = ownCheckpoint<RadixCheckpoint>("radix", checkpoint, loadId_);
  if (saved.passesRun > 0) {
    // Pass p reads the state after p passes: put it where the next pass looks for it.
    const std::size_t bytes = load_.shape.elementCount() * 4;
    restoreBuffer(saved.keys, keysAfter(saved.passesRun).buffer(), bytes);
    if (load_.shape.hasValues) restoreBuffer(saved.values, valuesAfter(saved.passesRun).buffer(), bytes);
    if (saved.counters) restoreBuffer(saved.counters, buffers_.counters.buffer(), buffers_.counters.bytes());
    // The chained scan's later passes find their status words and tickets zeroed, as the first
    // pass's kernels left them (the digit starts the first pass made still hold: they depend on
    // the input alone). A clear here, not per sort: resuming is a viewer's step, not timed.
    if (chained_) {
      buffers_.status.clear();
      buffers_.tickets.clear();
    }
  }
  passesRun_ = saved.passesRun;
}

std::size_t RadixSorter::checkpointBytes() const {
  // The counter matrix: 0 bytes when there is none.
  return load_.shape.elementCount() * (load_.shape.hasValues ? 8 : 4) + buffers_.counters.bytes();
}

// [SECTION] GPU view: the workgroups of a pass (Sorter::workgroupLayout)

std::optional<WorkgroupLayout> RadixSorter::workgroupLayout(std::uint32_t pass) const {
  if (pass >= passCount()) return std::nullopt;
  WorkgroupLayout layout;
  layout.positionsPerSequence = load_.shape.sequenceLength;
  if (pipeline_ == Pipeline::Sequence) {
    layout.dispatch = "sequence sort";
    layout.unitName = "sequence";
    layout.workgroupSize = sequenceWorkgroupSize_;
    layout.sequenceStride = layout.unitLength = load_.shape.sequenceLength;
    layout.workgroupCount = load_.shape.sequenceCount;
    return layout;
  }
  // Every kernel of the classic and partitioned pipelines takes one partition per workgroup
  // (radix/common.glsl partitionAt); the scatter (downsweep) is the one that moves the keys.
  layout.dispatch = pipeline_ == Pipeline::Classic ? "scatter" : "downsweep";
  layout.unitName = "partition";
  layout.workgroupSize = workgroupSize();
  layout.unitLength = partitionSize();
  layout.sequenceStride = load_.partsPerSequence * partitionSize();
  layout.workgroupCount = load_.partitionCount;
  if (pipeline_ == Pipeline::Fast && chained_) {
    layout.unitsTakenInArrivalOrder = true;
    layout.note = "chained scan: partitions, taken by workgroups in ticket order";
  }
  return layout;
}

}  // namespace shadersort
