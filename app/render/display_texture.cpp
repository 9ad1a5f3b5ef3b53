#include "render/display_texture.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/error.h"

namespace shadersort::render {
namespace {

// Puts back the GL_TEXTURE_2D binding of the active unit that was current at construction: the
// ImGui backend and the sorters share the context, and neither expects it changed.
class RestoreTexture2DBinding {
 public:
  RestoreTexture2DBinding() { glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous_); }
  ~RestoreTexture2DBinding() { glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(previous_)); }
  RestoreTexture2DBinding(const RestoreTexture2DBinding&) = delete;
  RestoreTexture2DBinding& operator=(const RestoreTexture2DBinding&) = delete;

 private:
  GLint previous_ = 0;
};

// The same for the pixel unpack or pack state a transfer of tightly packed RGBA8 rows needs.
class TightPixelTransfer {
 public:
  TightPixelTransfer(GLenum bufferTarget, GLenum bufferBinding, GLenum alignmentName)
      : bufferTarget_(bufferTarget), alignmentName_(alignmentName) {
    glGetIntegerv(bufferBinding, &previousBuffer_);
    glGetIntegerv(alignmentName, &previousAlignment_);
    glBindBuffer(bufferTarget, 0);
    glPixelStorei(alignmentName, 4);
  }
  ~TightPixelTransfer() {
    glPixelStorei(alignmentName_, previousAlignment_);
    glBindBuffer(bufferTarget_, static_cast<GLuint>(previousBuffer_));
  }
  TightPixelTransfer(const TightPixelTransfer&) = delete;
  TightPixelTransfer& operator=(const TightPixelTransfer&) = delete;

 private:
  GLenum bufferTarget_, alignmentName_;
  GLint previousBuffer_ = 0, previousAlignment_ = 0;
};

}  // namespace

int fullMipLevelCount(int width, int height) {
  return std::bit_width(static_cast<unsigned>(std::max({width, height, 1})));
}

void DisplayTexture::resize(int width, int height) {
  width = std::max(width, 1);
  height = std::max(height, 1);
  if (texture_ && width == width_ && height == height_) return;
  GLint maxSize = 0;  // asked here (cheap), so that a texture needs no Limits of a session
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (width > maxSize || height > maxSize)
    throw UserError("a " + std::to_string(width) + "x" + std::to_string(height) +
                    " picture exceeds this GPU's GL_MAX_TEXTURE_SIZE (" + std::to_string(maxSize) + ")");
  // Immutable storage cannot change size: a new texture for the new size. The old one goes
  // first, so that the binding put back below is never its deleted name.
  texture_.reset();
  const RestoreTexture2DBinding restore;
  texture_ = gl::Texture("display: state picture");
  width_ = width;
  height_ = height;
  levels_ = fullMipLevelCount(width, height);
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glTexStorage2D(GL_TEXTURE_2D, levels_, GL_RGBA8, width_, height_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

void DisplayTexture::generateMipmaps() {
  if (!texture_ || levels_ < 2) return;
  const RestoreTexture2DBinding restore;
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glGenerateMipmap(GL_TEXTURE_2D);
}

void DisplayTexture::clear() {
  if (!texture_) return;
  const std::vector<std::uint8_t> zeros(static_cast<std::size_t>(width_) * height_ * 4, 0);
  const RestoreTexture2DBinding restore;
  const TightPixelTransfer unpack(GL_PIXEL_UNPACK_BUFFER, GL_PIXEL_UNPACK_BUFFER_BINDING, GL_UNPACK_ALIGNMENT);
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, zeros.data());
  glGenerateMipmap(GL_TEXTURE_2D);
}

Image DisplayTexture::download() const {
  if (!texture_) return {};
  Image picture(width_, height_);
  // Shader image stores into level 0 must be visible to the read.
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  const RestoreTexture2DBinding restore;
  const TightPixelTransfer pack(GL_PIXEL_PACK_BUFFER, GL_PIXEL_PACK_BUFFER_BINDING, GL_PACK_ALIGNMENT);
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
  return picture;
}

}  // namespace shadersort::render
