#include "render/gpu_order_check.h"

#include <string>

#include "gl/compute.h"
#include "sort/verify.h"

namespace shadersort::render {
namespace {

constexpr std::uint32_t kWorkgroupSize = 256;
constexpr GLuint kResultBinding = 2;
static_assert(kResultBinding != kStateKeyBinding && kResultBinding != kStateValueBinding);
constexpr std::size_t kResultWords = 3;  // inversions, fingerprint low word, high word

}  // namespace

std::uint64_t expectedFingerprint(const SortData& input) {
  std::uint64_t total = 0;
  for (std::uint32_t s = 0; s < input.sequenceCount; ++s) {
    const std::size_t begin = static_cast<std::size_t>(s) * input.sequenceLength;
    std::uint64_t sequenceSum = 0;
    for (std::uint32_t i = 0; i < input.sequenceLength; ++i)
      sequenceSum += pairFingerprint(input.keys[begin + i], input.hasValues() ? input.values[begin + i] : 0u);
    // The shader's weight is a 32-bit uint, so it wraps the same way.
    total += sequenceSum * static_cast<std::uint32_t>(2 * s + 1);
  }
  return total;
}

GpuOrderCheck::Checker GpuOrderCheck::makeChecker(const gl::ShaderSource& shaders, GpuStateView::Storage storage) {
  gl::ShaderDefines defines = stateSourceDefines(storage);
  defines.set("WORKGROUP_SIZE", kWorkgroupSize).set("RESULT_BINDING", kResultBinding);
  Checker checker;
  checker.program = gl::Program::compute(shaders, "shaders/render/order_check.comp", defines);
  checker.source = StateSourceUniforms::find(checker.program);
  checker.elementCount = checker.program.uniformLocation("u_elementCount");
  return checker;
}

GpuOrderCheck::GpuOrderCheck(const gl::ShaderSource& shaders)
    : checkers_{makeChecker(shaders, GpuStateView::Storage::Buffers), makeChecker(shaders, GpuStateView::Storage::Texture)} {
  for (std::size_t i = 0; i < kRingSize; ++i) {
    ring_[i].result = gl::makeStorageBuffer("order check: result " + std::to_string(i), kResultWords * 4);
    ring_[i].staging = gl::makeStorageBuffer("order check: read-back " + std::to_string(i), kResultWords * 4);
  }
}

void GpuOrderCheck::expect(std::uint64_t fingerprint) {
  expected_ = fingerprint;
}

bool GpuOrderCheck::start(const GpuStateView& state, const SortShape& shape, std::uint32_t pass) {
  if (inFlight_ == kRingSize) return false;
  requireReadableState(state, shape);
  Slot& slot = ring_[(oldest_ + inFlight_) % kRingSize];
  slot.pass = pass;
  slot.expected = expected_;

  const GLuint zero = 0;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, slot.result.id());
  glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);

  // An empty state is checked too (ordered, fingerprint 0), through the same fence.
  if (shape.elementCount() > 0) {
    const Checker& checker = checkers_[state.storage == GpuStateView::Storage::Texture ? 1 : 0];
    checker.program.use();
    bindStateSource(state, shape, checker.source);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kResultBinding, slot.result.id());
    glUniform1ui(checker.elementCount, static_cast<std::uint32_t>(shape.elementCount()));
    gl::dispatchLinear(gl::divideRoundingUp(shape.elementCount(), kWorkgroupSize));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kResultBinding, 0);
    unbindStateSource(state.storage);
    glUseProgram(0);
  }

  // The result was written by shader atomics; the copy must see them.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_READ_BUFFER, slot.result.id());
  glBindBuffer(GL_COPY_WRITE_BUFFER, slot.staging.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, kResultWords * 4);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  slot.fence.reset(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0));
  // An unflushed fence may never signal while it is only polled.
  glFlush();
  ++inFlight_;
  return true;
}

std::optional<OrderCheckResult> GpuOrderCheck::poll() {
  if (inFlight_ == 0) return std::nullopt;
  Slot& slot = ring_[oldest_];
  const GLenum state = glClientWaitSync(slot.fence.get(), 0, 0);
  if (state != GL_ALREADY_SIGNALED && state != GL_CONDITION_SATISFIED) return std::nullopt;

  // The copy has completed (its fence signalled), so this read waits for nothing.
  std::array<std::uint32_t, kResultWords> words{};
  glBindBuffer(GL_COPY_READ_BUFFER, slot.staging.id());
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, kResultWords * 4, words.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  slot.fence.reset();
  oldest_ = (oldest_ + 1) % kRingSize;
  --inFlight_;

  OrderCheckResult result;
  result.pass = slot.pass;
  result.inversions = words[0];
  result.ordered = words[0] == 0;
  result.fingerprint = static_cast<std::uint64_t>(words[2]) << 32 | words[1];
  result.conserved = slot.expected && *slot.expected == result.fingerprint;
  return result;
}

void GpuOrderCheck::cancel() {
  for (auto& slot : ring_) slot.fence.reset();
  oldest_ = 0;
  inFlight_ = 0;
}

}  // namespace shadersort::render
