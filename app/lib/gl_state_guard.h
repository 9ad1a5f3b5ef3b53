#pragma once
// The caller's GL state that a library sort changes (include/shadersort/gpu_sorter.h lists it),
// saved when made and put back when destroyed, also while an exception unwinds.

#include <glad/gl.h>

#include <array>

namespace shadersort::lib {

class GlStateGuard {
 public:
  // Indexed shader storage bindings saved: every one the sorters and the key codec use (the
  // highest is 11) and more, up to the 16 the header promises.
  static constexpr GLuint kStorageBindings = 16;

  GlStateGuard();
  ~GlStateGuard();
  GlStateGuard(const GlStateGuard&) = delete;
  GlStateGuard& operator=(const GlStateGuard&) = delete;

 private:
  struct IndexedBuffer {
    GLint buffer = 0;
    GLint64 start = 0, size = 0;
  };
  GLint program_ = 0;
  GLint storageBuffer_ = 0;
  GLint copyReadBuffer_ = 0, copyWriteBuffer_ = 0;
  GLint activeTexture_ = GL_TEXTURE0, texture2d_ = 0;
  GLint vertexArray_ = 0;
  GLuint storageBindings_ = 0;  // of kStorageBindings, those this context has
  std::array<IndexedBuffer, kStorageBindings> storage_{};
};

}  // namespace shadersort::lib
