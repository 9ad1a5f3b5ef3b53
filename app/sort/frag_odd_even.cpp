#include "sort/frag_odd_even.h"

#include <vector>

#include "core/error.h"
#include "sort/state_readback.h"

namespace shadersort {
FragOddEvenSorter::FragOddEvenSorter()
    : program_(gl::Program::graphics("shaders/render/fullscreen_triangle.vert",
                                     "shaders/sort/odd_even_transposition.frag")),
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

void FragOddEvenSorter::load(const SortData& input) {
  shape_ = input.shape();
  passesRun_ = 0;
  current_ = 0;
  input_.reset();
  for (auto& texture : state_) texture.reset();
  for (auto& target : targets_) target.reset();
  if (input.size() == 0) return;

  const auto width = static_cast<GLsizei>(shape_.sequenceLength);
  const auto height = static_cast<GLsizei>(shape_.sequenceCount);
  input_ = gl::makeNearestTexture("frag-odd-even: input", GL_RG32UI, width, height);
  state_[0] = gl::makeNearestTexture("frag-odd-even: state A", GL_RG32UI, width, height);
  state_[1] = gl::makeNearestTexture("frag-odd-even: state B", GL_RG32UI, width, height);

  std::vector<std::uint32_t> interleaved(input.size() * 2);
  for (std::size_t i = 0; i < input.size(); ++i) {
    interleaved[2 * i] = input.keys[i];
    interleaved[2 * i + 1] = input.hasValues() ? input.values[i] : 0u;
  }
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, input_.id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RG_INTEGER, GL_UNSIGNED_INT, interleaved.data());
  glBindTexture(GL_TEXTURE_2D, 0);

  const char* targetLabels[2] = {"frag-odd-even: draw into A", "frag-odd-even: draw into B"};
  for (int i = 0; i < 2; ++i) {
    targets_[i] = gl::Framebuffer(targetLabels[i]);
    glBindFramebuffer(GL_FRAMEBUFFER, targets_[i].id());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, state_[i].id(), 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      throw GpuError("frag-odd-even: the RG32UI render target is incomplete on this driver");
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  restart();
}

void FragOddEvenSorter::restart() {
  passesRun_ = 0;
  current_ = 0;
  if (shape_.elementCount() == 0) return;
  glCopyImageSubData(input_.id(), GL_TEXTURE_2D, 0, 0, 0, 0, state_[0].id(), GL_TEXTURE_2D, 0, 0, 0, 0,
                     static_cast<GLsizei>(shape_.sequenceLength), static_cast<GLsizei>(shape_.sequenceCount), 1);
}

std::uint32_t FragOddEvenSorter::passCount() const {
  // Odd-even transposition sorts any sequence of length L in L passes; shorter ones need none.
  return shape_.sequenceLength >= 2 && shape_.sequenceCount > 0 ? shape_.sequenceLength : 0;
}

std::string FragOddEvenSorter::describePass(std::uint32_t pass) const {
  const bool odd = pass % 2 == 1;
  return "pass " + std::to_string(pass + 1) + " of " + std::to_string(passCount()) + " (" + (odd ? "odd" : "even") +
         "): one draw; in every sequence the pairs " + (odd ? "(1,2), (3,4), ..." : "(0,1), (2,3), ...") +
         " compare keys, the left pixel keeps the smaller, the right the larger" +
         (odd ? "; the first pixel has no partner and stays" : "");
}

void FragOddEvenSorter::runPass() {
  if (finished()) return;
  const int next = 1 - current_;
  glBindFramebuffer(GL_FRAMEBUFFER, targets_[next].id());
  glViewport(0, 0, static_cast<GLsizei>(shape_.sequenceLength), static_cast<GLsizei>(shape_.sequenceCount));
  program_.use();
  glUniform1i(parityLocation_, static_cast<GLint>(passesRun_ % 2));
  glUniform1i(lengthLocation_, static_cast<GLint>(shape_.sequenceLength));
  glUniform1i(stateLocation_, 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, state_[current_].id());
  glBindVertexArray(emptyVertexArray_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glBindTexture(GL_TEXTURE_2D, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  current_ = next;
  ++passesRun_;
}

GpuStateView FragOddEvenSorter::gpuState() const {
  return {.storage = GpuStateView::Storage::Texture, .texture = state_[current_].id()};
}

SortData FragOddEvenSorter::read() const {
  countStateReadback();
  SortData data;
  data.sequenceCount = shape_.sequenceCount;
  data.sequenceLength = shape_.sequenceLength;
  const std::size_t count = shape_.elementCount();
  if (count == 0) return data;
  std::vector<std::uint32_t> interleaved(count * 2);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  glBindTexture(GL_TEXTURE_2D, state_[current_].id());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, interleaved.data());
  glBindTexture(GL_TEXTURE_2D, 0);
  data.keys.resize(count);
  if (shape_.hasValues) data.values.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    data.keys[i] = interleaved[2 * i];
    if (shape_.hasValues) data.values[i] = interleaved[2 * i + 1];
  }
  return data;
}

}  // namespace shadersort
