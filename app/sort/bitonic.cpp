#include "sort/bitonic.h"

#include <algorithm>
#include <bit>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/checkpoint_support.h"
#include "sort/storage_state.h"

namespace shadersort {
namespace {

constexpr int kKeyBinding = 0;
constexpr int kValueBinding = 1;
constexpr int kMinItemsPerInvocation = 2;  // a shared-memory step gives each invocation a pair
constexpr int kMaxItemsPerInvocation = 32; // registers, and the 32-bank swizzle
constexpr int kPreferredTileSize = 4096;
constexpr int kBytesPerElement = 8;      // key and value in shared memory
constexpr std::uint64_t kMaxPositions = 1ull << 31;  // virtual positions S * P stay 32-bit

// The largest power-of-two tile up to kPreferredTileSize whose keys and values fit shared memory.
int defaultTileSize(const gl::Limits& limits) {
  int tile = kPreferredTileSize;
  while (tile > 2 * kMinItemsPerInvocation && tile * kBytesPerElement > limits.maxComputeSharedMemorySize) tile /= 2;
  return tile;
}

// The workgroups are one-dimensional.
int maxWorkgroupSizeOf(const gl::Limits& limits) {
  return std::max(1, std::min(limits.maxComputeWorkGroupInvocations, limits.maxComputeWorkGroupSize[0]));
}

// Eight items per invocation: enough register work per barrier, workgroups small enough for
// several per multiprocessor.
int defaultWorkgroupSize(int tileSize, const gl::Limits& limits) {
  return std::clamp(tileSize / 8, 1, maxWorkgroupSizeOf(limits));
}

// The largest power-of-two tile whose keys and values fit shared memory.
int maxTileSize(const gl::Limits& limits) {
  const int most = limits.maxComputeSharedMemorySize / kBytesPerElement;
  return most < 1 ? 0 : static_cast<int>(std::bit_floor(static_cast<unsigned>(most)));
}

std::uint32_t log2Of(std::uint32_t powerOfTwo) { return static_cast<std::uint32_t>(std::countr_zero(powerOfTwo)); }

}  // namespace

const SettingTable<BitonicSettings>& BitonicSettings::table() {
  using Settings = BitonicSettings;
  static const SettingTable<BitonicSettings> table("bitonic", {
      {.name = "tile-size",
       .meaning = "positions each workgroup sorts in shared memory",
       .field = &Settings::tileSize,
       .defaultValue = [](const Settings&, const SettingContext& context) { return defaultTileSize(context.limits); },
       .kind = NumberKind::PowerOfTwo,
       .least = 2 * kMinItemsPerInvocation,
       .most = [](const Settings&, const SettingContext& context) { return maxTileSize(context.limits); },
       .mostReason = "a position's key and value take 8 bytes of this GPU's shared memory",
       // Each tile size is tried with its own default workgroup size (tile / 8).
       .candidates = [](const Settings&, const gl::Limits& limits) {
         std::vector<int> tiles;
         for (int tile : {512, 1024, 2048, 4096, 8192})
           if (tile * kBytesPerElement <= limits.maxComputeSharedMemorySize) tiles.push_back(tile);
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
       .most = [](const Settings&, const SettingContext& context) { return maxWorkgroupSizeOf(context.limits); },
       .rule = [](const Settings& settings, const SettingContext&) -> std::string {
         const int items = settings.tileSize / settings.workgroupSize;
         if (items >= kMinItemsPerInvocation && items <= kMaxItemsPerInvocation) return {};
         return "tile-size / workgroup-size must be " + std::to_string(kMinItemsPerInvocation) + " to " +
                std::to_string(kMaxItemsPerInvocation) + " items per invocation, got " +
                std::to_string(settings.tileSize) + " / " + std::to_string(settings.workgroupSize);
       },
       .candidates = [](const Settings& defaults, const gl::Limits& limits) {
         std::vector<int> sizes;
         for (int size : {64, 128, 256, 512, 1024}) {
           const int items = defaults.tileSize / size;
           if (size <= maxWorkgroupSizeOf(limits) && items >= kMinItemsPerInvocation && items <= kMaxItemsPerInvocation)
             sizes.push_back(size);
         }
         return sizes;
       }},
      {.name = "fused-steps",
       .meaning = "merge steps wider than a tile run per global-memory dispatch",
       .field = &Settings::fusedSteps,
       .defaultValue = [](const Settings&, const SettingContext&) { return Settings::kMaxFusedSteps; },
       .least = 1,
       .most = [](const Settings&, const SettingContext&) { return Settings::kMaxFusedSteps; },
       .candidates = [](const Settings&, const gl::Limits&) { return std::vector<int>{1, 2, 3, 4}; }},
  });
  return table;
}

BitonicSorter::BitonicSorter(const SorterOptions& options)
    : settings_(BitonicSettings::fromOptions(options, gl::currentLimits())),
      teaching_(options.teaching),
      descendingKeys_(options.descendingKeys) {}

std::string_view BitonicSorter::explanation() {
  return "Bitonic sort: merges of width 2, 4, 8, ... up to the sequence; a merge of width w first pairs each "
         "position with its mirror in its block of w, then with the position at distance w/4, w/8, ... 1. In every "
         "pair the left keeps the smaller key (the larger when sorting descending); equal keys may trade places, so "
         "it is not stable. A sequence of L keys runs the network of the next power of two and skips the pairs that "
         "reach past L. The fast schedule sorts tiles in shared memory in one dispatch, then fuses the wider steps "
         "in registers.";
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

std::vector<compute::UniformField<BitonicSorter::TileUniforms>> BitonicSorter::TileUniforms::fields() {
  return withGeometry<TileUniforms>({compute::uniform("u_groupCount", &TileUniforms::groupCount),
                                     compute::uniform("u_sortWidth", &TileUniforms::sortWidth)});
}

std::vector<compute::UniformField<BitonicSorter::GlobalStepUniforms>> BitonicSorter::GlobalStepUniforms::fields() {
  return withGeometry<GlobalStepUniforms>({compute::uniform("u_masks", &GlobalStepUniforms::masks),
                                           compute::uniform("u_invocationCount", &GlobalStepUniforms::invocationCount)});
}

gl::ShaderDefines BitonicSorter::commonDefines() const {
  gl::ShaderDefines defines;
  defines.set("KEY_BINDING", kKeyBinding)
      .set("VALUE_BINDING", kValueBinding)
      .set("HAS_VALUES", shape_.hasValues ? 1 : 0)
      .set("WORKGROUP_SIZE", settings_.workgroupSize);
  return defines;
}

const compute::Kernel<BitonicSorter::TileUniforms>& BitonicSorter::tileKernel() {
  auto& kernel = tileKernels_[shape_.hasValues];
  if (kernel) return kernel;
  gl::ShaderDefines defines = commonDefines();
  defines.set("TILE_SIZE", settings_.tileSize)
      .set("TILE_LOG2", std::countr_zero(static_cast<unsigned>(settings_.tileSize)))
      .set("ITEMS", settings_.tileSize / settings_.workgroupSize);
  kernel = compute::Kernel<TileUniforms>("shaders/sort/bitonic/tile.comp", defines);
  return kernel;
}

const compute::Kernel<BitonicSorter::GlobalStepUniforms>& BitonicSorter::globalStepKernel(std::uint32_t steps) {
  auto& kernel = globalStepKernels_[{shape_.hasValues, steps}];
  if (kernel) return kernel;
  gl::ShaderDefines defines = commonDefines();
  defines.set("STEPS", static_cast<std::int64_t>(steps));
  kernel = compute::Kernel<GlobalStepUniforms>("shaders/sort/bitonic/global.comp", defines);
  return kernel;
}

void BitonicSorter::compileKernelFor(const BitonicPass& pass) {
  if (pass.kind == BitonicPass::Kind::GlobalSteps) {
    globalStepKernel(pass.steps);
  } else {
    tileKernel();
  }
}

BitonicSorter::Geometry BitonicSorter::geometry() const {
  return {.sequenceCount = shape_.sequenceCount,
          .sequenceLength = shape_.sequenceLength,
          .paddedLog2 = log2Of(paddedLength_)};
}

void BitonicSorter::load(const SortData& input) {
  shape_ = input.shape();
  paddedLength_ = bitonicPaddedLength(shape_.sequenceLength);
  passesRun_ = 0;
  passes_.clear();
  loadId_ = newLoadId();
  inputKeys_.reset();
  inputValues_.reset();
  keys_.reset();
  values_.reset();
  if (input.size() == 0) return;

  inputKeys_ = compute::StorageBuffer("bitonic: input keys", input.keys);
  keys_ = compute::StorageBuffer("bitonic: keys", input.size() * 4);
  if (input.hasValues()) {
    inputValues_ = compute::StorageBuffer("bitonic: input values", input.values);
    values_ = compute::StorageBuffer("bitonic: values", input.size() * 4);
  }
  passes_ = teaching_ ? bitonicTeachingSchedule(paddedLength_)
                      : bitonicFastSchedule(paddedLength_, static_cast<std::uint32_t>(settings_.tileSize),
                                            static_cast<std::uint32_t>(settings_.fusedSteps));
  // Compile now, so that no pass stalls on a compile in the viewer.
  for (const BitonicPass& pass : passes_) compileKernelFor(pass);
  restart();
}

void BitonicSorter::restart() {
  passesRun_ = 0;
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes == 0) return;
  // The copies overwrite what earlier dispatches wrote.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  gl::copyBuffer(inputKeys_.buffer(), keys_.buffer(), bytes);
  if (shape_.hasValues) gl::copyBuffer(inputValues_.buffer(), values_.buffer(), bytes);
}

std::string BitonicSorter::describePass(std::uint32_t pass) const {
  return describeBitonicPass(passes_, pass, shape_.sequenceLength, paddedLength_, descendingKeys_);
}

std::vector<Comparator> BitonicSorter::comparators(std::uint32_t pass, std::size_t limit) const {
  if (pass >= passes_.size()) return {};
  return bitonicPassComparators(passes_[pass], shape_.sequenceLength, limit);
}

void BitonicSorter::runPass() {
  if (finished()) return;
  const BitonicPass& pass = passes_[passesRun_];
  keys_.bind(kKeyBinding);
  if (shape_.hasValues) values_.bind(kValueBinding);
  const std::uint64_t positions = static_cast<std::uint64_t>(shape_.sequenceCount) * paddedLength_;
  const auto tileSize = static_cast<std::uint64_t>(settings_.tileSize);
  // Every kind of pass reads and writes each element once.
  const std::uint64_t bytes = shape_.elementCount() * (shape_.hasValues ? 16 : 8);
  if (pass.kind == BitonicPass::Kind::GlobalSteps) {
    GlobalStepUniforms uniforms{.geometry = geometry()};
    for (std::uint32_t step = 0; step < pass.steps; ++step)
      uniforms.masks[step] = bitonicPartnerMask(pass.mergeWidth, pass.distance >> step);
    uniforms.invocationCount = static_cast<std::uint32_t>(positions >> pass.steps);
    globalStepKernel(pass.steps)
        .dispatch(uniforms, gl::divideRoundingUp(uniforms.invocationCount, static_cast<std::uint64_t>(settings_.workgroupSize)),
                  {"global-steps", bytes}, observer_);
  } else {
    // Whole sequences per tile when they fit one, else the tiles that hold real elements.
    const std::uint64_t groups =
        paddedLength_ <= tileSize ? gl::divideRoundingUp(positions, tileSize)
                                  : shape_.sequenceCount * gl::divideRoundingUp(shape_.sequenceLength, tileSize);
    const bool sortsTiles = pass.kind == BitonicPass::Kind::SortTiles;
    tileKernel().dispatch({.geometry = geometry(),
                           .groupCount = static_cast<std::uint32_t>(groups),
                           .sortWidth = sortsTiles ? pass.mergeWidth : 0u},
                          groups, {sortsTiles ? "sort-tiles" : "finish-tiles", bytes}, observer_);
  }
  ++passesRun_;
}

SortData BitonicSorter::read() const {
  return downloadSortData(shape_, keys_.buffer(), values_.buffer());
}

GpuStateView BitonicSorter::gpuState() const {
  return {.storage = GpuStateView::Storage::Buffers, .keys = keys_.id(), .values = values_.id()};
}

namespace {

struct BitonicCheckpoint final : Checkpoint {
  gl::Buffer keys, values;
};

}  // namespace

std::unique_ptr<Checkpoint> BitonicSorter::checkpoint() const {
  auto saved = std::make_unique<BitonicCheckpoint>();
  saved->passesRun = passesRun_;
  saved->loadId = loadId_;
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes == 0) return saved;
  saved->keys = copyOfBuffer("bitonic: checkpoint keys", keys_.buffer(), bytes);
  if (shape_.hasValues) saved->values = copyOfBuffer("bitonic: checkpoint values", values_.buffer(), bytes);
  return saved;
}

void BitonicSorter::resume(const Checkpoint& checkpoint) {
  const auto& saved = ownCheckpoint<BitonicCheckpoint>("bitonic", checkpoint, loadId_);
  // The state is sorted in place: the copy is all there is to it.
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes > 0) {
    restoreBuffer(saved.keys, keys_.buffer(), bytes);
    if (shape_.hasValues) restoreBuffer(saved.values, values_.buffer(), bytes);
  }
  passesRun_ = saved.passesRun;
}

std::size_t BitonicSorter::checkpointBytes() const {
  return shape_.elementCount() * (shape_.hasValues ? 8 : 4);
}

}  // namespace shadersort
