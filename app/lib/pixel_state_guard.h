#pragma once
// The caller's GL state that a pixel-sort of a texture changes beyond a buffer sort's
// (lib/gl_state_guard.h): image units 0 to 7, the pixel pack and unpack buffers and every pixel
// store setting, and the framebuffer bindings. Saved when made, put back when destroyed.

#include <glad/gl.h>

#include <array>

namespace shadersort::lib {

class PixelStateGuard {
 public:
  static constexpr GLuint kImageUnits = 8;

  PixelStateGuard();
  ~PixelStateGuard();
  PixelStateGuard(const PixelStateGuard&) = delete;
  PixelStateGuard& operator=(const PixelStateGuard&) = delete;

 private:
  struct ImageUnit {
    GLint texture = 0, level = 0, layered = 0, layer = 0, access = GL_READ_ONLY, format = GL_R8;
  };
  std::array<ImageUnit, kImageUnits> images_{};
  GLuint imageUnits_ = 0;  // of kImageUnits, those this context has
  GLint packBuffer_ = 0, unpackBuffer_ = 0;
  GLint readFramebuffer_ = 0, drawFramebuffer_ = 0;
  std::array<GLint, 16> pixelStore_{};
};

}  // namespace shadersort::lib
