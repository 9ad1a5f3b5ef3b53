#pragma once
// The texture a sort state is painted into (by render::StatePainter, on the GPU) and drawn from.
// RGBA8 with a full mip chain: shrunk pictures are minified from the mipmaps (LINEAR_MIPMAP_LINEAR),
// so a 4096x4096 state shown in 800 pixels does not alias into stripes that are not in the data;
// enlarged pictures use NEAREST, so each element stays a crisp block.
//
// Texel row 0 is the picture's top row (as in Image and PNG): ImGui::Image with the default
// uv (0,0)-(1,1) shows it upright.

#include <glad/gl.h>

#include "data/image.h"
#include "gl/handles.h"

namespace shadersort::render {

class DisplayTexture {
 public:
  // Makes the texture `width` x `height` (both at least 1) with a full mip chain; storage is
  // only reallocated when the size changes. The contents are undefined until painted.
  void resize(int width, int height);
  // Rebuilds levels 1 and up from level 0; call after writing level 0.
  void generateMipmaps();
  // Every level transparent black (from a CPU buffer of zeros: meant for tiny textures, such as
  // the 1x1 picture of an empty state).
  void clear();

  GLuint id() const { return texture_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }
  int levels() const { return levels_; }

  // Level 0, top row first. The one read-back of the display path (`run --out`, tests); it
  // waits for the GPU. An empty Image when nothing was ever painted.
  Image download() const;

 private:
  gl::Texture texture_;
  int width_ = 0, height_ = 0, levels_ = 0;
};

// Levels of a full mip chain down to 1x1 for a `width` x `height` level 0.
int fullMipLevelCount(int width, int height);

}  // namespace shadersort::render
