#include "sort/bitonic_classic.h"

#include <algorithm>
#include <bit>

#include "gl/compute.h"

namespace shadersort {
namespace {

constexpr int kPaddedKeyBinding = 0;
constexpr int kPaddedValueBinding = 1;
constexpr int kCompactKeyBinding = 2;
constexpr int kCompactValueBinding = 3;
constexpr int kRankBinding = 4;
constexpr std::uint64_t kClassicMaxPositions = 1ull << 31;  // S * P stays a 32-bit position

}  // namespace

std::vector<compute::UniformField<BitonicClassicSorter::StepUniforms>> BitonicClassicSorter::StepUniforms::fields() {
  using U = StepUniforms;
  return {compute::uniform("u_paddedLog2", &U::paddedLog2), compute::uniform("u_mergeWidth", &U::mergeWidth),
          compute::uniform("u_distance", &U::distance), compute::uniform("u_pairCount", &U::pairCount)};
}

std::vector<compute::UniformField<BitonicClassicSorter::LayoutUniforms>> BitonicClassicSorter::LayoutUniforms::fields() {
  using U = LayoutUniforms;
  return {compute::uniform("u_paddedLog2", &U::paddedLog2), compute::uniform("u_sequenceLength", &U::sequenceLength),
          compute::uniform("u_positionCount", &U::positionCount)};
}

BitonicClassicSorter::BitonicClassicSorter(const SortContext& context, const SorterOptions& options)
    : Stepper("bitonic-classic", options.countWork), shaders_(context.shaders()), descendingKeys_(options.descendingKeys) {
  requireNoSettings("bitonic-classic", options);
}

std::string BitonicClassicSorter::whyCannotSort(const SortShape& shape, const gl::Limits& limits) {
  if (shape.elementCount() == 0) return {};
  // 64-bit, since a length beyond 2^31 has no 32-bit power of two above it.
  const std::uint64_t padded = std::bit_ceil(std::max<std::uint64_t>(shape.sequenceLength, 1));
  const std::uint64_t positions = shape.sequenceCount * padded;
  if (positions > kClassicMaxPositions)
    return std::to_string(shape.sequenceCount) + " sequences padded to " + std::to_string(padded) +
           " positions exceed the network's 2^31 positions";
  if (positions * 4 > static_cast<std::uint64_t>(limits.maxShaderStorageBlockSize))
    return std::to_string(shape.sequenceCount) + " sequences padded to " + std::to_string(padded) + " keys take " +
           std::to_string(positions * 4) + " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" +
           std::to_string(limits.maxShaderStorageBlockSize) + ")";
  return {};
}

gl::ShaderDefines BitonicClassicSorter::defines() const {
  gl::ShaderDefines defines;
  defines.set("WORKGROUP_SIZE", kWorkgroupSize)
      .set("KEY_BINDING", kPaddedKeyBinding)
      .set("VALUE_BINDING", kPaddedValueBinding)
      .set("PADDED_KEY_BINDING", kPaddedKeyBinding)
      .set("PADDED_VALUE_BINDING", kPaddedValueBinding)
      .set("COMPACT_KEY_BINDING", kCompactKeyBinding)
      .set("COMPACT_VALUE_BINDING", kCompactValueBinding)
      .set("RANK_BINDING", kRankBinding)
      .set("HAS_VALUES", shape().hasValues ? 1 : 0);
  return defines;
}

void BitonicClassicSorter::load(const SortTarget& input) {
  beginLoad(input.shape);
  paddedLength_ = bitonicPaddedLength(shape().sequenceLength);
  for (compute::StorageBuffer* buffer : {&paddedKeys_, &paddedValues_, &keys_, &values_, &ranks_}) buffer->reset();
  passes_.clear();
  padding_.clear();
  const std::size_t bytes = stateBytes();
  if (bytes == 0) {
    endLoad();
    return;
  }

  passes_ = classicSchedule(paddedLength_);
  const std::size_t paddedBytes = std::size_t{shape().sequenceCount} * paddedLength_ * 4;
  copyInput(input);
  paddedKeys_ = compute::StorageBuffer("bitonic-classic: padded keys", paddedBytes);
  // Without padding the padded state is the compact one: no second copy, no compaction.
  if (hasPadding()) keys_ = compute::StorageBuffer("bitonic-classic: keys", bytes);
  if (shape().hasValues) {
    paddedValues_ = compute::StorageBuffer("bitonic-classic: padded values", paddedBytes);
    if (hasPadding()) values_ = compute::StorageBuffer("bitonic-classic: values", bytes);
  }
  // Compiled now, so that no pass stalls on a compile in the viewer; kept while the input keeps
  // having values or not.
  if (!stepKernel_ || kernelsHaveValues_ != shape().hasValues) {
    gl::ShaderDefines step = defines();
    if (countsWork()) step.setAll(workCountDefines());
    stepKernel_ = compute::Kernel<StepUniforms>(shaders_, "shaders/sort/bitonic/classic.comp", step);
    expandKernel_ = compute::Kernel<LayoutUniforms>(shaders_, "shaders/sort/bitonic/classic_layout.comp",
                                                    gl::ShaderDefines(defines()).set("EXPAND", 1));
    compactKernel_ = compute::Kernel<LayoutUniforms>(shaders_, "shaders/sort/bitonic/classic_layout.comp",
                                                     gl::ShaderDefines(defines()).set("EXPAND", 0));
    kernelsHaveValues_ = shape().hasValues;
  }
  endLoad();
}

BitonicClassicSorter::LayoutUniforms BitonicClassicSorter::layoutUniforms() const {
  return {.paddedLog2 = log2OfPowerOfTwo(paddedLength_),
          .sequenceLength = shape().sequenceLength,
          .positionCount = shape().sequenceCount * paddedLength_};
}

void BitonicClassicSorter::uploadRanks() {
  ranks_ = compute::StorageBuffer("bitonic-classic: ranks", classicRanks(padding_));
}

void BitonicClassicSorter::relayout(bool expand, const compute::StorageBuffer& keys, const compute::StorageBuffer& values) {
  paddedKeys_.bind(kPaddedKeyBinding);
  keys.bind(kCompactKeyBinding);
  if (shape().hasValues) {
    paddedValues_.bind(kPaddedValueBinding);
    values.bind(kCompactValueBinding);
  }
  ranks_.bind(kRankBinding);
  const LayoutUniforms uniforms = layoutUniforms();
  (expand ? expandKernel_ : compactKernel_)
      .dispatch(uniforms, gl::divideRoundingUp(uniforms.positionCount, kWorkgroupSize), {expand ? "expand" : "compact", 0});
}

void BitonicClassicSorter::rewind() {
  if (shape().elementCount() == 0) return;
  padding_ = classicPaddingAfter(shape().sequenceLength, paddedLength_, 0);
  uploadRanks();
  relayout(true, inputKeys(), inputValues());
  if (hasPadding()) relayout(false, keys_, values_);
}

std::string BitonicClassicSorter::describePass(std::uint32_t pass) const {
  return describeClassicPass(passes_, pass, shape().sequenceLength, paddedLength_, descendingKeys_);
}

std::vector<Comparator> BitonicClassicSorter::comparators(std::uint32_t pass, std::size_t limit) const {
  if (pass >= passes_.size() || std::size_t{paddedLength_ / 2} > limit) return {};
  return classicStepComparators(passes_[pass].mergeWidth, passes_[pass].distance, paddedLength_, limit);
}

void BitonicClassicSorter::run(std::uint32_t passIndex) {
  const BitonicPass& pass = passes_[passIndex];
  paddedKeys_.bind(kPaddedKeyBinding);
  if (shape().hasValues) paddedValues_.bind(kPaddedValueBinding);
  ranks_.bind(kRankBinding);  // the padding before the step: padding compares above equal keys
  const StepUniforms uniforms{.paddedLog2 = log2OfPowerOfTwo(paddedLength_),
                              .mergeWidth = pass.mergeWidth,
                              .distance = pass.distance,
                              .pairCount = shape().sequenceCount * paddedLength_ / 2};
  stepKernel_.dispatch(uniforms, gl::divideRoundingUp(uniforms.pairCount, kWorkgroupSize),
                       {"step", std::uint64_t{uniforms.pairCount} * (shape().hasValues ? 32 : 16)});
  if (hasPadding()) {
    applyClassicStep(padding_, pass.mergeWidth, pass.distance);
    uploadRanks();
    relayout(false, keys_, values_);
  }
}

std::optional<Sorter::PaddedState> BitonicClassicSorter::paddedState() const {
  if (shape().elementCount() == 0) return std::nullopt;
  return PaddedState{
      .state = {.storage = GpuStateView::Storage::Buffers, .keys = paddedKeys_.id(), .values = paddedValues_.id()},
      .length = paddedLength_,
      .padding = padding_};
}

void BitonicClassicSorter::save(StepperCheckpoint& into) const {
  if (shape().elementCount() == 0) {
    into.drop();
    return;
  }
  into.keep(algorithmName(), paddedKeys_.buffer(), shape().hasValues ? &paddedValues_.buffer() : nullptr,
            paddedKeys_.bytes());
}

void BitonicClassicSorter::restore(const StepperCheckpoint& saved) {
  if (shape().elementCount() == 0) return;
  saved.restoreInto(paddedKeys_.buffer(), shape().hasValues ? &paddedValues_.buffer() : nullptr);
  // Where the padding lies follows from the passes alone.
  if (!hasPadding()) return;
  padding_ = classicPaddingAfter(shape().sequenceLength, paddedLength_, passesRun());
  uploadRanks();
  relayout(false, keys_, values_);
}

std::size_t BitonicClassicSorter::checkpointBytes() const {
  return std::size_t{shape().sequenceCount} * paddedLength_ * (shape().hasValues ? 8 : 4);
}

// One invocation per pair of padded positions (classic.comp): pair x = the padded position with
// the distance's bit taken out, sequence after sequence; the padding's pairs are real work.
std::optional<WorkgroupLayout> BitonicClassicSorter::workgroupLayout(std::uint32_t passIndex) const {
  if (passIndex >= passes_.size()) return std::nullopt;
  const BitonicPass& pass = passes_[passIndex];
  WorkgroupLayout layout;
  layout.dispatch = "compare-exchange step";
  layout.unitName = "pair";
  layout.workgroupSize = kWorkgroupSize;
  layout.unitsPerWorkgroup = kWorkgroupSize;
  layout.workgroupCount = gl::divideRoundingUp(std::uint64_t{shape().sequenceCount} * paddedLength_ / 2, kWorkgroupSize);
  layout.sequenceStride = paddedLength_;
  layout.positionsPerSequence = paddedLength_;  // array view draws the padded state
  layout.skippedBit = log2OfPowerOfTwo(pass.distance);
  layout.skippedBitCount = 1;
  layout.note = "positions are the padded network's: the padding's pairs are dispatched too";
  return layout;
}

}  // namespace shadersort
