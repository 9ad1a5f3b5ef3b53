#pragma once
// The picture of a sort state: each element's value is a packed RGBA pixel, placed back at its
// image position. The headless screenshots and the viewer draw the same picture.

#include "data/image.h"
#include "data/image_sequences.h"
#include "gl/handles.h"
#include "sort/sort_data.h"

namespace shadersort::render {

// A texture holding the picture of the current state, resized as needed; drawn with NEAREST
// filtering so every element stays a crisp block when enlarged.
class StateTexture {
 public:
  void update(const Image& picture);
  GLuint id() const { return texture_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  gl::Texture texture_;
  int width_ = 0, height_ = 0;
};

}  // namespace shadersort::render
