#include "sort/radix/radix_sorter.h"

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/checkpoint_support.h"
#include "sort/index_text.h"
#include "sort/state_readback.h"

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
    : Stepper("radix", options.countWork),
      shaders_(context.shaders()),
      settings_(RadixSettings::fromOptions(scheduleOptions(options), context.limits())),
      descendingKeys_(options.descendingKeys),
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
  workgroupSize_ = workgroupSize;
  keysPerThread_ = keysPerThread;
  histogramPartitions_ = histogramPartitions;
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
  // Sequences of a few keys: a digit pass each would cost a workgroup launch per sequence and
  // place for a handful of keys (rows of 5 keys took 14x as long as one row of the same keys).
  if (settings_.scan == RadixSettings::kScanAuto && shape.sequenceLength <= radix::kMaxShortSequenceLength &&
      shape.sequenceCount >= kWorkgroupSortMinSequences) {
    pipeline_ = Pipeline::Short;
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
  earlyCounts_ = pipeline_ == Pipeline::Fast && chained_ &&
                 radix::earlyCountsFor(settings_, shape.sequenceCount * parts, shape.hasValues);
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
  plan(input.shape, input.differingBits);
  inPlace_ = false;
  copyInput(input);
}

void RadixSorter::sortInPlace(const SortTarget& target) {
  if (target.segmented()) {
    segmented_.sort(*this, target);
    return;
  }
  const std::size_t bytes = target.shape.elementCount() * 4;
  if (!compute::alignedForStorage(target.keys.offset) ||
      (target.shape.hasValues && !compute::alignedForStorage(target.values.offset)))
    throw std::invalid_argument("radix: an in-place sort's offsets must be multiples of "
                                "GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT");
  plan(target.shape, target.differingBits);
  inPlace_ = true;
  targetKeys_ = {target.keys.buffer, target.keys.offset, std::max<std::size_t>(bytes, 4)};
  targetValues_ = target.shape.hasValues ? compute::StorageRange{target.values.buffer, target.values.offset, bytes}
                                         : buffers_.values[0].range();  // bound, never read
  runAll();
  if (passCount() != 1 || pipeline_ == Pipeline::Short) return;
  // One pass cannot scatter into the buffer it reads: its result comes back by copy.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  auto copyBack = [bytes](const compute::StorageBuffer& from, const compute::StorageRange& to) {
    glBindBuffer(GL_COPY_READ_BUFFER, from.id());
    glBindBuffer(GL_COPY_WRITE_BUFFER, to.buffer);
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, static_cast<GLintptr>(to.offset),
                        static_cast<GLsizeiptr>(bytes));
  };
  copyBack(buffers_.keys[0], targetKeys_);
  if (target.shape.hasValues) copyBack(buffers_.values[0], targetValues_);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

std::vector<std::uint64_t> RadixSorter::layoutCounts(std::uint64_t count) const {
  // Every partition layout a single sequence of up to `count` keys can get: the layout changes
  // only where workgroupSizeFor/keysPerThreadFor, the histogram partitions (a step per 1024
  // partitions), early counts or the chained limit do, so one count on each side of those
  // boundaries, and the largest, covers them all.
  std::vector<std::uint64_t> counts = {2, count};
  auto around = [&](std::uint64_t boundary) {
    for (std::uint64_t candidate : {boundary - 1, boundary, boundary + 1})
      if (candidate >= 2 && candidate <= count) counts.push_back(candidate);
  };
  const std::uint64_t small = std::uint64_t{1} << 16;
  around(small);
  around(static_cast<std::uint64_t>(settings_.chainedMax));
  const std::uint64_t smallPartition = std::uint64_t{radix::workgroupSizeFor(settings_, small, largeSortWorkgroup_)} *
                                       radix::keysPerThreadFor(settings_, small);
  const std::uint64_t largePartition =
      std::uint64_t{radix::workgroupSizeFor(settings_, small + 1, largeSortWorkgroup_)} *
      radix::keysPerThreadFor(settings_, small + 1);
  for (std::uint64_t partition : {smallPartition, largePartition}) {
    for (std::uint64_t partitions : {radix::kEarlyCountsMinPartitions, radix::kEarlyCountsMaxPairPartitions,
                                     radix::kEarlyCountsMaxKeyPartitions}) {
      around(partitions * partition);
      around((partitions - 1) * partition);
    }
    for (std::uint64_t step = 1; step <= 16; ++step) around(step * 1024 * partition);
  }
  std::sort(counts.begin(), counts.end(), std::greater<>());  // the largest first: scratch grown once
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  return counts;
}

void RadixSorter::forgetLoad() {
  load_ = {};
  places_.clear();
  beginLoad({});
  inPlace_ = false;
}

std::size_t RadixSorter::reserve(std::uint64_t count, bool hasValues) {
  for (std::uint64_t keys : layoutCounts(count)) {
    plan(SortShape{1, static_cast<std::uint32_t>(keys), hasValues}, 0xFFFFFFFFu, true);
    if (pipeline_ == Pipeline::Fast) partitioned_->build(chained_, load_);
    if (pipeline_ == Pipeline::Classic) classic_.build(load_);
  }
  forgetLoad();
  return scratchBytes();
}

std::size_t RadixSorter::reserveSegmented(const SortShape& largest) {
  segmented_.reserve(*this, largest.elementCount(), largest.hasValues);
  return scratchBytes();
}

std::size_t RadixSorter::scratchBytesForSegmented(const SortShape& largest) {
  return scratchBytesFor(largest.elementCount(), true) +
         SegmentedSort::scratchBytesFor(largest.elementCount(), largest.hasValues);
}

std::size_t RadixSorter::scratchBytesFor(std::uint64_t count, bool hasValues) {
  // The largest of each buffer over the layouts, as reserve() would grow them.
  ScratchSizes most;
  auto keep = [](std::size_t& most, std::size_t bytes) { most = std::max(most, bytes); };
  for (std::uint64_t keys : layoutCounts(count)) {
    plan(SortShape{1, static_cast<std::uint32_t>(keys), hasValues}, 0xFFFFFFFFu, false);
    const ScratchSizes sizes = scratchSizes();
    for (std::size_t i = 0; i < 2; ++i) {
      keep(most.keys[i], sizes.keys[i]);
      keep(most.values[i], sizes.values[i]);
    }
    keep(most.histograms, sizes.histograms);
    keep(most.digitStarts, sizes.digitStarts);
    keep(most.status, sizes.status);
    keep(most.tickets, sizes.tickets);
    keep(most.counters, sizes.counters);
    keep(most.offsets, sizes.offsets);
    if (most.scanTotals.size() < sizes.scanTotals.size()) most.scanTotals.resize(sizes.scanTotals.size());
    for (std::size_t level = 0; level < sizes.scanTotals.size(); ++level) keep(most.scanTotals[level], sizes.scanTotals[level]);
  }
  forgetLoad();
  std::size_t bytes = most.keys[0] + most.keys[1] + most.values[0] + most.values[1] + most.histograms + most.digitStarts +
                      most.status + most.tickets + most.counters + most.offsets;
  for (std::size_t level : most.scanTotals) bytes += level;
  return bytes;
}

std::size_t RadixSorter::scratchBytes() const {
  std::size_t bytes = inputKeys().bytes() + inputValues().bytes() + buffers_.counters.bytes() +
                      buffers_.offsets.bytes() + buffers_.histograms.bytes() + buffers_.digitStarts.bytes() +
                      buffers_.status.bytes() + buffers_.tickets.bytes();
  for (std::size_t i = 0; i < 2; ++i) bytes += buffers_.keys[i].bytes() + buffers_.values[i].bytes();
  for (const compute::StorageBuffer& level : buffers_.scanTotals) bytes += level.bytes();
  return bytes + segmented_.scratchBytes();
}

void RadixSorter::plan(const SortShape& shape, std::uint32_t differingBits, bool allocate) {
  load_ = {};
  load_.shape = shape;
  load_.shaders = shaders_;
  beginLoad(shape);
  places_.clear();
  const std::size_t bytes = load_.shape.elementCount() * 4;

  choosePipeline();
  partitioned_ = &partitionedByLayout_[{workgroupSize_, keysPerThread_, histogramPartitions_, earlyCounts_}];
  // Digit places where some keys differ; every other place would leave the order as it is.
  const std::uint32_t differing = bytes == 0 ? 0u : differingBits;
  const std::uint32_t bits = digitBits();
  if (load_.shape.sequenceLength >= 2)
    for (std::uint32_t place = 0; place < placesOf(bits); ++place)
      if (((differing >> (place * bits)) & (radixOf(bits) - 1)) != 0) places_.push_back(place);
  // Short sequences are sorted whole in one pass, by the bits that differ.
  keyMask_ = differing;
  if (pipeline_ == Pipeline::Short && !places_.empty()) places_.resize(1);
  if (places_.empty()) return;

  load_.digitBits = bits;
  load_.passCount = static_cast<std::uint32_t>(places_.size());
  load_.scanBlock = scanBlock();
  load_.partsPerSequence = static_cast<std::uint32_t>(ceilDiv(load_.shape.sequenceLength, partitionSize()));
  load_.partitionCount = std::uint64_t{load_.shape.sequenceCount} * load_.partsPerSequence;
  load_.histogramPartitions = histogramPartitions_;
  load_.defines = kernelDefines(ranking_.ballotKind, ranking_.subgroupWidth);
  if (countsWork()) load_.defines.setAll(workCountDefines());
  if (pipeline_ == Pipeline::Short)
    shortDefines_ = radix::shortSequenceKernelDefines(kernelLayout(ranking_.ballotKind, ranking_.subgroupWidth));
  if (pipeline_ == Pipeline::Sequence)
    sequenceDefines_ = sequenceKernelDefines(ranking_.ballotKind, ranking_.subgroupWidth,
                                             sequenceWorkgroupFor(load_.shape.sequenceLength));
  if (!allocate) return;
  allocateBuffers();
  endLoad();
}

RadixSorter::ScratchSizes RadixSorter::scratchSizes() const {
  ScratchSizes sizes;
  const std::size_t count = load_.shape.elementCount();
  const std::uint32_t bits = load_.digitBits;
  auto words = [](std::uint64_t count) { return static_cast<std::size_t>(count * 4); };
  // An in-place sort of an odd number of passes (3 or more) writes both scratch pairs. Values
  // buffers exist (4 bytes) without values: every kernel binds one.
  for (std::size_t i = 0; i < std::min<std::size_t>(places_.size(), 2); ++i) {
    sizes.keys[i] = std::max<std::size_t>(words(count), 4);
    sizes.values[i] = std::max<std::size_t>(words(load_.shape.hasValues ? count : 0), 4);
  }
  if (places_.empty() || pipeline_ == Pipeline::Sequence || pipeline_ == Pipeline::Short) return sizes;
  const std::uint64_t counterWords = load_.partitionCount * radixOf(bits);
  if (pipeline_ == Pipeline::Fast && chained_) {
    const std::uint64_t histogramWords = std::uint64_t{load_.shape.sequenceCount} * placesOf(bits) * radixOf(bits);
    sizes.histograms = sizes.digitStarts = words(histogramWords);
    sizes.status = words(counterWords * places_.size());
    sizes.tickets = words(placesOf(bits) + 1);
    return sizes;
  }
  sizes.counters = words(counterWords);
  if (pipeline_ == Pipeline::Classic) sizes.offsets = words(count);
  for (std::uint64_t levelWords : radix::CounterScan::totalsWords(counterWords, load_.scanBlock))
    sizes.scanTotals.push_back(words(levelWords));
  return sizes;
}

void RadixSorter::allocateBuffers() {
  // Every buffer is kept from earlier loads when it is large enough: scratch only grows. Sizes
  // beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE are refused by StorageBuffer, naming the buffer.
  const ScratchSizes sizes = scratchSizes();
  auto grow = [](compute::StorageBuffer& buffer, std::string_view label, std::size_t bytes) {
    return bytes != 0 && buffer.ensure(label, bytes);
  };
  for (std::size_t i = 0; i < 2; ++i) {
    grow(buffers_.keys[i], i == 0 ? "radix: keys A" : "radix: keys B", sizes.keys[i]);
    grow(buffers_.values[i], i == 0 ? "radix: values A" : "radix: values B", sizes.values[i]);
  }
  // Zeroed once when made: what works out each sort's digit starts zeroes what it used again.
  if (grow(buffers_.histograms, "radix: digit histograms", sizes.histograms)) buffers_.histograms.clear();
  grow(buffers_.digitStarts, "radix: digit starts", sizes.digitStarts);
  // Each pass's own status words and ticket, all zeroed by the first pass's kernels.
  grow(buffers_.status, "radix: look-back status", sizes.status);
  // A ticket per pass, and the histogram kernel's count of its finished workgroups (one
  // sequence), which that kernel's last workgroup puts back to 0. Cleared per load (a few
  // words): an earlier sort of more passes left its tickets where this one counts.
  grow(buffers_.tickets, "radix: partition tickets", sizes.tickets);
  if (sizes.tickets != 0) buffers_.tickets.clear();
  // Both other pipelines prefix-sum a counter matrix, level by level.
  grow(buffers_.counters, "radix: counter matrix", sizes.counters);
  grow(buffers_.offsets, "radix: offsets in block", sizes.offsets);
  if (buffers_.scanTotals.size() < sizes.scanTotals.size()) buffers_.scanTotals.resize(sizes.scanTotals.size());
  for (std::size_t level = 0; level < sizes.scanTotals.size(); ++level)
    grow(buffers_.scanTotals[level], "radix: scan level totals", sizes.scanTotals[level]);
}

std::uint32_t RadixSorter::passCount() const { return static_cast<std::uint32_t>(places_.size()); }

std::string RadixSorter::pipelineName() const {
  if (pipeline_ == Pipeline::Classic) return "classic";
  if (pipeline_ == Pipeline::Sequence) return "fast/workgroup-per-sequence";
  if (pipeline_ == Pipeline::Short) return "fast/short-sequences";
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
  if (pass >= passCount()) return "no pass " + indexText(pass) + ": the keys are sorted";
  if (pipeline_ == Pipeline::Short)
    return passName(0, 1) + ": one invocation per sequence (of at most " + std::to_string(radix::kMaxShortSequenceLength) +
           " keys) sorts it whole by insertion, every digit at once; " + (descendingKeys_ ? "larger" : "smaller") +
           " keys first";
  std::string text = passName(pass, passCount()) + ", " + bitRange(places_[pass], digitBits()) + ": ";
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
  if (pass >= passCount() || pipeline_ == Pipeline::Short) return std::nullopt;
  return DigitPlace{.shift = places_[pass] * digitBits(), .bits = digitBits()};
}

std::uint32_t RadixSorter::outputSlot(std::uint32_t pass) const {
  if (!inPlace_) return pass % 2;
  // In place: counted back from the last pass, which writes the target, the passes alternate
  // between scratch A and the target; an odd count starts on scratch B instead, since the first
  // pass reads the target. A single pass writes A (and is copied back).
  const std::uint32_t passes = passCount();
  // The short-sequence kernel reads all of a workgroup's keys before it writes any: in place.
  if (pipeline_ == Pipeline::Short) return 2;
  if (passes == 1) return 0;
  const std::uint32_t fromLast = passes - 1 - pass;
  if (pass == 0 && passes % 2 == 1) return 1;
  return fromLast % 2 == 0 ? 2 : 0;
}

compute::StorageRange RadixSorter::keysIn(std::uint32_t slot) const {
  return slot == 2 ? targetKeys_ : buffers_.keys[slot].range();
}

compute::StorageRange RadixSorter::valuesIn(std::uint32_t slot) const {
  return slot == 2 ? targetValues_ : buffers_.values[slot].range();
}

compute::StorageRange RadixSorter::keysAfter(std::uint32_t passes) const {
  if (passes == 0) return inPlace_ ? targetKeys_ : inputKeys().range();
  return keysIn(outputSlot(passes - 1));
}

compute::StorageRange RadixSorter::valuesAfter(std::uint32_t passes) const {
  if (passes == 0) return inPlace_ ? targetValues_ : inputValues().range();
  return valuesIn(outputSlot(passes - 1));
}

const compute::StorageBuffer& RadixSorter::stateKeysAfter(std::uint32_t passes) const {
  requireLoadedState("the state");
  return passes == 0 ? inputKeys() : buffers_.keys[(passes - 1) % 2];
}

const compute::StorageBuffer& RadixSorter::stateValuesAfter(std::uint32_t passes) const {
  requireLoadedState("the state");
  return passes == 0 ? inputValues() : buffers_.values[(passes - 1) % 2];
}

void RadixSorter::requireLoadedState(const char* what) const {
  if (inPlace_)
    throw std::logic_error(std::string("radix: ") + what + " after sortInPlace: an in-place sort keeps no state");
}

void RadixSorter::run(std::uint32_t index) {
  const std::uint32_t out = outputSlot(index);
  const radix::RadixPass pass{.index = index,
                              .place = places_[index],
                              .keysIn = keysAfter(index),
                              .keysOut = keysIn(out),
                              .valuesIn = valuesAfter(index),
                              .valuesOut = valuesIn(out)};
  switch (pipeline_) {
    case Pipeline::Classic: classic_.runPass(pass, load_, buffers_, observer_); break;
    case Pipeline::Sequence:
      sequence_.runPass(pass, load_, sequenceWorkgroupFor(load_.shape.sequenceLength), sequenceDefines_, observer_);
      break;
    case Pipeline::Fast: partitioned_->runPass(pass, chained_, load_, buffers_, observer_); break;
    case Pipeline::Short: short_.run(pass, load_, keyMask_, shortDefines_, observer_); break;
  }
}

std::vector<std::uint32_t> RadixSorter::readCounters() const {
  // This load's matrix: the buffer may be larger, kept from an earlier one.
  return gl::downloadWords(buffers_.counters.buffer(), load_.partitionCount * radixOf(load_.digitBits));
}

std::optional<std::vector<std::uint32_t>> RadixSorter::digitCounters(std::size_t limitKeys) const {
  // Only the portable fast pipeline keeps a whole matrix per pass; the others keep a running
  // total (classic, chained) or none (workgroup per sequence).
  if (pipeline_ != Pipeline::Fast || chained_ || passesRun() == 0 || load_.shape.elementCount() > limitKeys) return std::nullopt;
  countStateReadback();
  return readCounters();
}

void RadixSorter::fillChainedState(std::uint32_t word) const {
  buffers_.status.clear(word);
  buffers_.tickets.clear(word, 0, places_.size());  // not the histogram's done count after them
}

RadixSorter::ChainedState RadixSorter::readChainedState() const {
  // This load's parts of buffers that may be larger, kept from earlier loads.
  const std::uint64_t radix = radixOf(load_.digitBits);
  auto words = [](const compute::StorageBuffer& buffer, std::uint64_t count) {
    return gl::downloadWords(buffer.buffer(), count);
  };
  return {.status = words(buffers_.status, load_.partitionCount * radix * places_.size()),
          .tickets = words(buffers_.tickets, places_.size() + 1),
          .histograms = words(buffers_.histograms, std::uint64_t{load_.shape.sequenceCount} * placesOf(load_.digitBits) * radix)};
}

namespace {

struct RadixCheckpoint final : StepperCheckpoint {
  gl::Buffer counters;  // the counter matrix as the last pass left it (not chained)
  std::size_t counterBytes = 0;
};

}  // namespace

std::unique_ptr<StepperCheckpoint> RadixSorter::newCheckpoint() const { return std::make_unique<RadixCheckpoint>(); }

void RadixSorter::save(StepperCheckpoint& into) const {
  requireLoadedState("checkpoint()");
  auto& saved = static_cast<RadixCheckpoint&>(into);
  // Pass 0's state is the input copy, which no pass writes.
  if (passesRun() == 0) {
    saved.drop();
    saved.counters = {};
    saved.counterBytes = 0;
    return;
  }
  Stepper::save(into);
  // The chained pipeline keeps no counters between passes; its digit starts, built by pass 0,
  // depend on the input only and stay valid for every later pass of this load().
  const std::size_t counterBytes = buffers_.counters ? buffers_.counters.bytes() : 0;
  refreshCopy(saved.counters, saved.counterBytes, "radix: checkpoint counters", buffers_.counters.buffer(), counterBytes);
  saved.counterBytes = counterBytes;
}

void RadixSorter::restore(const StepperCheckpoint& checkpoint) {
  if (passesRun() == 0) return;
  const auto& saved = static_cast<const RadixCheckpoint&>(checkpoint);
  // Pass p reads the state after p passes: state() is where the next pass looks for it.
  Stepper::restore(saved);
  if (saved.counters) restoreBuffer(saved.counters, buffers_.counters.buffer(), buffers_.counters.bytes());
  // The chained scan's later passes find their status words and tickets zeroed, as the first
  // pass's kernels left them (the digit starts the first pass made still hold: they depend on
  // the input alone). A clear here, not per sort: resuming is a viewer's step, not timed.
  if (chained_) {
    buffers_.status.clear();
    buffers_.tickets.clear();
  }
}

std::size_t RadixSorter::checkpointBytes() const {
  // The counter matrix: 0 bytes when there is none.
  return Stepper::checkpointBytes() + buffers_.counters.bytes();
}

// [SECTION] GPU view: the workgroups of a pass (Sorter::workgroupLayout)

std::optional<WorkgroupLayout> RadixSorter::workgroupLayout(std::uint32_t pass) const {
  if (pass >= passCount()) return std::nullopt;
  WorkgroupLayout layout;
  layout.positionsPerSequence = load_.shape.sequenceLength;
  if (pipeline_ == Pipeline::Short) {
    layout.dispatch = "short sort";
    layout.unitName = "sequence";
    layout.workgroupSize = radix::kShortSequenceWorkgroup;
    layout.sequenceStride = layout.unitLength = load_.shape.sequenceLength;
    layout.unitsPerWorkgroup = radix::kShortSequenceWorkgroup;
    layout.workgroupCount = ceilDiv(load_.shape.sequenceCount, radix::kShortSequenceWorkgroup);
    layout.note = "one invocation sorts each sequence";
    return layout;
  }
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
