#pragma once
// A shader storage buffer that knows its size, so a binding covers exactly the bytes the buffer
// holds (or a range of them) and no shader block reaches past its end.

#include <glad/gl.h>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "gl/handles.h"

namespace shadersort::compute {

// Bytes [offset, offset + bytes) of a buffer someone owns (a StorageBuffer or a caller's), bound
// where a kernel reads or writes it. The offset must be a multiple of
// GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT (alignedForStorage says whether it is).
struct StorageRange {
  GLuint buffer = 0;
  std::size_t offset = 0, bytes = 0;
  void bind(GLuint binding) const;
};
bool alignedForStorage(std::size_t offset);

class StorageBuffer {
 public:
  StorageBuffer() = default;  // none: binds nothing, id() 0
  // `bytes` bytes (at least 4, so an empty input still binds), filled from `data` when given.
  // Throws UserError naming `label` when the size exceeds GL_MAX_SHADER_STORAGE_BLOCK_SIZE.
  StorageBuffer(std::string_view label, std::size_t bytes, const void* data = nullptr);
  StorageBuffer(std::string_view label, const std::vector<std::uint32_t>& words);

  GLuint id() const { return buffer_.id(); }
  explicit operator bool() const { return static_cast<bool>(buffer_); }
  std::size_t bytes() const { return bytes_; }
  // For copies and read-backs (gl/compute.h, sort/checkpoint_support.h).
  const gl::Buffer& buffer() const { return buffer_; }
  void reset();
  // Makes it at least `bytes` bytes, keeping it (and its name) when it already is: scratch that
  // only grows. Returns true when a new buffer was made (its contents undefined).
  bool ensure(std::string_view label, std::size_t bytes);
  StorageRange range() const { return {buffer_.id(), 0, bytes_}; }

  // Binds the whole buffer to storage binding point `binding`.
  void bind(GLuint binding) const;
  // Binds bytes [offset, offset + size) to `binding`. The offset must be a multiple of
  // GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT and the range inside the buffer (else
  // std::out_of_range: a programming error, not the user's).
  void bindRange(GLuint binding, std::size_t offset, std::size_t size) const;
  // Sets every word to `word` (0 unless given) with glClearBufferSubData: no dispatch, and GL
  // orders the clear before later shader reads of the buffer (no barrier needed). Nothing
  // happens to an empty buffer. It runs at about an upload's speed, far below what a shader
  // writes: fine once per load, too slow per sort for large buffers.
  void clear(std::uint32_t word = 0) const { clear(word, 0, bytes_ / 4); }
  // The same for words [first, first + count), which must lie inside the buffer.
  void clear(std::uint32_t word, std::size_t first, std::size_t count) const;

 private:
  gl::Buffer buffer_;
  std::size_t bytes_ = 0;
};

}  // namespace shadersort::compute
