#include "sort/bitonic.h"

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "gl/compute.h"

namespace shadersort {
namespace {

constexpr int kKeyBinding = 0;
constexpr int kValueBinding = 1;
constexpr int kMinItemsPerInvocation = 2;  // a phase gives each invocation at least a pair
constexpr int kMaxItemsPerInvocation = 32; // registers, and the 32-bank swizzle
constexpr int kPreferredTileSize = 4096;
constexpr int kKeyBytes = 4;               // a key in shared memory
constexpr std::uint64_t kMaxPositions = 1ull << 31;  // virtual positions S * P stay 32-bit
constexpr int kDefaultTileGroups = 1024;
// Wide tiles fetching the next tile: 3 workgroups of 512 invocations per multiprocessor stay
// resident on an H100; fewer groups left it idle, more started a second wave, and one workgroup
// per tile was slower than either.
constexpr int kResidentWideInvocations = 3 * 512;
constexpr int kMaxTileGroups = 1 << 20;
constexpr NamedValue kOnePerTileWord[] = {{"per-tile", 0}};
constexpr NamedValue kWideGroupsWords[] = {{"per-tile", 0}, {"resident", BitonicSettings::kWideGroupsResident}};
constexpr NamedValue kWideStepsWords[] = {{"auto", BitonicSettings::kWideStepsAuto}};
constexpr NamedValue kFusedStepsWords[] = {{"auto", BitonicSettings::kFusedStepsAuto}};
constexpr int kKeyFusedSteps = 4;
// Pairs in registers: 5 steps (32 keys and 32 values per invocation) from 2^24 positions, where
// the fewer passes outweigh the occupancy the registers cost; below that (2^22) they were slower
// on an H100.
constexpr int kPairFusedSteps = 5;
constexpr std::uint64_t kPairFusedStepsFrom = std::uint64_t{1} << 24;

// The largest power-of-two tile up to `most` whose elements of `bytes` each fit shared memory.
int fittingTileSize(int most, int bytes, const gl::Limits& limits) {
  int tile = most;
  while (tile > 2 * kMinItemsPerInvocation && tile * bytes > limits.maxComputeSharedMemorySize) tile /= 2;
  return tile;
}

// The workgroups are one-dimensional.
// Eight items per invocation: measured fastest on an H100 (docs/BENCHMARKS.md), where these
// passes are bound by instructions and occupancy rather than barriers.
int defaultWorkgroupSize(int tileSize, const gl::Limits& limits) {
  return std::clamp(tileSize / 8, 1, limits.maxLinearWorkgroupSize());
}

// The largest power-of-two tile whose keys fit shared memory.
int maxTileSize(const gl::Limits& limits) {
  const int most = limits.maxComputeSharedMemorySize / kKeyBytes;
  return most < 1 ? 0 : static_cast<int>(std::bit_floor(static_cast<unsigned>(most)));
}

// The message when a tile of `tileSize` over `workgroupSize` invocations gives too few or too
// many items per invocation; empty when it is allowed.
std::string itemsRuleBroken(int tileSize, int workgroupSize, std::string_view names) {
  const int items = tileSize / workgroupSize;
  if (items >= kMinItemsPerInvocation && items <= kMaxItemsPerInvocation) return {};
  return std::string(names) + " must be " + std::to_string(kMinItemsPerInvocation) + " to " +
         std::to_string(kMaxItemsPerInvocation) + " items per invocation, got " + std::to_string(tileSize) + " / " +
         std::to_string(workgroupSize);
}

std::vector<int> workgroupCandidates(int tileSize, const gl::Limits& limits) {
  std::vector<int> sizes;
  for (int size : {64, 128, 256, 512, 1024})
    if (size <= limits.maxLinearWorkgroupSize() && itemsRuleBroken(tileSize, size, "").empty()) sizes.push_back(size);
  return sizes;
}

}  // namespace

const SettingTable<BitonicSettings>& BitonicSettings::table() {
  using Settings = BitonicSettings;
  static const SettingTable<BitonicSettings> table("bitonic", {
      {.name = "tile-size",
       .meaning = "positions each workgroup sorts in shared memory (pairs: half, with half the items each)",
       .field = &Settings::tileSize,
       .defaultValue = [](const Settings&, const SettingContext& context) {
         return fittingTileSize(kPreferredTileSize, kKeyBytes, context.limits);
       },
       .kind = NumberKind::PowerOfTwo,
       .least = 2 * kMinItemsPerInvocation,
       .most = [](const Settings&, const SettingContext& context) { return maxTileSize(context.limits); },
       .mostReason = "a position's key takes 4 bytes of this GPU's shared memory",
       // Each tile size is tried with its own default workgroup size (tile / 8).
       .candidates = [](const Settings&, const gl::Limits& limits) {
         std::vector<int> tiles;
         for (int tile : {1024, 2048, 4096, 8192, 16384})
           if (tile * kKeyBytes <= limits.maxComputeSharedMemorySize) tiles.push_back(tile);
         return tiles;
       }},
      {.name = "workgroup-size",
       .meaning = "invocations per workgroup; tile-size / workgroup-size items each",
       .field = &Settings::workgroupSize,
       .defaultValue = [](const Settings& earlier, const SettingContext& context) {
         return defaultWorkgroupSize(earlier.tileSize, context.limits);
       },
       .kind = NumberKind::PowerOfTwo,
       .least = 1,
       .most = [](const Settings&, const SettingContext& context) { return context.limits.maxLinearWorkgroupSize(); },
       .rule = [](const Settings& settings, const SettingContext&) {
         return itemsRuleBroken(settings.tileSize, settings.workgroupSize, "tile-size / workgroup-size");
       },
       .candidates = [](const Settings& defaults, const gl::Limits& limits) {
         return workgroupCandidates(defaults.tileSize, limits);
       }},
      {.name = "fused-steps",
       .meaning = "merge steps wider than a tile run per global-memory dispatch (auto: 5 for pairs from 2^24 positions, else 4)",
       .field = &Settings::fusedSteps,
       .defaultValue = [](const Settings&, const SettingContext&) { return Settings::kFusedStepsAuto; },
       .namedValues = kFusedStepsWords,
       .least = 1,
       .most = [](const Settings&, const SettingContext&) { return Settings::kMaxFusedSteps; },
       .candidates = [](const Settings&, const gl::Limits&) {
         return std::vector<int>{Settings::kFusedStepsAuto, 2, 3, 4, 5};
       }},
      {.name = "wide-tile-size",
       .meaning = "positions each workgroup of a wide-tiles pass holds in shared memory (pairs: half, as tile-size)",
       .field = &Settings::wideTileSize,
       .defaultValue = [](const Settings& earlier, const SettingContext&) { return earlier.tileSize; },
       .kind = NumberKind::PowerOfTwo,
       .least = 2 * kMinItemsPerInvocation,
       // Bounded further by wide-steps' rule: a pass's runs of consecutive positions (the wide
       // tile less its fewest steps) must stay within the narrowest wide distance (a tile).
       .most = [](const Settings& earlier, const SettingContext& context) {
         return std::min(maxTileSize(context.limits), 4 * earlier.tileSize);
       },
       .mostReason = "4 x tile-size, and a position's key takes 4 bytes of this GPU's shared memory",
       .candidates = [](const Settings& defaults, const gl::Limits& limits) {
         std::vector<int> tiles;
         for (int tile : {defaults.tileSize, 2 * defaults.tileSize})
           if (tile * kKeyBytes <= limits.maxComputeSharedMemorySize) tiles.push_back(tile);
         return tiles;
       }},
      {.name = "wide-workgroup-size",
       .meaning = "invocations per workgroup of a wide-tiles pass; wide-tile-size / this items each",
       .field = &Settings::wideWorkgroupSize,
       .defaultValue = [](const Settings& earlier, const SettingContext& context) {
         return defaultWorkgroupSize(earlier.wideTileSize, context.limits);
       },
       .kind = NumberKind::PowerOfTwo,
       .least = 1,
       .most = [](const Settings&, const SettingContext& context) { return context.limits.maxLinearWorkgroupSize(); },
       .rule = [](const Settings& settings, const SettingContext&) {
         return itemsRuleBroken(settings.wideTileSize, settings.wideWorkgroupSize, "wide-tile-size / wide-workgroup-size");
       },
       .candidates = [](const Settings& defaults, const gl::Limits& limits) {
         return workgroupCandidates(defaults.wideTileSize, limits);
       }},
      {.name = "wide-steps",
       .meaning = "most wide merge steps per shared-memory pass, while more than fused-steps are left (0: none)",
       .field = &Settings::wideSteps,
       .defaultValue = [](const Settings&, const SettingContext&) { return Settings::kWideStepsAuto; },
       .namedValues = kWideStepsWords,
       .least = 0,
       .most = [](const Settings& earlier, const SettingContext&) {
         return std::countr_zero(static_cast<unsigned>(earlier.wideTileSize)) - 1;
       },
       .mostReason = "a strided tile keeps at least 2 consecutive positions",
       .rule = [](const Settings& settings, const SettingContext&) -> std::string {
         // A pass's fewest steps: all of them, or fused-steps + 1 (fewer go to registers).
         const int wideLog2 = std::countr_zero(static_cast<unsigned>(settings.wideTileSize));
         const int steps = settings.wideSteps == Settings::kWideStepsAuto ? wideLog2 - 4 : settings.wideSteps;
         // auto: the fewest fused steps it takes (more only shorten the runs).
         const int fused = settings.fusedSteps == Settings::kFusedStepsAuto ? kKeyFusedSteps : settings.fusedSteps;
         const int fewest = std::min(steps, fused + 1);
         if (steps <= 0 || wideLog2 - fewest <= std::countr_zero(static_cast<unsigned>(settings.tileSize))) return {};
         return "wide-tile-size " + std::to_string(settings.wideTileSize) + " with passes of " + std::to_string(fewest) +
                " wide steps leaves runs of consecutive positions longer than tile-size " +
                std::to_string(settings.tileSize);
       },
       .candidates = [](const Settings& defaults, const gl::Limits&) {
         const int most = std::countr_zero(static_cast<unsigned>(defaults.wideTileSize)) - 4;
         std::vector<int> steps{Settings::kWideStepsAuto, 0};
         for (int n = std::max(most - 3, 1); n <= most; ++n) steps.push_back(n);
         return steps;
       }},
      {.name = "wide-groups",
       .meaning = "most workgroups a wide-tiles pass dispatches; each fetches its next tile while sorting one (resident: "
                  "3 per multiprocessor where the driver tells how many, else per-tile)",
       .field = &Settings::wideGroups,
       .defaultValue = [](const Settings&, const SettingContext&) { return Settings::kWideGroupsResident; },
       .namedValues = kWideGroupsWords,
       .least = 1,
       .most = [](const Settings&, const SettingContext&) { return kMaxTileGroups; },
       .candidates = [](const Settings&, const gl::Limits&) {
         return std::vector<int>{Settings::kWideGroupsResident, 0, 512, 1024};
       }},
      {.name = "tile-groups",
       .meaning = "most workgroups a finish-tiles pass dispatches; each fetches its next tile while finishing one",
       .field = &Settings::tileGroups,
       .defaultValue = [](const Settings&, const SettingContext&) { return kDefaultTileGroups; },
       .namedValues = kOnePerTileWord,
       .least = 1,
       .most = [](const Settings&, const SettingContext&) { return kMaxTileGroups; },
       .candidates = [](const Settings&, const gl::Limits&) { return std::vector<int>{0, 256, 512, 1024, 2048}; }},
  });
  return table;
}

BitonicSorter::BitonicSorter(const SortContext& context, const SorterOptions& options)
    : Stepper("bitonic", options.countWork),
      shaders_(context.shaders()),
      settings_(BitonicSettings::fromOptions(scheduleOptions(options), context.limits())),
      wideGroups_(wideGroupsInUse(settings_, context.limits())),
      teaching_(options.teaching || options.countWork),
      descendingKeys_(options.descendingKeys) {}

std::string_view BitonicSorter::explanation() {
  return "Bitonic sort: merges of width 2, 4, 8, ... up to the sequence; a merge of width w first pairs each "
         "position with its mirror in its block of w, then with the position at distance w/4, w/8, ... 1. In every "
         "pair the left keeps the smaller key (the larger when sorting descending); equal keys may trade places, so "
         "it is not stable. A sequence of L keys runs the network of the next power of two and skips the pairs that "
         "reach past L. The fast schedule sorts tiles in shared memory in one dispatch; then each merge wider than a "
         "tile runs its wide steps several per pass (in strided shared-memory tiles, or in registers) and its narrow "
         "ones in one shared-memory pass.";
}

std::string BitonicSorter::whyCannotSort(const SortShape& shape, const gl::Limits& limits) {
  const std::uint64_t bytes = shape.elementCount() * 4;
  if (bytes > static_cast<std::uint64_t>(limits.maxShaderStorageBlockSize))
    return std::to_string(shape.elementCount()) + " keys take " + std::to_string(bytes) +
           " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" + std::to_string(limits.maxShaderStorageBlockSize) + ")";
  // 64-bit, since a length beyond 2^31 has no 32-bit power of two above it.
  const std::uint64_t padded = std::bit_ceil(std::max<std::uint64_t>(shape.sequenceLength, 1));
  if (shape.elementCount() > 0 && shape.sequenceCount * padded > kMaxPositions)
    return std::to_string(shape.sequenceCount) + " sequences padded to " + std::to_string(padded) +
           " positions exceed the network's 2^31 positions";
  return {};
}

namespace {

template <typename Uniforms>
std::vector<compute::UniformField<Uniforms>> withGeometry(std::vector<compute::UniformField<Uniforms>> fields) {
  using compute::uniform;
  fields.push_back(uniform<Uniforms>("u_sequenceCount", [](const Uniforms& u) { return u.geometry.sequenceCount; }));
  fields.push_back(uniform<Uniforms>("u_sequenceLength", [](const Uniforms& u) { return u.geometry.sequenceLength; }));
  fields.push_back(uniform<Uniforms>("u_paddedLog2", [](const Uniforms& u) { return u.geometry.paddedLog2; }));
  return fields;
}

}  // namespace

std::vector<compute::UniformField<BitonicSorter::FinishTileUniforms>> BitonicSorter::FinishTileUniforms::fields() {
  using U = FinishTileUniforms;
  return withGeometry<U>({compute::uniform("u_groupCount", &U::groupCount), compute::uniform("u_groupStride", &U::groupStride)});
}

std::vector<compute::UniformField<BitonicSorter::SortTileUniforms>> BitonicSorter::SortTileUniforms::fields() {
  using U = SortTileUniforms;
  return withGeometry<U>({compute::uniform("u_groupCount", &U::groupCount), compute::uniform("u_groupStride", &U::groupStride),
                          compute::uniform("u_sortWidth", &U::sortWidth)});
}

std::vector<compute::UniformField<BitonicSorter::WideUniforms>> BitonicSorter::WideUniforms::fields() {
  using U = WideUniforms;
  return withGeometry<U>({compute::uniform("u_groupCount", &U::groupCount), compute::uniform("u_groupStride", &U::groupStride),
                          compute::uniform("u_lowestStepBit", &U::lowestStepBit), compute::uniform("u_mirror", &U::mirror),
                          compute::uniform("u_stepMask", &U::stepMasks), compute::uniform("u_roundOffset", &U::roundOffsets)});
}

std::vector<compute::UniformField<BitonicSorter::GlobalStepUniforms>> BitonicSorter::GlobalStepUniforms::fields() {
  return withGeometry<GlobalStepUniforms>({compute::uniform("u_masks", &GlobalStepUniforms::masks),
                                           compute::uniform("u_invocationCount", &GlobalStepUniforms::invocationCount)});
}

gl::ShaderDefines BitonicSorter::commonDefines() const {
  gl::ShaderDefines defines;
  defines.set("KEY_BINDING", kKeyBinding)
      .set("VALUE_BINDING", kValueBinding)
      .set("HAS_VALUES", shape().hasValues ? 1 : 0)
      .set("WORKGROUP_SIZE", settings_.workgroupSize);
  if (countsWork()) defines.setAll(workCountDefines());
  return defines;
}

gl::ShaderDefines BitonicSorter::tileDefines(const Tile& tile, bool sortsTiles) const {
  gl::ShaderDefines defines = commonDefines();
  const int items = tile.size / tile.workgroupSize;
  defines.set("WORKGROUP_SIZE", tile.workgroupSize)
      .set("TILE_SIZE", tile.size)
      .set("TILE_LOG2", std::countr_zero(static_cast<unsigned>(tile.size)))
      .set("ITEMS", items)
      .set("ITEMS_LOG2", std::countr_zero(static_cast<unsigned>(items)))
      .set("SORT_TILES", sortsTiles ? 1 : 0)
      .set("PREFETCH", !sortsTiles && settings_.tileGroups != 0 ? 1 : 0);
  return defines;
}

const compute::Kernel<BitonicSorter::FinishTileUniforms>& BitonicSorter::finishTileKernel() {
  auto& kernel = finishTileKernels_[{tile_.size, shape().hasValues, settings_.tileGroups != 0}];
  if (!kernel) kernel = compute::Kernel<FinishTileUniforms>(shaders_, "shaders/sort/bitonic/tile.comp", tileDefines(tile_, false));
  return kernel;
}

const compute::Kernel<BitonicSorter::SortTileUniforms>& BitonicSorter::sortTileKernel() {
  auto& kernel = sortTileKernels_[{tile_.size, shape().hasValues, false}];
  if (!kernel) kernel = compute::Kernel<SortTileUniforms>(shaders_, "shaders/sort/bitonic/tile.comp", tileDefines(tile_, true));
  return kernel;
}

const compute::Kernel<BitonicSorter::WideUniforms>& BitonicSorter::wideKernel(std::uint32_t steps) {
  // wide-groups is fixed per sorter.
  auto& kernel = wideKernels_[{wideTile_.size, wideTile_.workgroupSize, shape().hasValues, steps}];
  if (kernel) return kernel;
  gl::ShaderDefines defines = tileDefines(wideTile_, false);
  defines.set("WIDE_STEPS", static_cast<std::int64_t>(steps)).set("PREFETCH", wideGroups_ != 0 ? 1 : 0);
  kernel = compute::Kernel<WideUniforms>(shaders_, "shaders/sort/bitonic/wide.comp", defines);
  return kernel;
}

const compute::Kernel<BitonicSorter::GlobalStepUniforms>& BitonicSorter::globalStepKernel(std::uint32_t steps) {
  auto& kernel = globalStepKernels_[{shape().hasValues, steps}];
  if (kernel) return kernel;
  gl::ShaderDefines defines = commonDefines();
  defines.set("STEPS", static_cast<std::int64_t>(steps));
  kernel = compute::Kernel<GlobalStepUniforms>(shaders_, "shaders/sort/bitonic/global.comp", defines);
  return kernel;
}

void BitonicSorter::compileKernelFor(const BitonicPass& pass) {
  if (pass.kind == BitonicPass::Kind::GlobalSteps) {
    globalStepKernel(pass.steps);
  } else if (pass.kind == BitonicPass::Kind::SortTiles) {
    sortTileKernel();
  } else if (pass.kind == BitonicPass::Kind::WideTiles) {
    wideKernel(pass.steps);
  } else {
    finishTileKernel();
  }
}

int BitonicSorter::wideGroupsInUse(const BitonicSettings& settings, const gl::Limits& limits) {
  if (settings.wideGroups != BitonicSettings::kWideGroupsResident) return settings.wideGroups;
  const int perMultiprocessor = std::max(1, kResidentWideInvocations / settings.wideWorkgroupSize);
  return perMultiprocessor * std::max(limits.multiprocessorCount, 0);
}

BitonicSorter::Tile BitonicSorter::pairTile(int size, int workgroupSize, bool hasValues) {
  if (!hasValues) return {size, workgroupSize};
  // Half the positions with half the items each: the shared memory and the registers of keys
  // alone, and the same workgroup unless the items reach their least. Measured faster on an H100
  // than keeping either the positions or the items.
  const int items = std::max(size / workgroupSize / 2, kMinItemsPerInvocation);
  const int half = std::max(size / 2, 2 * kMinItemsPerInvocation);
  return {half, std::max(1, half / items)};
}

BitonicSorter::Tile BitonicSorter::tileFor(bool hasValues) const {
  return pairTile(settings_.tileSize, settings_.workgroupSize, hasValues);
}

BitonicSorter::Tile BitonicSorter::wideTileFor(bool hasValues) const {
  return pairTile(settings_.wideTileSize, settings_.wideWorkgroupSize, hasValues);
}

std::uint32_t BitonicSorter::groupsFor(std::uint64_t tiles, int most) {
  if (most == 0) return static_cast<std::uint32_t>(tiles);
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(tiles, static_cast<std::uint64_t>(most)));
}

std::uint32_t BitonicSorter::wideStepsFor(int tileSize, bool hasValues) const {
  const int tileLog2 = std::countr_zero(static_cast<unsigned>(tileSize));
  // auto: runs of 16 consecutive positions (64 bytes): 8 steps in the 3 phases of 8 items that 7
  // steps take in 128-byte runs, measured faster on an H100; pairs none: their strided tiles lost
  // to one workgroup per tile and, with resident workgroups, collapsed at large sizes.
  const int wanted = settings_.wideSteps != BitonicSettings::kWideStepsAuto ? settings_.wideSteps
                     : hasValues                                              ? 0
                                                                              : tileLog2 - 4;
  // A strided tile keeps at least one bit of consecutive positions.
  return static_cast<std::uint32_t>(std::clamp(wanted, 0, std::max(tileLog2 - 1, 0)));
}

std::uint32_t BitonicSorter::fusedStepsFor(std::uint64_t positions, bool hasValues) const {
  if (settings_.fusedSteps != BitonicSettings::kFusedStepsAuto) return static_cast<std::uint32_t>(settings_.fusedSteps);
  return hasValues && positions >= kPairFusedStepsFrom ? kPairFusedSteps : kKeyFusedSteps;
}

BitonicSorter::Geometry BitonicSorter::geometry() const {
  return {.sequenceCount = shape().sequenceCount,
          .sequenceLength = shape().sequenceLength,
          .paddedLog2 = log2OfPowerOfTwo(paddedLength_)};
}

void BitonicSorter::load(const SortTarget& input) {
  beginLoad(input.shape);
  paddedLength_ = bitonicPaddedLength(shape().sequenceLength);
  passes_.clear();
  copyInput(input);
  makeState(1);
  if (stateBytes() > 0) {
    tile_ = tileFor(shape().hasValues);
    wideTile_ = wideTileFor(shape().hasValues);
    passes_ = teaching_ ? bitonicTeachingSchedule(paddedLength_)
                        : bitonicFastSchedule(paddedLength_, static_cast<std::uint32_t>(tile_.size),
                                              fusedStepsFor(std::uint64_t{shape().sequenceCount} * paddedLength_,
                                                            shape().hasValues),
                                              wideStepsFor(wideTile_.size, shape().hasValues));
    // Compile now, so that no pass stalls on a compile in the viewer.
    for (const BitonicPass& pass : passes_) compileKernelFor(pass);
  }
  endLoad();
}

std::string BitonicSorter::describePass(std::uint32_t pass) const {
  return describeBitonicPass(passes_, pass, shape().sequenceLength, paddedLength_, descendingKeys_);
}

std::vector<Comparator> BitonicSorter::comparators(std::uint32_t pass, std::size_t limit) const {
  if (pass >= passes_.size()) return {};
  return bitonicPassComparators(passes_[pass], shape().sequenceLength, limit);
}

BitonicSorter::WideUniforms BitonicSorter::wideUniforms(const BitonicPass& pass) const {
  const std::uint64_t positions = static_cast<std::uint64_t>(shape().sequenceCount) * paddedLength_;
  const auto tileSize = static_cast<std::uint32_t>(wideTile_.size);
  WideUniforms uniforms{.geometry = geometry(),
                        .groupCount = static_cast<std::uint32_t>(positions / tileSize),
                        .lowestStepBit = static_cast<std::uint32_t>(std::countr_zero(pass.distance)) - (pass.steps - 1),
                        .mirror = bitonicPartnerMask(pass.mergeWidth, pass.distance) != pass.distance ? 1u : 0u};
  uniforms.groupStride = groupsFor(uniforms.groupCount, wideGroups_);
  // wide.comp's offsetOf() for the pass: tile bits below lowBits are positions, each bit above
  // one step's mask.
  const std::uint32_t lowBits = static_cast<std::uint32_t>(std::countr_zero(tileSize)) - pass.steps;
  for (std::uint32_t step = 0; step < pass.steps; ++step)
    uniforms.stepMasks[step] = bitonicPartnerMask(pass.mergeWidth, pass.distance >> (pass.steps - 1 - step));
  const auto items = static_cast<std::uint32_t>(wideTile_.size / wideTile_.workgroupSize);
  for (std::uint32_t round = 0; round < items; ++round) {
    const std::uint32_t position = round * static_cast<std::uint32_t>(wideTile_.workgroupSize);
    std::uint32_t offset = position & ((1u << lowBits) - 1u);
    for (std::uint32_t step = 0; step < pass.steps; ++step)
      if ((position >> (lowBits + step)) & 1u) offset ^= uniforms.stepMasks[step];
    uniforms.roundOffsets[round] = offset;
  }
  return uniforms;
}

void BitonicSorter::run(std::uint32_t passIndex) {
  const BitonicPass& pass = passes_[passIndex];
  stateKeys(0).bind(kKeyBinding);
  if (shape().hasValues) stateValues(0).bind(kValueBinding);
  const std::uint64_t positions = static_cast<std::uint64_t>(shape().sequenceCount) * paddedLength_;
  const auto tileSize = static_cast<std::uint64_t>(tile_.size);
  // Every kind of pass reads and writes each element once.
  const std::uint64_t bytes = shape().elementCount() * (shape().hasValues ? 16 : 8);
  if (pass.kind == BitonicPass::Kind::GlobalSteps) {
    GlobalStepUniforms uniforms{.geometry = geometry()};
    for (std::uint32_t step = 0; step < pass.steps; ++step)
      uniforms.masks[step] = bitonicPartnerMask(pass.mergeWidth, pass.distance >> step);
    uniforms.invocationCount = static_cast<std::uint32_t>(positions >> pass.steps);
    globalStepKernel(pass.steps)
        .dispatch(uniforms, gl::divideRoundingUp(uniforms.invocationCount, static_cast<std::uint64_t>(settings_.workgroupSize)),
                  {"global-steps", bytes}, observer_);
  } else if (pass.kind == BitonicPass::Kind::WideTiles) {
    const WideUniforms uniforms = wideUniforms(pass);
    wideKernel(pass.steps).dispatch(uniforms, uniforms.groupStride, {"wide-tiles", bytes}, observer_);
  } else {
    // Whole sequences per tile when they fit one, else the tiles that hold real elements.
    const std::uint64_t groups =
        paddedLength_ <= tileSize ? gl::divideRoundingUp(positions, tileSize)
                                  : shape().sequenceCount * gl::divideRoundingUp(shape().sequenceLength, tileSize);
    if (pass.kind == BitonicPass::Kind::SortTiles) {
      // Bound by its many steps rather than by memory: a workgroup per tile (measured faster).
      sortTileKernel().dispatch({.geometry = geometry(),
                                 .groupCount = static_cast<std::uint32_t>(groups),
                                 .groupStride = static_cast<std::uint32_t>(groups),
                                 .sortWidth = pass.mergeWidth},
                                groups, {"sort-tiles", bytes}, observer_);
    } else {
      const std::uint32_t dispatched = groupsFor(groups, settings_.tileGroups);
      finishTileKernel().dispatch(
          {.geometry = geometry(), .groupCount = static_cast<std::uint32_t>(groups), .groupStride = dispatched},
          dispatched, {"finish-tiles", bytes}, observer_);
    }
  }
}

// [SECTION] GPU view: the workgroups of a pass (Sorter::workgroupLayout)

std::optional<WorkgroupLayout> BitonicSorter::workgroupLayout(std::uint32_t passIndex) const {
  if (passIndex >= passes_.size()) return std::nullopt;
  const BitonicPass& pass = passes_[passIndex];
  const std::uint64_t positions = static_cast<std::uint64_t>(shape().sequenceCount) * paddedLength_;
  WorkgroupLayout layout;
  // Virtual positions (elements.glsl): each sequence padded to the next power of two.
  layout.sequenceStride = paddedLength_;
  layout.positionsPerSequence = shape().sequenceLength;
  const bool mirror = bitonicPartnerMask(pass.mergeWidth, pass.distance) != pass.distance;
  if (pass.kind == BitonicPass::Kind::GlobalSteps || pass.kind == BitonicPass::Kind::WideTiles) {
    // An invocation (global.comp) or a strided tile (wide.comp) owns the positions that differ
    // only in the steps' bits: those bits taken out number it.
    layout.skippedBit = static_cast<std::uint32_t>(std::countr_zero(pass.distance)) - (pass.steps - 1);
    layout.skippedBitCount = pass.steps;
    if (mirror) layout.mirrorWidth = pass.mergeWidth;
  }
  if (pass.kind == BitonicPass::Kind::GlobalSteps) {
    layout.dispatch = pass.steps == 1 ? "compare-exchange step" : "steps fused in registers";
    layout.unitName = pass.steps == 1 ? "pair" : "set of " + std::to_string(1u << pass.steps) + " positions";
    layout.workgroupSize = static_cast<std::uint32_t>(settings_.workgroupSize);
    layout.unitsPerWorkgroup = layout.workgroupSize;
    layout.workgroupCount = gl::divideRoundingUp(positions >> pass.steps, static_cast<std::uint64_t>(layout.workgroupSize));
    return layout;
  }
  if (pass.kind == BitonicPass::Kind::WideTiles) {
    const WideUniforms uniforms = wideUniforms(pass);
    const auto tileLog2 = static_cast<std::uint32_t>(std::countr_zero(static_cast<unsigned>(wideTile_.size)));
    layout.dispatch = "strided tiles in shared memory";
    layout.unitName = "strided tile";
    layout.workgroupSize = static_cast<std::uint32_t>(wideTile_.workgroupSize);
    layout.unitLength = 1u << (tileLog2 - pass.steps);
    layout.workgroupCount = uniforms.groupStride;
    if (uniforms.groupStride < uniforms.groupCount) layout.workgroupCycle = uniforms.groupStride;
    layout.note = "a tile: runs of " + std::to_string(layout.unitLength) + " positions, " +
                  std::to_string(pass.distance >> (pass.steps - 1)) + " and more apart";
    return layout;
  }
  // tile.comp: whole sequences per tile when they fit one, else the tiles that hold real elements.
  const auto tileSize = static_cast<std::uint32_t>(tile_.size);
  layout.dispatch = pass.kind == BitonicPass::Kind::SortTiles ? "tile sort" : "tile finish";
  layout.workgroupSize = static_cast<std::uint32_t>(tile_.workgroupSize);
  layout.unitLength = tileSize;
  const std::uint64_t groups = paddedLength_ <= tileSize
                                   ? gl::divideRoundingUp(positions, std::uint64_t{tileSize})
                                   : shape().sequenceCount * gl::divideRoundingUp(shape().sequenceLength, tileSize);
  if (paddedLength_ > tileSize)
    layout.sequenceStride = static_cast<std::uint32_t>(gl::divideRoundingUp(shape().sequenceLength, tileSize)) * tileSize;
  layout.workgroupCount = groups;
  if (pass.kind == BitonicPass::Kind::FinishTiles) {
    const std::uint32_t dispatched = groupsFor(groups, settings_.tileGroups);
    layout.workgroupCount = dispatched;
    if (dispatched < groups) layout.workgroupCycle = dispatched;
  }
  return layout;
}

}  // namespace shadersort
