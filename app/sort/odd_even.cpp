#include "sort/odd_even.h"

#include <algorithm>
#include <set>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/checkpoint_support.h"
#include "sort/storage_state.h"

namespace shadersort {
namespace {

// Storage-buffer binding points, injected into both shaders.
constexpr int kSourceKeyBinding = 0;
constexpr int kSourceValueBinding = 1;
constexpr int kTargetKeyBinding = 2;
constexpr int kTargetValueBinding = 3;
constexpr int kSwapCountBinding = 4;

constexpr std::uint32_t kMaxItemsPerThread = 64;  // registers: two words per item per invocation
constexpr std::uint32_t kMaxCheckInterval = 1 << 16;
// Positions are signed 32-bit in the fast shader, tiles reach a halo beyond the sequence.
constexpr std::uint64_t kMaxSequenceLength = std::uint64_t{1} << 30;

// Shared memory of the fast shader: edge keys and values, double-buffered, both sides.
std::uint64_t fusedSharedBytes(std::uint32_t workgroupSize) { return std::uint64_t{2} * 2 * 2 * 4 * workgroupSize; }

std::uint32_t maxWorkgroupSize(const gl::Limits& limits) {
  std::uint64_t most = static_cast<std::uint64_t>(std::min(limits.maxComputeWorkGroupInvocations,
                                                           limits.maxComputeWorkGroupSize[0]));
  while (most > 0 && fusedSharedBytes(static_cast<std::uint32_t>(most)) >
                         static_cast<std::uint64_t>(limits.maxComputeSharedMemorySize))
    --most;
  return static_cast<std::uint32_t>(most);
}

std::string setting(const char* name, int value) { return "odd-even: " + std::string(name) + " " + std::to_string(value); }

std::string pairText(std::uint32_t left) { return "(" + std::to_string(left) + "," + std::to_string(left + 1) + ")"; }

}  // namespace

std::string describeOddEvenRound(std::uint32_t pass, std::uint32_t passCount, std::uint32_t sequenceLength,
                                 bool descendingKeys) {
  // Pass p (from 0) pairs the 0-based positions (i, i+1) with i = p (mod 2): from 1, (p%2+1, p%2+2).
  const std::uint32_t firstLeft = pass % 2 + 1;
  const std::uint32_t pairs = (sequenceLength - std::min(sequenceLength, pass % 2)) / 2;
  std::string text = "pass " + std::to_string(pass + 1) + " of " + std::to_string(passCount) + ", " +
                     (firstLeft == 1 ? "odd" : "even") + " round: ";
  if (pairs == 0) return text + "no pair fits in " + std::to_string(sequenceLength) + " keys; nothing moves";
  text += pairs == 1 ? "pair " + pairText(firstLeft) : "pairs " + pairText(firstLeft) + ", " + pairText(firstLeft + 2);
  if (pairs > 2) text += ", ...";
  return text + (pairs == 1 ? "; the left keeps the " : "; each left keeps the ") +
         (descendingKeys ? "larger" : "smaller") + " key";
}

std::vector<Comparator> oddEvenRoundComparators(std::uint32_t pass, std::uint32_t sequenceLength, std::size_t limit) {
  std::vector<Comparator> pairs;
  for (std::uint32_t left = pass % 2; left + 1 < sequenceLength; left += 2) {
    if (pairs.size() == limit) return {};
    pairs.push_back({left, left + 1});
  }
  return pairs;
}

std::string_view OddEvenSorter::explanation() {
  return "Odd-even transposition: each round compares neighbours, alternately the pairs (1,2), (3,4), ... and "
         "(2,3), (4,5), ...; the left keeps the smaller key (the larger when sorting descending) and equal keys "
         "stay, so the sort is stable. L rounds sort L keys. The GPU counts the swaps; an odd and an even round in "
         "a row without one prove the keys sorted, and the CPU, reading the counts without waiting for the GPU, "
         "stops there. The fast schedule fuses hundreds of rounds per dispatch on tiles in shared memory; a tile "
         "also loads one key per round beyond each edge, since a key moves at most one place per round, so the "
         "middle it writes is exact.";
}

OddEvenSettings OddEvenSettings::parse(const SorterOptions& options, const gl::Limits& limits) {
  static const std::set<std::string, std::less<>> known = {"workgroup-size", "items-per-thread",
                                                           "rounds-per-dispatch", "check-interval"};
  for (const auto& [name, value] : options.settings) {
    if (!known.contains(name))
      throw UserError("odd-even has no setting '" + name +
                      "' (known: workgroup-size, items-per-thread, rounds-per-dispatch, check-interval)");
  }
  OddEvenSettings settings;
  if (options.teaching) settings.checkInterval = kTeachingCheckInterval;
  const auto find = [&](std::string_view name) -> const int* {
    const auto it = options.settings.find(name);
    return it == options.settings.end() ? nullptr : &it->second;
  };

  if (const int* value = find("workgroup-size")) {
    const std::uint32_t most = maxWorkgroupSize(limits);
    if (*value < 1 || static_cast<std::uint32_t>(*value) > most)
      throw UserError(setting("workgroup-size", *value) + " is outside 1.." + std::to_string(most) +
                      " (this GPU's invocations per workgroup and shared memory)");
    settings.workgroupSize = static_cast<std::uint32_t>(*value);
  }
  if (const int* value = find("items-per-thread")) {
    if (*value < 2 || *value > static_cast<int>(kMaxItemsPerThread) || *value % 2 != 0)
      throw UserError(setting("items-per-thread", *value) + " must be even, 2.." + std::to_string(kMaxItemsPerThread));
    settings.itemsPerThread = static_cast<std::uint32_t>(*value);
  }
  // A tile fusing R rounds loses R positions at each edge and must keep at least two.
  const std::uint32_t mostRounds = settings.tileSize() / 2 - 1;
  if (const int* value = find("rounds-per-dispatch")) {
    if (*value < 1 || static_cast<std::uint32_t>(*value) > mostRounds)
      throw UserError(setting("rounds-per-dispatch", *value) + " is outside 1.." + std::to_string(mostRounds) +
                      " (a tile of workgroup-size x items-per-thread = " + std::to_string(settings.tileSize()) +
                      " elements keeps tile - 2 x rounds of them)");
    settings.roundsPerDispatch = static_cast<std::uint32_t>(*value);
  } else {
    // Unset: the default, or half the tile as halo where the tile is too small for it.
    settings.roundsPerDispatch = std::min(settings.roundsPerDispatch, settings.tileSize() / 4);
    if (settings.roundsPerDispatch == 0)
      throw UserError("odd-even: a tile of " + std::to_string(settings.tileSize()) +
                      " elements cannot fuse any rounds; raise workgroup-size or items-per-thread");
  }
  if (const int* value = find("check-interval")) {
    if (*value < 1 || static_cast<std::uint32_t>(*value) > kMaxCheckInterval)
      throw UserError(setting("check-interval", *value) + " is outside 1.." + std::to_string(kMaxCheckInterval));
    settings.checkInterval = static_cast<std::uint32_t>(*value);
  }
  return settings;
}

std::vector<Tunable> OddEvenSorter::tunables(const gl::Limits& limits) {
  const OddEvenSettings defaults;
  std::vector<int> workgroupSizes;
  for (int size : {64, 128, 256, 512, 1024})
    if (static_cast<std::uint32_t>(size) <= maxWorkgroupSize(limits)) workgroupSizes.push_back(size);
  std::vector<int> rounds;
  // Valid with the default tile; larger tiles allow more (see rounds-per-dispatch's check).
  for (int count : {32, 64, 128, 256, 512, 1024})
    if (static_cast<std::uint32_t>(count) < defaults.tileSize() / 2) rounds.push_back(count);
  return {
      {"workgroup-size", static_cast<int>(defaults.workgroupSize), workgroupSizes},
      {"items-per-thread", static_cast<int>(defaults.itemsPerThread), {2, 4, 8, 16, 32}},
      {"rounds-per-dispatch", static_cast<int>(defaults.roundsPerDispatch), rounds},
      // The fast schedule's default; the teaching schedule checks every kTeachingCheckInterval unless set.
      {"check-interval", static_cast<int>(defaults.checkInterval), {1, 2, 4, 8, 16, 32}},
  };
}

std::string OddEvenSorter::whyCannotSort(const SortShape& shape, const gl::Limits& limits) {
  if (shape.sequenceLength > kMaxSequenceLength)
    return "sequences of " + std::to_string(shape.sequenceLength) + " elements exceed its limit of 2^30";
  const std::uint64_t bytes = shape.elementCount() * 4;
  if (bytes > static_cast<std::uint64_t>(limits.maxShaderStorageBlockSize))
    return std::to_string(shape.elementCount()) + " keys take " + std::to_string(bytes) +
           " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" + std::to_string(limits.maxShaderStorageBlockSize) +
           ")";
  return {};
}

OddEvenSorter::OddEvenSorter(const SorterOptions& options)
    : teaching_(options.teaching),
      descendingKeys_(options.descendingKeys),
      settings_(OddEvenSettings::parse(options, gl::currentLimits())) {}

const OddEvenSorter::Kernel& OddEvenSorter::kernel() {
  Kernel& kernel = kernels_[shape_.hasValues ? 1 : 0];
  if (kernel.program.id() != 0) return kernel;
  gl::ShaderDefines defines;
  defines.set("WORKGROUP_SIZE", std::int64_t{settings_.workgroupSize})
      .set("HAS_VALUES", std::int64_t{shape_.hasValues ? 1 : 0})
      .set("SWAP_COUNT_BINDING", std::int64_t{kSwapCountBinding});
  if (teaching_) {
    defines.set("KEY_BINDING", std::int64_t{kSourceKeyBinding}).set("VALUE_BINDING", std::int64_t{kSourceValueBinding});
    kernel.program = gl::Program::compute("shaders/sort/odd_even_round.comp", defines);
    kernel.pairsPerSequence = kernel.program.uniformLocation("u_pairsPerSequence");
    kernel.pairCount = kernel.program.uniformLocation("u_pairCount");
    kernel.parity = kernel.program.uniformLocation("u_parity");
  } else {
    defines.set("ITEMS_PER_THREAD", std::int64_t{settings_.itemsPerThread})
        .set("SOURCE_KEY_BINDING", std::int64_t{kSourceKeyBinding})
        .set("SOURCE_VALUE_BINDING", std::int64_t{kSourceValueBinding})
        .set("TARGET_KEY_BINDING", std::int64_t{kTargetKeyBinding})
        .set("TARGET_VALUE_BINDING", std::int64_t{kTargetValueBinding});
    kernel.program = gl::Program::compute("shaders/sort/odd_even_fused.comp", defines);
    kernel.threadsPerSlot = kernel.program.uniformLocation("u_threadsPerSlot");
    kernel.slotsPerGroup = kernel.program.uniformLocation("u_slotsPerGroup");
    kernel.tilesPerSequence = kernel.program.uniformLocation("u_tilesPerSequence");
    kernel.tileCount = kernel.program.uniformLocation("u_tileCount");
    kernel.tileStride = kernel.program.uniformLocation("u_tileStride");
    kernel.halo = kernel.program.uniformLocation("u_halo");
    kernel.rounds = kernel.program.uniformLocation("u_rounds");
    kernel.firstRound = kernel.program.uniformLocation("u_firstRound");
  }
  kernel.sequenceLength = kernel.program.uniformLocation("u_sequenceLength");
  kernel.counter = kernel.program.uniformLocation("u_counter");
  return kernel;
}

OddEvenSorter::TileLayout OddEvenSorter::layoutFor(const SortShape& shape) const {
  TileLayout layout;
  const std::uint32_t length = shape.sequenceLength;
  const std::uint32_t tileSize = settings_.tileSize();
  if (length <= tileSize) {
    // The whole sequence is one tile: no halo, and as many sequences per workgroup as fit.
    layout.rounds = std::clamp(length, 1u, settings_.roundsPerDispatch);
    layout.threadsPerSlot = std::max(1u, static_cast<std::uint32_t>(gl::divideRoundingUp(length, settings_.itemsPerThread)));
    layout.slotsPerGroup = settings_.workgroupSize / layout.threadsPerSlot;
    layout.tileStride = length;
    layout.tileCount = shape.sequenceCount;
    layout.groupCount = gl::divideRoundingUp(layout.tileCount, layout.slotsPerGroup);
    return layout;
  }
  // Long sequences: tiles of the whole workgroup that lose one position per round at each edge.
  layout.rounds = settings_.roundsPerDispatch;
  layout.threadsPerSlot = settings_.workgroupSize;
  layout.halo = settings_.roundsPerDispatch;
  layout.tileStride = tileSize - 2 * layout.halo;
  layout.tilesPerSequence = static_cast<std::uint32_t>(gl::divideRoundingUp(length, layout.tileStride));
  layout.tileCount = std::uint64_t{layout.tilesPerSequence} * shape.sequenceCount;
  layout.groupCount = layout.tileCount;
  return layout;
}

void OddEvenSorter::load(const SortData& input) {
  shape_ = input.shape();
  layout_ = layoutFor(shape_);
  passesRun_ = 0;
  current_ = 0;
  loadId_ = newLoadId();
  inputKeys_.reset();
  inputValues_.reset();
  for (auto& buffer : keys_) buffer.reset();
  for (auto& buffer : values_) buffer.reset();
  const std::size_t bytes = input.size() * 4;
  inputKeys_ = gl::makeStorageBuffer("odd-even: input keys", input.keys);
  keys_[0] = gl::makeStorageBuffer("odd-even: keys A", bytes);
  if (!teaching_) keys_[1] = gl::makeStorageBuffer("odd-even: keys B", bytes);
  if (shape_.hasValues) {
    inputValues_ = gl::makeStorageBuffer("odd-even: input values", input.values);
    values_[0] = gl::makeStorageBuffer("odd-even: values A", bytes);
    if (!teaching_) values_[1] = gl::makeStorageBuffer("odd-even: values B", bytes);
  }
  if (passCount() > 0) kernel();  // compile now, not inside the first (timed) pass
  watch_.reset(passCount(), roundsPerPass(), settings_.checkInterval);
  restart();
}

void OddEvenSorter::restart() {
  passesRun_ = 0;
  current_ = 0;
  watch_.rewind();
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes == 0) return;
  // Shaders of the previous sort may have written the state.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  gl::copyBuffer(inputKeys_, keys_[0], bytes);
  if (shape_.hasValues) gl::copyBuffer(inputValues_, values_[0], bytes);
}

std::uint32_t OddEvenSorter::passCount() const {
  if (shape_.sequenceLength < 2 || shape_.sequenceCount == 0) return 0;
  // Odd-even transposition sorts any sequence of L elements in L rounds.
  const std::uint32_t rounds = roundsPerPass();
  return static_cast<std::uint32_t>(gl::divideRoundingUp(shape_.sequenceLength, rounds));
}

bool OddEvenSorter::finished() const { return passesRun_ >= passCount() || watch_.sortedAfter().has_value(); }

std::string OddEvenSorter::describePass(std::uint32_t pass) const {
  if (roundsPerPass() == 1) return describeOddEvenRound(pass, passCount(), shape_.sequenceLength, descendingKeys_);
  const std::uint64_t firstRound = std::uint64_t{pass} * layout_.rounds + 1;
  return "pass " + std::to_string(pass + 1) + " of " + std::to_string(passCount()) + ": rounds " +
         std::to_string(firstRound) + "-" + std::to_string(firstRound + layout_.rounds - 1) +
         " fused in shared memory; each left keeps the " + (descendingKeys_ ? "larger" : "smaller") + " key";
}

std::vector<Comparator> OddEvenSorter::comparators(std::uint32_t pass, std::size_t limit) const {
  // A fused pass is many rounds, no single compare-exchange step.
  if (pass >= passCount() || roundsPerPass() != 1) return {};
  return oddEvenRoundComparators(pass, shape_.sequenceLength, limit);
}

// What the count is, per schedule, summed over all sequences:
//  - teaching (one round per pass): the pairs the round exchanged;
//  - fast: the exchanges of the pass's last two rounds only (its closing even and odd round, which
//    the early exit needs; its one round when rounds-per-dispatch is 1), not those of its earlier
//    rounds.
// A pass after the one that proved the state sorted exchanged nothing: 0, known without a count.
std::optional<std::uint64_t> OddEvenSorter::swapsInPass(std::uint32_t pass) const {
  if (pass >= passesRun_) return std::nullopt;
  watch_.poll();
  if (const std::optional<std::uint32_t> count = watch_.countOf(pass)) return *count;
  if (const std::optional<std::uint32_t> sorted = watch_.sortedAfter(); sorted && pass >= *sorted) return 0;
  return std::nullopt;
}

void OddEvenSorter::runPass() {
  if (finished()) return;
  if (teaching_) {
    runRound();
  } else {
    runFusedRounds();
  }
  ++passesRun_;
  watch_.passIssued(passesRun_);
  watch_.poll();
}

void OddEvenSorter::runRound() {
  const Kernel& round = kernel();
  const std::uint32_t parity = passesRun_ % 2;
  const std::uint32_t pairsPerSequence = (shape_.sequenceLength - parity) / 2;
  const std::uint64_t pairCount = std::uint64_t{pairsPerSequence} * shape_.sequenceCount;
  if (pairCount == 0) return;  // an odd round of two elements has no pair
  round.program.use();
  glUniform1ui(round.sequenceLength, shape_.sequenceLength);
  glUniform1ui(round.pairsPerSequence, pairsPerSequence);
  glUniform1ui(round.pairCount, static_cast<GLuint>(pairCount));
  glUniform1ui(round.parity, parity);
  glUniform1ui(round.counter, passesRun_);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSourceKeyBinding, keys_[0].id());
  if (shape_.hasValues) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSourceValueBinding, values_[0].id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSwapCountBinding, watch_.counters().id());
  gl::dispatchLinear(gl::divideRoundingUp(pairCount, settings_.workgroupSize));
  // The next round reads what this one wrote.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void OddEvenSorter::runFusedRounds() {
  const Kernel& fused = kernel();
  const int next = 1 - current_;
  fused.program.use();
  glUniform1ui(fused.sequenceLength, shape_.sequenceLength);
  glUniform1ui(fused.threadsPerSlot, layout_.threadsPerSlot);
  glUniform1ui(fused.slotsPerGroup, layout_.slotsPerGroup);
  glUniform1ui(fused.tilesPerSequence, layout_.tilesPerSequence);
  glUniform1ui(fused.tileCount, static_cast<GLuint>(layout_.tileCount));
  glUniform1i(fused.tileStride, static_cast<GLint>(layout_.tileStride));
  glUniform1i(fused.halo, static_cast<GLint>(layout_.halo));
  glUniform1i(fused.rounds, static_cast<GLint>(layout_.rounds));
  glUniform1ui(fused.firstRound, passesRun_ * layout_.rounds);
  glUniform1ui(fused.counter, passesRun_);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSourceKeyBinding, keys_[current_].id());
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTargetKeyBinding, keys_[next].id());
  if (shape_.hasValues) {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSourceValueBinding, values_[current_].id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTargetValueBinding, values_[next].id());
  }
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSwapCountBinding, watch_.counters().id());
  gl::dispatchLinear(layout_.groupCount);
  // The next dispatch reads what this one wrote.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  current_ = next;
}

SortData OddEvenSorter::read() const {
  return downloadSortData(shape_, keys_[current_], values_[current_]);
}

GpuStateView OddEvenSorter::gpuState() const {
  return {.storage = GpuStateView::Storage::Buffers, .keys = keys_[current_].id(), .values = values_[current_].id()};
}

namespace {

struct OddEvenCheckpoint final : Checkpoint {
  gl::Buffer keys, values;
  int current = 0;
  SwapWatch::Saved watch;
};

}  // namespace

std::unique_ptr<Checkpoint> OddEvenSorter::checkpoint() const {
  auto saved = std::make_unique<OddEvenCheckpoint>();
  saved->passesRun = passesRun_;
  saved->loadId = loadId_;
  saved->current = current_;
  saved->watch = watch_.save();
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes == 0) return saved;
  saved->keys = copyOfBuffer("odd-even: checkpoint keys", keys_[current_], bytes);
  if (shape_.hasValues) saved->values = copyOfBuffer("odd-even: checkpoint values", values_[current_], bytes);
  return saved;
}

void OddEvenSorter::resume(const Checkpoint& checkpoint) {
  const auto& saved = ownCheckpoint<OddEvenCheckpoint>("odd-even", checkpoint, loadId_);
  // Back into the buffer it came from, so gpuState() names the same buffers as it did then.
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes > 0) {
    restoreBuffer(saved.keys, keys_[saved.current], bytes);
    if (shape_.hasValues) restoreBuffer(saved.values, values_[saved.current], bytes);
  }
  current_ = saved.current;
  passesRun_ = saved.passesRun;
  watch_.restore(saved.watch, passesRun_);
}

std::size_t OddEvenSorter::checkpointBytes() const {
  return shape_.elementCount() * (shape_.hasValues ? 8 : 4) + std::size_t{passCount()} * 4;
}

}  // namespace shadersort
