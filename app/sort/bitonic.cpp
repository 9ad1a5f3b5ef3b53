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
constexpr int kMaxFusedSteps = 4;        // 16 keys and 16 values in registers per invocation
constexpr int kMinItemsPerInvocation = 2;  // a shared-memory step gives each invocation a pair
constexpr int kMaxItemsPerInvocation = 32; // registers, and the 32-bank swizzle
constexpr int kPreferredTileSize = 4096;
constexpr int kBytesPerElement = 8;      // key and value in shared memory
constexpr std::uint64_t kMaxPositions = 1ull << 31;  // virtual positions S * P stay 32-bit

constexpr const char* kSettingNames = "workgroup-size, tile-size, fused-steps";

bool isPowerOfTwo(int value) { return value > 0 && std::has_single_bit(static_cast<unsigned>(value)); }

std::string kib(std::int64_t bytes) { return std::to_string(bytes / 1024) + " KiB"; }

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

int setting(const SorterOptions& options, const char* name, int fallback) {
  const auto found = options.settings.find(name);
  return found == options.settings.end() ? fallback : found->second;
}

void require(bool ok, const std::string& message) {
  if (!ok) throw UserError("bitonic: " + message);
}

std::uint32_t log2Of(std::uint32_t powerOfTwo) { return static_cast<std::uint32_t>(std::countr_zero(powerOfTwo)); }

}  // namespace

BitonicSettings BitonicSettings::fromOptions(const SorterOptions& options, const gl::Limits& limits) {
  for (const auto& [name, value] : options.settings)
    if (name != "workgroup-size" && name != "tile-size" && name != "fused-steps")
      throw UserError("bitonic has no setting '" + name + "' (known: " + kSettingNames + ")");

  BitonicSettings settings;
  settings.tileSize = setting(options, "tile-size", defaultTileSize(limits));
  require(isPowerOfTwo(settings.tileSize) && settings.tileSize >= 2 * kMinItemsPerInvocation,
          "tile-size must be a power of two >= " + std::to_string(2 * kMinItemsPerInvocation) + ", got " +
              std::to_string(settings.tileSize));
  const std::int64_t tileBytes = static_cast<std::int64_t>(settings.tileSize) * kBytesPerElement;
  require(tileBytes <= limits.maxComputeSharedMemorySize,
          "tile-size " + std::to_string(settings.tileSize) + " needs " + kib(tileBytes) +
              " of shared memory for keys and values; this GPU has " + kib(limits.maxComputeSharedMemorySize));

  settings.workgroupSize = setting(options, "workgroup-size", defaultWorkgroupSize(settings.tileSize, limits));
  const int maxWorkgroupSize = maxWorkgroupSizeOf(limits);
  require(isPowerOfTwo(settings.workgroupSize) && settings.workgroupSize <= maxWorkgroupSize,
          "workgroup-size must be a power of two up to " + std::to_string(maxWorkgroupSize) + ", got " +
              std::to_string(settings.workgroupSize));
  const int items = settings.tileSize / settings.workgroupSize;
  require(items >= kMinItemsPerInvocation && items <= kMaxItemsPerInvocation,
          "tile-size / workgroup-size must be " + std::to_string(kMinItemsPerInvocation) + " to " +
              std::to_string(kMaxItemsPerInvocation) + " items per invocation, got " +
              std::to_string(settings.tileSize) + " / " + std::to_string(settings.workgroupSize));

  settings.fusedSteps = setting(options, "fused-steps", kMaxFusedSteps);
  require(settings.fusedSteps >= 1 && settings.fusedSteps <= kMaxFusedSteps,
          "fused-steps must be 1 to " + std::to_string(kMaxFusedSteps) + ", got " + std::to_string(settings.fusedSteps));
  return settings;
}

std::vector<Tunable> BitonicSettings::tunables(const gl::Limits& limits) {
  const BitonicSettings defaults = fromOptions({}, limits);
  std::vector<int> workgroupSizes, tileSizes;
  for (int size : {64, 128, 256, 512, 1024}) {
    const int items = defaults.tileSize / size;
    if (size <= maxWorkgroupSizeOf(limits) && items >= kMinItemsPerInvocation &&
        items <= kMaxItemsPerInvocation)
      workgroupSizes.push_back(size);
  }
  // Each tile size is tried with its own default workgroup size (tile / 8).
  for (int tile : {512, 1024, 2048, 4096, 8192})
    if (tile * kBytesPerElement <= limits.maxComputeSharedMemorySize) tileSizes.push_back(tile);
  return {{"workgroup-size", defaults.workgroupSize, workgroupSizes},
          {"tile-size", defaults.tileSize, tileSizes},
          {"fused-steps", defaults.fusedSteps, {1, 2, 3, 4}}};
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

const BitonicSorter::Kernel& BitonicSorter::kernelFor(const BitonicPass& pass) {
  const bool tile = pass.kind != BitonicPass::Kind::GlobalSteps;
  const std::uint32_t steps = tile ? 0 : pass.steps;
  const std::pair variant{shape_.hasValues, steps};
  const auto found = kernels_.find(variant);
  if (found != kernels_.end()) return found->second;

  gl::ShaderDefines defines;
  defines.set("KEY_BINDING", kKeyBinding)
      .set("VALUE_BINDING", kValueBinding)
      .set("HAS_VALUES", shape_.hasValues ? 1 : 0)
      .set("WORKGROUP_SIZE", settings_.workgroupSize);
  if (tile) {
    defines.set("TILE_SIZE", settings_.tileSize)
        .set("TILE_LOG2", std::countr_zero(static_cast<unsigned>(settings_.tileSize)))
        .set("ITEMS", settings_.tileSize / settings_.workgroupSize);
  } else {
    defines.set("STEPS", static_cast<std::int64_t>(steps));
  }
  Kernel kernel;
  kernel.program = gl::Program::compute(tile ? "shaders/sort/bitonic_tile.comp" : "shaders/sort/bitonic_global.comp",
                                        defines);
  kernel.sequenceCount = kernel.program.uniformLocation("u_sequenceCount");
  kernel.sequenceLength = kernel.program.uniformLocation("u_sequenceLength");
  kernel.paddedLog2 = kernel.program.uniformLocation("u_paddedLog2");
  kernel.groupCount = kernel.program.uniformLocation("u_groupCount");
  kernel.sortWidth = kernel.program.uniformLocation("u_sortWidth");
  kernel.masks = kernel.program.uniformLocation("u_masks");
  kernel.invocationCount = kernel.program.uniformLocation("u_invocationCount");
  return kernels_.emplace(variant, std::move(kernel)).first->second;
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

  inputKeys_ = gl::makeStorageBuffer("bitonic: input keys", input.keys);
  keys_ = gl::makeStorageBuffer("bitonic: keys", input.size() * 4);
  if (input.hasValues()) {
    inputValues_ = gl::makeStorageBuffer("bitonic: input values", input.values);
    values_ = gl::makeStorageBuffer("bitonic: values", input.size() * 4);
  }
  passes_ = teaching_ ? bitonicTeachingSchedule(paddedLength_)
                      : bitonicFastSchedule(paddedLength_, static_cast<std::uint32_t>(settings_.tileSize),
                                            static_cast<std::uint32_t>(settings_.fusedSteps));
  // Compile now, so that no pass stalls on a compile in the viewer.
  for (const BitonicPass& pass : passes_) kernelFor(pass);
  restart();
}

void BitonicSorter::restart() {
  passesRun_ = 0;
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes == 0) return;
  // The copies overwrite what earlier dispatches wrote.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  gl::copyBuffer(inputKeys_, keys_, bytes);
  if (shape_.hasValues) gl::copyBuffer(inputValues_, values_, bytes);
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
  const Kernel& kernel = kernelFor(pass);
  kernel.program.use();
  glUniform1ui(kernel.sequenceCount, shape_.sequenceCount);
  glUniform1ui(kernel.sequenceLength, shape_.sequenceLength);
  glUniform1ui(kernel.paddedLog2, log2Of(paddedLength_));
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kKeyBinding, keys_.id());
  if (shape_.hasValues) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kValueBinding, values_.id());

  const std::uint64_t positions = static_cast<std::uint64_t>(shape_.sequenceCount) * paddedLength_;
  const auto tileSize = static_cast<std::uint64_t>(settings_.tileSize);
  if (pass.kind == BitonicPass::Kind::GlobalSteps) {
    std::uint32_t masks[kMaxFusedSteps] = {};
    for (std::uint32_t step = 0; step < pass.steps; ++step)
      masks[step] = bitonicPartnerMask(pass.mergeWidth, pass.distance >> step);
    const std::uint64_t invocations = positions >> pass.steps;
    glUniform1uiv(kernel.masks, static_cast<GLsizei>(pass.steps), masks);
    glUniform1ui(kernel.invocationCount, static_cast<GLuint>(invocations));
    gl::dispatchLinear(gl::divideRoundingUp(invocations, static_cast<std::uint64_t>(settings_.workgroupSize)));
  } else {
    // Whole sequences per tile when they fit one, else the tiles that hold real elements.
    const std::uint64_t groups =
        paddedLength_ <= tileSize ? gl::divideRoundingUp(positions, tileSize)
                                  : shape_.sequenceCount * gl::divideRoundingUp(shape_.sequenceLength, tileSize);
    glUniform1ui(kernel.groupCount, static_cast<GLuint>(groups));
    glUniform1ui(kernel.sortWidth, pass.kind == BitonicPass::Kind::SortTiles ? pass.mergeWidth : 0u);
    gl::dispatchLinear(groups);
  }
  // The next dispatch reads what this one wrote.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  if (observer_) {
    // Every kind of pass reads and writes each element once.
    const std::uint64_t bytes = shape_.elementCount() * (shape_.hasValues ? 16 : 8);
    switch (pass.kind) {
      case BitonicPass::Kind::SortTiles: observer_("sort-tiles", bytes); break;
      case BitonicPass::Kind::FinishTiles: observer_("finish-tiles", bytes); break;
      case BitonicPass::Kind::GlobalSteps: observer_("global-steps", bytes); break;
    }
  }
  ++passesRun_;
}

SortData BitonicSorter::read() const {
  return downloadSortData(shape_, keys_, values_);
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
  saved->keys = copyOfBuffer("bitonic: checkpoint keys", keys_, bytes);
  if (shape_.hasValues) saved->values = copyOfBuffer("bitonic: checkpoint values", values_, bytes);
  return saved;
}

void BitonicSorter::resume(const Checkpoint& checkpoint) {
  const auto& saved = ownCheckpoint<BitonicCheckpoint>("bitonic", checkpoint, loadId_);
  // The state is sorted in place: the copy is all there is to it.
  const std::size_t bytes = shape_.elementCount() * 4;
  if (bytes > 0) {
    restoreBuffer(saved.keys, keys_, bytes);
    if (shape_.hasValues) restoreBuffer(saved.values, values_, bytes);
  }
  passesRun_ = saved.passesRun;
}

std::size_t BitonicSorter::checkpointBytes() const {
  return shape_.elementCount() * (shape_.hasValues ? 8 : 4);
}

}  // namespace shadersort
