#include "render/state_texture.h"

namespace shadersort::render {

void StateTexture::update(const Image& picture) {
  if (!texture_ || picture.width != width_ || picture.height != height_) {
    texture_ = gl::Texture("viewer: state picture");
    width_ = picture.width;
    height_ = picture.height;
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, width_, height_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  }
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
  glBindTexture(GL_TEXTURE_2D, 0);
}

}  // namespace shadersort::render
