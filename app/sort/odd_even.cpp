#include "sort/odd_even.h"

#include <algorithm>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/index_text.h"

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

}  // namespace

std::string describeOddEvenRound(std::uint32_t pass, std::uint32_t passCount, std::uint32_t sequenceLength,
                                 bool descendingKeys) {
  // Pass p pairs the positions (i, i+1) with i = p (mod 2), as the pseudocode's "if p is even"
  // says: the round is named by the parity of its left positions.
  const std::uint32_t firstLeft = pass % 2;
  const std::uint32_t pairs = (sequenceLength - std::min(sequenceLength, pass % 2)) / 2;
  std::string text = passName(pass, passCount) + ", " + (firstLeft == 0 ? "even" : "odd") + " round: ";
  if (pairs == 0) return text + "no pair fits in " + std::to_string(sequenceLength) + " keys; nothing moves";
  text += pairs == 1 ? "pair " + pairText(firstLeft, firstLeft + 1)
                     : "pairs " + pairText(firstLeft, firstLeft + 1) + ", " + pairText(firstLeft + 2, firstLeft + 3);
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
  return "Odd-even transposition: each round compares neighbours, alternately the pairs (0,1), (2,3), ... and "
         "(1,2), (3,4), ...; the left keeps the smaller key (the larger when sorting descending) and equal keys "
         "stay, so the sort is stable. L rounds sort L keys. The GPU counts the swaps; an odd and an even round in "
         "a row without one prove the keys sorted, and the CPU, reading the counts without waiting for the GPU, "
         "stops there. The fast schedule fuses hundreds of rounds per dispatch on tiles in shared memory; a tile "
         "also loads one key per round beyond each edge, since a key moves at most one place per round, so the "
         "middle it writes is exact.";
}

const SettingTable<OddEvenSettings>& OddEvenSettings::table() {
  using Settings = OddEvenSettings;
  static const SettingTable<OddEvenSettings> table("odd-even", {
      {.name = "workgroup-size",
       .meaning = "invocations per workgroup",
       .field = &Settings::workgroupSize,
       .defaultValue = [](const Settings&, const SettingContext&) { return 256; },
       .least = 1,
       .most = [](const Settings&, const SettingContext& context) {
         return static_cast<int>(maxWorkgroupSize(context.limits));
       },
       .mostReason = "this GPU's invocations per workgroup and shared memory",
       .candidates = [](const Settings&, const gl::Limits& limits) {
         std::vector<int> sizes;
         for (int size : {64, 128, 256, 512, 1024})
           if (static_cast<std::uint32_t>(size) <= maxWorkgroupSize(limits)) sizes.push_back(size);
         return sizes;
       }},
      {.name = "items-per-thread",
       .meaning = "fast schedule: consecutive elements each invocation holds in registers",
       .field = &Settings::itemsPerThread,
       .defaultValue = [](const Settings&, const SettingContext&) { return 16; },
       .kind = NumberKind::Even,
       .least = 2,
       .most = [](const Settings&, const SettingContext&) { return static_cast<int>(kMaxItemsPerThread); },
       // A tile fusing R rounds loses R positions at each edge and must keep at least two.
       .rule = [](const Settings& settings, const SettingContext&) -> std::string {
         if (settings.tileSize() >= 4) return {};
         return "a tile of " + std::to_string(settings.tileSize()) +
                " elements cannot fuse any rounds; raise workgroup-size or items-per-thread";
       },
       .candidates = [](const Settings&, const gl::Limits&) { return std::vector<int>{2, 4, 8, 16, 32}; }},
      {.name = "rounds-per-dispatch",
       .meaning = "fast schedule: rounds fused into one pass",
       .field = &Settings::roundsPerDispatch,
       // Half the tile as halo where the tile is too small for 512.
       .defaultValue = [](const Settings& earlier, const SettingContext&) {
         return static_cast<int>(std::min(512u, earlier.tileSize() / 4));
       },
       .least = 1,
       .most = [](const Settings& earlier, const SettingContext&) { return static_cast<int>(earlier.tileSize() / 2 - 1); },
       .mostReason = "a tile of workgroup-size x items-per-thread elements keeps tile - 2 x rounds of them",
       // Valid with the default tile; larger tiles allow more.
       .candidates = [](const Settings& defaults, const gl::Limits&) {
         std::vector<int> rounds;
         for (int count : {32, 64, 128, 256, 512, 1024})
           if (static_cast<std::uint32_t>(count) < defaults.tileSize() / 2) rounds.push_back(count);
         return rounds;
       }},
      // A fused pass is long, so checking after each costs little; a teaching pass is one short
      // round, so it checks every few.
      {.name = "check-interval",
       .meaning = "passes between read-backs of the swap counts that end the sort early",
       .field = &Settings::checkInterval,
       .defaultValue = [](const Settings&, const SettingContext& context) { return context.teaching ? 8 : 1; },
       .least = 1,
       .most = [](const Settings&, const SettingContext&) { return static_cast<int>(kMaxCheckInterval); },
       .candidates = [](const Settings&, const gl::Limits&) { return std::vector<int>{1, 2, 4, 8, 16, 32}; }},
  });
  return table;
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

OddEvenSorter::OddEvenSorter(const SortContext& context, const SorterOptions& options)
    : Stepper("odd-even", options.countWork),
      shaders_(context.shaders()),
      teaching_(options.teaching || options.countWork),
      descendingKeys_(options.descendingKeys),
      settings_(OddEvenSettings::parse(scheduleOptions(options), context.limits())) {}

std::vector<compute::UniformField<OddEvenSorter::RoundUniforms>> OddEvenSorter::RoundUniforms::fields() {
  using compute::uniform;
  return {uniform("u_sequenceLength", &RoundUniforms::sequenceLength),
          uniform("u_pairsPerSequence", &RoundUniforms::pairsPerSequence),
          uniform("u_pairCount", &RoundUniforms::pairCount), uniform("u_parity", &RoundUniforms::parity),
          uniform("u_counter", &RoundUniforms::counter)};
}

std::vector<compute::UniformField<OddEvenSorter::FusedUniforms>> OddEvenSorter::FusedUniforms::fields() {
  using compute::uniform;
  return {uniform("u_sequenceLength", &FusedUniforms::sequenceLength),
          uniform("u_threadsPerSlot", &FusedUniforms::threadsPerSlot),
          uniform("u_slotsPerGroup", &FusedUniforms::slotsPerGroup),
          uniform("u_tilesPerSequence", &FusedUniforms::tilesPerSequence),
          uniform("u_tileCount", &FusedUniforms::tileCount),
          uniform("u_tileStride", &FusedUniforms::tileStride),
          uniform("u_halo", &FusedUniforms::halo),
          uniform("u_rounds", &FusedUniforms::rounds),
          uniform("u_firstRound", &FusedUniforms::firstRound),
          uniform("u_counter", &FusedUniforms::counter)};
}

gl::ShaderDefines OddEvenSorter::kernelDefines() const {
  gl::ShaderDefines defines;
  defines.set("WORKGROUP_SIZE", settings_.workgroupSize)
      .set("HAS_VALUES", shape().hasValues ? 1 : 0)
      .set("SWAP_COUNT_BINDING", kSwapCountBinding);
  if (countsWork()) defines.setAll(workCountDefines());
  if (teaching_) return defines.set("KEY_BINDING", kSourceKeyBinding).set("VALUE_BINDING", kSourceValueBinding);
  return defines.set("ITEMS_PER_THREAD", settings_.itemsPerThread)
      .set("SOURCE_KEY_BINDING", kSourceKeyBinding)
      .set("SOURCE_VALUE_BINDING", kSourceValueBinding)
      .set("TARGET_KEY_BINDING", kTargetKeyBinding)
      .set("TARGET_VALUE_BINDING", kTargetValueBinding);
}

const compute::Kernel<OddEvenSorter::RoundUniforms>& OddEvenSorter::roundKernel() {
  auto& kernel = roundKernels_[shape().hasValues ? 1 : 0];
  if (!kernel) kernel = compute::Kernel<RoundUniforms>(shaders_, "shaders/sort/odd_even/round.comp", kernelDefines());
  return kernel;
}

const compute::Kernel<OddEvenSorter::FusedUniforms>& OddEvenSorter::fusedKernel() {
  auto& kernel = fusedKernels_[shape().hasValues ? 1 : 0];
  if (!kernel) kernel = compute::Kernel<FusedUniforms>(shaders_, "shaders/sort/odd_even/fused.comp", kernelDefines());
  return kernel;
}

OddEvenSorter::TileLayout OddEvenSorter::layoutFor(const SortShape& shape) const {
  TileLayout layout;
  const std::uint32_t length = shape.sequenceLength;
  const std::uint32_t tileSize = settings_.tileSize();
  const auto workgroupSize = static_cast<std::uint32_t>(settings_.workgroupSize);
  const auto itemsPerThread = static_cast<std::uint32_t>(settings_.itemsPerThread);
  const auto roundsPerDispatch = static_cast<std::uint32_t>(settings_.roundsPerDispatch);
  if (length <= tileSize) {
    // The whole sequence is one tile: no halo, and as many sequences per workgroup as fit.
    layout.rounds = std::clamp(length, 1u, roundsPerDispatch);
    layout.threadsPerSlot = std::max(1u, static_cast<std::uint32_t>(gl::divideRoundingUp(length, itemsPerThread)));
    layout.slotsPerGroup = workgroupSize / layout.threadsPerSlot;
    layout.tileStride = length;
    layout.tileCount = shape.sequenceCount;
    layout.groupCount = gl::divideRoundingUp(layout.tileCount, layout.slotsPerGroup);
    return layout;
  }
  // Long sequences: tiles of the whole workgroup that lose one position per round at each edge.
  layout.rounds = roundsPerDispatch;
  layout.threadsPerSlot = workgroupSize;
  layout.halo = roundsPerDispatch;
  layout.tileStride = tileSize - 2 * layout.halo;
  layout.tilesPerSequence = static_cast<std::uint32_t>(gl::divideRoundingUp(length, layout.tileStride));
  layout.tileCount = std::uint64_t{layout.tilesPerSequence} * shape.sequenceCount;
  layout.groupCount = layout.tileCount;
  return layout;
}

void OddEvenSorter::load(const SortTarget& input) {
  beginLoad(input.shape);
  layout_ = layoutFor(shape());
  copyInput(input);
  makeState(teaching_ ? 1 : 2);
  // Compile now, not inside the first (timed) pass.
  if (passCount() > 0 && teaching_) roundKernel();
  if (passCount() > 0 && !teaching_) fusedKernel();
  watch_.reset(passCount(), roundsPerPass(), static_cast<std::uint32_t>(settings_.checkInterval));
  endLoad();
}

void OddEvenSorter::rewind() {
  watch_.rewind();
  Stepper::rewind();
}

std::uint32_t OddEvenSorter::passCount() const {
  if (shape().sequenceLength < 2 || shape().sequenceCount == 0) return 0;
  // Odd-even transposition sorts any sequence of L elements in L rounds.
  const std::uint32_t rounds = roundsPerPass();
  return static_cast<std::uint32_t>(gl::divideRoundingUp(shape().sequenceLength, rounds));
}

bool OddEvenSorter::finished() const { return passesRun() >= passCount() || watch_.sortedAfter().has_value(); }

std::string OddEvenSorter::describePass(std::uint32_t pass) const {
  if (roundsPerPass() == 1) return describeOddEvenRound(pass, passCount(), shape().sequenceLength, descendingKeys_);
  // Rounds are the pseudocode's r = p*R .. p*R + R-1.
  const std::uint64_t firstRound = std::uint64_t{pass} * layout_.rounds;
  return passName(pass, passCount()) + ": rounds " + indexRangeText(firstRound, layout_.rounds) +
         " fused in shared memory; each left keeps the " + (descendingKeys_ ? "larger" : "smaller") + " key";
}

std::vector<Comparator> OddEvenSorter::comparators(std::uint32_t pass, std::size_t limit) const {
  // A fused pass is many rounds, no single compare-exchange step.
  if (pass >= passCount() || roundsPerPass() != 1) return {};
  return oddEvenRoundComparators(pass, shape().sequenceLength, limit);
}

// What the count is, per schedule, summed over all sequences:
//  - teaching (one round per pass): the pairs the round exchanged;
//  - fast: the exchanges of the pass's last two rounds only (its closing even and odd round, which
//    the early exit needs; its one round when rounds-per-dispatch is 1), not those of its earlier
//    rounds.
// A pass after the one that proved the state sorted exchanged nothing: 0, known without a count.
std::optional<std::uint64_t> OddEvenSorter::swapsInPass(std::uint32_t pass) const {
  if (pass >= passesRun()) return std::nullopt;
  watch_.poll();
  if (const std::optional<std::uint32_t> count = watch_.countOf(pass)) return *count;
  if (const std::optional<std::uint32_t> sorted = watch_.sortedAfter(); sorted && pass >= *sorted) return 0;
  return std::nullopt;
}

void OddEvenSorter::run(std::uint32_t pass) {
  if (teaching_) {
    runRound(pass);
  } else {
    runFusedRounds(pass);
  }
  watch_.passIssued(pass + 1);
  watch_.poll();
}

void OddEvenSorter::runRound(std::uint32_t pass) {
  const auto& round = roundKernel();
  const std::uint32_t parity = pass % 2;
  const std::uint32_t pairsPerSequence = (shape().sequenceLength - parity) / 2;
  const std::uint64_t pairCount = std::uint64_t{pairsPerSequence} * shape().sequenceCount;
  if (pairCount == 0) return;  // an odd round of two elements has no pair
  stateKeys(0).bind(kSourceKeyBinding);
  if (shape().hasValues) stateValues(0).bind(kSourceValueBinding);
  watch_.counters().bind(kSwapCountBinding);
  round.dispatch({.sequenceLength = shape().sequenceLength,
                  .pairsPerSequence = pairsPerSequence,
                  .pairCount = static_cast<std::uint32_t>(pairCount),
                  .parity = parity,
                  .counter = pass},
                 gl::divideRoundingUp(pairCount, static_cast<std::uint64_t>(settings_.workgroupSize)));
}

void OddEvenSorter::runFusedRounds(std::uint32_t pass) {
  const auto& fused = fusedKernel();
  const int next = 1 - slot();
  stateKeys(slot()).bind(kSourceKeyBinding);
  stateKeys(next).bind(kTargetKeyBinding);
  if (shape().hasValues) {
    stateValues(slot()).bind(kSourceValueBinding);
    stateValues(next).bind(kTargetValueBinding);
  }
  watch_.counters().bind(kSwapCountBinding);
  fused.dispatch({.sequenceLength = shape().sequenceLength,
                  .threadsPerSlot = layout_.threadsPerSlot,
                  .slotsPerGroup = layout_.slotsPerGroup,
                  .tilesPerSequence = layout_.tilesPerSequence,
                  .tileCount = static_cast<std::uint32_t>(layout_.tileCount),
                  .tileStride = static_cast<std::int32_t>(layout_.tileStride),
                  .halo = static_cast<std::int32_t>(layout_.halo),
                  .rounds = static_cast<std::int32_t>(layout_.rounds),
                  .firstRound = pass * layout_.rounds,
                  .counter = pass},
                 layout_.groupCount);
  setSlot(next);
}

namespace {

struct OddEvenCheckpoint final : StepperCheckpoint {
  SwapWatch::Saved watch;
};

}  // namespace

std::unique_ptr<StepperCheckpoint> OddEvenSorter::newCheckpoint() const { return std::make_unique<OddEvenCheckpoint>(); }

void OddEvenSorter::save(StepperCheckpoint& into) const {
  static_cast<OddEvenCheckpoint&>(into).watch = watch_.save();
  Stepper::save(into);
}

void OddEvenSorter::restore(const StepperCheckpoint& saved) {
  Stepper::restore(saved);
  watch_.restore(static_cast<const OddEvenCheckpoint&>(saved).watch, passesRun());
}

std::size_t OddEvenSorter::checkpointBytes() const {
  return Stepper::checkpointBytes() + std::size_t{passCount()} * 4;
}


// [SECTION] GPU view: the workgroups of a pass (Sorter::workgroupLayout)

std::optional<WorkgroupLayout> OddEvenSorter::workgroupLayout(std::uint32_t pass) const {
  if (pass >= passCount()) return std::nullopt;
  WorkgroupLayout layout;
  layout.workgroupSize = static_cast<std::uint32_t>(settings_.workgroupSize);
  if (teaching_) {
    // round.comp: one invocation per pair (i, i+1), i = pass (mod 2), pairs numbered sequence after sequence.
    const std::uint32_t parity = pass % 2;
    const std::uint32_t pairsPerSequence = (shape().sequenceLength - parity) / 2;
    layout.dispatch = "round";
    layout.unitName = "pair";
    layout.sequenceStride = layout.positionsPerSequence = 2 * pairsPerSequence;
    layout.firstPosition = parity;
    layout.unitLength = 2;
    layout.unitsPerWorkgroup = layout.workgroupSize;
    layout.workgroupCount = gl::divideRoundingUp(std::uint64_t{pairsPerSequence} * shape().sequenceCount, layout.workgroupSize);
    if (parity == 1 || shape().sequenceLength % 2 == 1) layout.note = "grey: the ends no pair of this round holds";
    return layout;
  }
  // fused.comp: slots of a workgroup hold tiles; a tile owns tileStride positions and reads a halo.
  layout.dispatch = "fused rounds";
  layout.unitName = "tile";
  layout.sequenceStride = layout.positionsPerSequence = layout_.tilesPerSequence * layout_.tileStride;
  layout.unitLength = layout_.tileStride;
  layout.unitsPerWorkgroup = layout_.slotsPerGroup;
  layout.workgroupCount = layout_.groupCount;
  if (layout_.halo > 0)
    layout.note = "each tile also reads " + std::to_string(layout_.halo) + " neighbours on each side (its halo)";
  else if (layout_.slotsPerGroup > 1)
    layout.note = "whole sequences as tiles, " + std::to_string(layout_.slotsPerGroup) + " per workgroup";
  return layout;
}

}  // namespace shadersort
