#include "gl/compute.h"

#include <algorithm>
#include <atomic>

#include "core/error.h"

namespace shadersort::gl {

Buffer makeStorageBuffer(std::string_view label, std::size_t bytes, const void* data) {
  Buffer buffer(label);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer.id());
  const auto size = static_cast<GLsizeiptr>(std::max<std::size_t>(bytes, 4));
  // Immutable storage with no CPU access (GL 4.4 or ARB_buffer_storage) tells the driver that the
  // buffer can stay in video memory for good; plain GL 4.3 has only a usage hint.
  if (glBufferStorage != nullptr)
    glBufferStorage(GL_SHADER_STORAGE_BUFFER, size, data, 0);
  else
    glBufferData(GL_SHADER_STORAGE_BUFFER, size, data, GL_DYNAMIC_COPY);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
  return buffer;
}

Buffer makeStorageBuffer(std::string_view label, const std::vector<std::uint32_t>& words) {
  return makeStorageBuffer(label, words.size() * 4, words.empty() ? nullptr : words.data());
}

namespace {
std::atomic<std::uint64_t> wordDownloads{0};
}  // namespace

std::uint64_t wordDownloadCount() { return wordDownloads.load(); }

std::vector<std::uint32_t> downloadWords(const Buffer& buffer, std::size_t count, std::size_t firstWord) {
  Buffer staging;
  return downloadWords(buffer, count, staging, firstWord);
}

std::vector<std::uint32_t> downloadWords(const Buffer& buffer, std::size_t count, Buffer& staging,
                                         std::size_t firstWord) {
  ++wordDownloads;
  std::vector<std::uint32_t> words(count);
  if (count == 0) return words;
  // Writes from shaders must be visible to the copy.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  // Read through a staging buffer: NVIDIA moves a buffer the CPU reads from into host memory
  // ("copied/moved from VIDEO memory to HOST memory"), and every later sort on it then ran 3 to 5
  // times slower. The working buffers stay on the GPU; only the staging copy travels.
  if (staging.id() == 0) staging = Buffer("read-back staging");
  const auto bytes = static_cast<GLsizeiptr>(count * 4);
  glBindBuffer(GL_COPY_WRITE_BUFFER, staging.id());
  glBufferData(GL_COPY_WRITE_BUFFER, bytes, nullptr, GL_STREAM_READ);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(firstWord * 4), 0, bytes);
  glGetBufferSubData(GL_COPY_WRITE_BUFFER, 0, bytes, words.data());
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  return words;
}

void copyBuffer(const Buffer& from, const Buffer& to, std::size_t bytes) {
  if (bytes == 0) return;
  glBindBuffer(GL_COPY_READ_BUFFER, from.id());
  glBindBuffer(GL_COPY_WRITE_BUFFER, to.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, static_cast<GLsizeiptr>(bytes));
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

void dispatchLinear(std::uint64_t groups) {
  if (groups == 0) return;
  // Asked per dispatch (cheap), so that this needs no Limits of a session.
  GLint countX = 0, countY = 0;
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &countX);
  glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &countY);
  const auto maxX = static_cast<std::uint64_t>(std::max(1, countX));
  const auto maxY = static_cast<std::uint64_t>(std::max(1, countY));
  const std::uint64_t x = std::min(groups, maxX);
  const std::uint64_t y = divideRoundingUp(groups, x);
  if (y > maxY) throw UserError("the input needs more workgroups than this GPU can dispatch");
  glDispatchCompute(static_cast<GLuint>(x), static_cast<GLuint>(y), 1);
}

}  // namespace shadersort::gl
