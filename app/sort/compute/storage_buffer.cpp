#include "sort/compute/storage_buffer.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/error.h"
#include "gl/compute.h"

namespace shadersort::compute {

StorageBuffer::StorageBuffer(std::string_view label, std::size_t bytes, const void* data) {
  GLint64 most = 0;  // asked here (cheap), so that a buffer needs no Limits of a session
  glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &most);
  if (bytes > static_cast<std::uint64_t>(most))
    throw UserError(std::string(label) + " would take " + std::to_string(bytes) +
                    " bytes, more than GL_MAX_SHADER_STORAGE_BLOCK_SIZE (" + std::to_string(most) + ")");
  bytes_ = std::max<std::size_t>(bytes, 4);
  buffer_ = gl::makeStorageBuffer(label, bytes_, data);
}

StorageBuffer::StorageBuffer(std::string_view label, const std::vector<std::uint32_t>& words)
    : StorageBuffer(label, words.size() * 4, words.empty() ? nullptr : words.data()) {}

void StorageBuffer::reset() {
  buffer_.reset();
  bytes_ = 0;
}

bool StorageBuffer::ensure(std::string_view label, std::size_t bytes) {
  if (buffer_ && bytes_ >= bytes) return false;
  *this = StorageBuffer(label, bytes);
  return true;
}

bool alignedForStorage(std::size_t offset) {
  if (offset == 0) return true;
  GLint alignment = 1;
  glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  return offset % static_cast<std::size_t>(std::max(alignment, 1)) == 0;
}

void StorageRange::bind(GLuint binding) const {
  if (buffer == 0 || bytes == 0) throw std::out_of_range("binding an empty storage range");
  if (!alignedForStorage(offset))
    throw std::out_of_range("storage range offset " + std::to_string(offset) +
                            " is not a multiple of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT");
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, buffer, static_cast<GLintptr>(offset),
                    static_cast<GLsizeiptr>(bytes));
}

void StorageBuffer::bind(GLuint binding) const {
  // A range of the exact size rather than glBindBufferBase: the same binding, but one that says
  // how far the block may reach.
  bindRange(binding, 0, bytes_);
}

void StorageBuffer::bindRange(GLuint binding, std::size_t offset, std::size_t size) const {
  if (!buffer_) throw std::out_of_range("binding a storage buffer that holds nothing");
  if (offset > bytes_ || size > bytes_ - offset || size == 0)
    throw std::out_of_range("storage range " + std::to_string(offset) + "+" + std::to_string(size) +
                            " outside a buffer of " + std::to_string(bytes_) + " bytes");
  // Queried only for offset ranges: whole-buffer binds, the common case, start at 0.
  GLint alignment = 1;
  if (offset != 0) glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  if (offset % static_cast<std::size_t>(std::max(alignment, 1)) != 0)
    throw std::out_of_range("storage range offset " + std::to_string(offset) + " is not a multiple of " +
                            std::to_string(alignment) + " (GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT)");
  glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, buffer_.id(), static_cast<GLintptr>(offset),
                    static_cast<GLsizeiptr>(size));
}

void StorageBuffer::clear(std::uint32_t word, std::size_t first, std::size_t count) const {
  if (!buffer_ || count == 0) return;
  if (first + count > bytes_ / 4) throw std::out_of_range("storage buffer clear past the buffer's end");
  const GLuint value = word;
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, buffer_.id());
  glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, static_cast<GLintptr>(first * 4),
                       static_cast<GLsizeiptr>(count * 4), GL_RED_INTEGER, GL_UNSIGNED_INT, &value);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
}

}  // namespace shadersort::compute
