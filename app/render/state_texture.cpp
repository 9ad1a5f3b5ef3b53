#include "render/state_texture.h"

namespace shadersort::render {

void StateTexture::update(const Image& picture) {
  if (!texture_ || picture.width != width_ || picture.height != height_) {
    width_ = picture.width;
    height_ = picture.height;
    texture_ = gl::makeNearestTexture("viewer: state picture", GL_RGBA8, width_, height_);
  }
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace shadersort::render
