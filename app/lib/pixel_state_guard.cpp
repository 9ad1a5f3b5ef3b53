#include "lib/pixel_state_guard.h"

#include <algorithm>

namespace shadersort::lib {
namespace {

// Every pixel store setting GL 4.3 core has, pack then unpack.
constexpr std::array<GLenum, 16> kPixelStore = {
    GL_PACK_SWAP_BYTES,   GL_PACK_LSB_FIRST,   GL_PACK_ROW_LENGTH,   GL_PACK_IMAGE_HEIGHT,
    GL_PACK_SKIP_ROWS,    GL_PACK_SKIP_PIXELS, GL_PACK_SKIP_IMAGES,  GL_PACK_ALIGNMENT,
    GL_UNPACK_SWAP_BYTES, GL_UNPACK_LSB_FIRST, GL_UNPACK_ROW_LENGTH, GL_UNPACK_IMAGE_HEIGHT,
    GL_UNPACK_SKIP_ROWS,  GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_IMAGES, GL_UNPACK_ALIGNMENT};

}  // namespace

PixelStateGuard::PixelStateGuard() {
  GLint units = 0;
  glGetIntegerv(GL_MAX_IMAGE_UNITS, &units);
  imageUnits_ = std::min<GLuint>(kImageUnits, static_cast<GLuint>(std::max(units, 0)));
  for (GLuint i = 0; i < imageUnits_; ++i) {
    ImageUnit& unit = images_[i];
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME, i, &unit.texture);
    glGetIntegeri_v(GL_IMAGE_BINDING_LEVEL, i, &unit.level);
    glGetIntegeri_v(GL_IMAGE_BINDING_LAYERED, i, &unit.layered);
    glGetIntegeri_v(GL_IMAGE_BINDING_LAYER, i, &unit.layer);
    glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, i, &unit.access);
    glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, i, &unit.format);
  }
  glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &packBuffer_);
  glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &unpackBuffer_);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &readFramebuffer_);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &drawFramebuffer_);
  for (std::size_t i = 0; i < kPixelStore.size(); ++i) glGetIntegerv(kPixelStore[i], &pixelStore_[i]);
}

PixelStateGuard::~PixelStateGuard() {
  for (GLuint i = 0; i < imageUnits_; ++i) {
    const ImageUnit& unit = images_[i];
    // A texture deleted meanwhile unbinds itself; binding its old name again would be an error.
    const GLuint texture = unit.texture != 0 && glIsTexture(static_cast<GLuint>(unit.texture)) ? unit.texture : 0;
    glBindImageTexture(i, texture, unit.level, unit.layered ? GL_TRUE : GL_FALSE, unit.layer,
                       static_cast<GLenum>(unit.access), static_cast<GLenum>(unit.format));
  }
  glBindBuffer(GL_PIXEL_PACK_BUFFER, static_cast<GLuint>(packBuffer_));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, static_cast<GLuint>(unpackBuffer_));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(readFramebuffer_));
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(drawFramebuffer_));
  for (std::size_t i = 0; i < kPixelStore.size(); ++i) glPixelStorei(kPixelStore[i], pixelStore_[i]);
}

}  // namespace shadersort::lib
