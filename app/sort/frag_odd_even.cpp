#include "sort/frag_odd_even.h"

#include <vector>

#include "core/error.h"
#include "gl/compute.h"
#include "sort/odd_even.h"
#include "sort/state_readback.h"

namespace shadersort {
FragOddEvenSorter::FragOddEvenSorter(const SortContext& context, const SorterOptions& options)
    : Stepper("frag-odd-even", options.countWork),
      shaders_(context.shaders()),
      descendingKeys_(options.descendingKeys),
      program_(gl::Program::graphics(shaders_, "shaders/render/fullscreen_triangle.vert",
                                     "shaders/sort/frag_odd_even/transposition.frag",
                                     countsWork() ? workCountDefines() : gl::ShaderDefines{})),
      parityLocation_(program_.uniformLocation("u_parity")),
      lengthLocation_(program_.uniformLocation("u_sequenceLength")),
      stateLocation_(program_.uniformLocation("u_state")),
      emptyVertexArray_("frag-odd-even: empty VAO") {}

std::string FragOddEvenSorter::whyCannotSort(const SortShape& shape, const gl::Limits& limits) {
  const auto maxSize = static_cast<std::uint64_t>(limits.maxTextureSize);
  if (shape.sequenceLength > maxSize)
    return "sequences of " + std::to_string(shape.sequenceLength) + " elements exceed GL_MAX_TEXTURE_SIZE (" +
           std::to_string(maxSize) + ")";
  if (shape.sequenceCount > maxSize)
    return std::to_string(shape.sequenceCount) + " sequences exceed GL_MAX_TEXTURE_SIZE (" + std::to_string(maxSize) + ")";
  return {};
}

void FragOddEvenSorter::load(const SortTarget& input) {
  beginLoad(input.shape);
  input_.reset();
  for (auto& texture : state_) texture.reset();
  for (auto& target : targets_) target.reset();
  if (shape().elementCount() == 0) {
    endLoad();
    return;
  }

  const auto width = static_cast<GLsizei>(shape().sequenceLength);
  const auto height = static_cast<GLsizei>(shape().sequenceCount);
  input_ = gl::makeNearestTexture("frag-odd-even: input", GL_RG32UI, width, height);
  state_[0] = gl::makeNearestTexture("frag-odd-even: state A", GL_RG32UI, width, height);
  state_[1] = gl::makeNearestTexture("frag-odd-even: state B", GL_RG32UI, width, height);
  fillInput(input);

  const char* targetLabels[2] = {"frag-odd-even: draw into A", "frag-odd-even: draw into B"};
  for (int i = 0; i < 2; ++i) {
    targets_[i] = gl::Framebuffer(targetLabels[i]);
    glBindFramebuffer(GL_FRAMEBUFFER, targets_[i].id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, state_[i].id(), 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      throw GpuError("frag-odd-even: the RG32UI render target is incomplete on this driver");
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  endLoad();
}

void FragOddEvenSorter::fillInput(const SortTarget& input) {
  if (!loadProgram_.id()) loadProgram_ = gl::Program::compute(shaders_, "shaders/sort/frag_odd_even/load_state.comp");
  const std::size_t bytes = shape().elementCount() * 4;
  // Shaders that wrote the target come first.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, input.keys.buffer, static_cast<GLintptr>(input.keys.offset),
                    static_cast<GLsizeiptr>(bytes));
  if (shape().hasValues)
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, input.values.buffer, static_cast<GLintptr>(input.values.offset),
                      static_cast<GLsizeiptr>(bytes));
  else
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, input.keys.buffer, static_cast<GLintptr>(input.keys.offset),
                      static_cast<GLsizeiptr>(bytes));
  glBindImageTexture(0, input_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RG32UI);
  loadProgram_.use();
  glUniform2ui(loadProgram_.uniformLocation("u_size"), shape().sequenceLength, shape().sequenceCount);
  glUniform1i(loadProgram_.uniformLocation("u_hasValues"), shape().hasValues ? 1 : 0);
  glDispatchCompute(static_cast<GLuint>(gl::divideRoundingUp(shape().sequenceLength, 16)),
                    static_cast<GLuint>(gl::divideRoundingUp(shape().sequenceCount, 16)), 1);
  glUseProgram(0);
  glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RG32UI);
  // restart() copies the texture and the passes sample it.
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
}

void FragOddEvenSorter::rewind() {
  if (shape().elementCount() == 0) return;
  glCopyImageSubData(input_.id(), GL_TEXTURE_2D, 0, 0, 0, 0, state_[0].id(), GL_TEXTURE_2D, 0, 0, 0, 0,
                     static_cast<GLsizei>(shape().sequenceLength), static_cast<GLsizei>(shape().sequenceCount), 1);
}

std::uint32_t FragOddEvenSorter::passCount() const {
  // Odd-even transposition sorts any sequence of length L in L passes; shorter ones need none.
  return shape().sequenceLength >= 2 && shape().sequenceCount > 0 ? shape().sequenceLength : 0;
}

std::string FragOddEvenSorter::describePass(std::uint32_t pass) const {
  return describeOddEvenRound(pass, passCount(), shape().sequenceLength, descendingKeys_);
}

std::vector<Comparator> FragOddEvenSorter::comparators(std::uint32_t pass, std::size_t limit) const {
  if (pass >= passCount()) return {};
  return oddEvenRoundComparators(pass, shape().sequenceLength, limit);
}

void FragOddEvenSorter::run(std::uint32_t pass) {
  const int next = 1 - slot();
  glBindFramebuffer(GL_FRAMEBUFFER, targets_[next].id());
  glViewport(0, 0, static_cast<GLsizei>(shape().sequenceLength), static_cast<GLsizei>(shape().sequenceCount));
  program_.use();
  glUniform1i(parityLocation_, static_cast<GLint>(pass % 2));
  glUniform1i(lengthLocation_, static_cast<GLint>(shape().sequenceLength));
  glUniform1i(stateLocation_, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, state_[slot()].id());
  glBindVertexArray(emptyVertexArray_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  setSlot(next);
}

GpuStateView FragOddEvenSorter::gpuState() const {
  return {.storage = GpuStateView::Storage::Texture, .texture = state_[slot()].id()};
}

SortData FragOddEvenSorter::read() const {
  countStateReadback();
  SortData data;
  data.sequenceCount = shape().sequenceCount;
  data.sequenceLength = shape().sequenceLength;
  const std::size_t count = shape().elementCount();
  if (count == 0) return data;
  std::vector<std::uint32_t> interleaved(count * 2);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, state_[slot()].id());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, interleaved.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  data.keys.resize(count);
  if (shape().hasValues) data.values.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    data.keys[i] = interleaved[2 * i];
    if (shape().hasValues) data.values[i] = interleaved[2 * i + 1];
  }
  return data;
}

namespace {

struct FragOddEvenCheckpoint final : StepperCheckpoint {
  gl::Texture state;
  std::uint32_t width = 0, height = 0;  // of `state`
};

void copyTexture(const gl::Texture& from, const gl::Texture& to, const SortShape& shape) {
  glCopyImageSubData(from.id(), GL_TEXTURE_2D, 0, 0, 0, 0, to.id(), GL_TEXTURE_2D, 0, 0, 0, 0,
                     static_cast<GLsizei>(shape.sequenceLength), static_cast<GLsizei>(shape.sequenceCount), 1);
}

}  // namespace

std::unique_ptr<StepperCheckpoint> FragOddEvenSorter::newCheckpoint() const {
  return std::make_unique<FragOddEvenCheckpoint>();
}

void FragOddEvenSorter::save(StepperCheckpoint& into) const {
  auto& saved = static_cast<FragOddEvenCheckpoint&>(into);
  if (shape().elementCount() == 0) {
    saved.state = {};
    return;
  }
  // A refreshed checkpoint of the same size keeps its texture.
  if (!saved.state || saved.width != shape().sequenceLength || saved.height != shape().sequenceCount) {
    saved.state = gl::makeNearestTexture("frag-odd-even: checkpoint", GL_RG32UI,
                                         static_cast<GLsizei>(shape().sequenceLength),
                                         static_cast<GLsizei>(shape().sequenceCount));
    saved.width = shape().sequenceLength;
    saved.height = shape().sequenceCount;
  }
  copyTexture(state_[slot()], saved.state, shape());
}

void FragOddEvenSorter::restore(const StepperCheckpoint& saved) {
  // Back into the texture it came from, so gpuState() names the same texture as it did then.
  if (shape().elementCount() > 0)
    copyTexture(static_cast<const FragOddEvenCheckpoint&>(saved).state, state_[slot()], shape());
}

std::size_t FragOddEvenSorter::checkpointBytes() const { return shape().elementCount() * 8; }

}  // namespace shadersort
