#pragma once
// INTERIM, replaced when the display branch merges: the CPU picture path behind the interface
// that branch provides.

#include <glad/gl.h>

#include <algorithm>
#include <cstdint>
#include <variant>

#include "data/image.h"
#include "data/image_sequences.h"
#include "gl/handles.h"
#include "sort/sorter.h"

namespace shadersort::render {

struct ImageLayout {
  Axis axis = Axis::Columns;
};
struct ArrayLayout {
  std::uint32_t sequence = 0;
  std::uint32_t minKey = 0, maxKey = 0;
  bool descending = false;
  std::uint32_t height = 256;
};
using DisplayLayout = std::variant<ImageLayout, ArrayLayout>;

class DisplayTexture {
 public:
  GLuint id() const { return texture_.id(); }
  int width() const { return width_; }
  int height() const { return height_; }
  void upload(const Image& picture) {
    if (!texture_ || picture.width != width_ || picture.height != height_) {
      width_ = picture.width;
      height_ = picture.height;
      texture_ = gl::Texture("viewer: display");
      glBindTexture(GL_TEXTURE_2D, texture_.id());
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width_, height_, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    }
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data());
    glBindTexture(GL_TEXTURE_2D, 0);
  }

 private:
  gl::Texture texture_;
  int width_ = 0, height_ = 0;
};

class StatePainter {
 public:
  void paint(const Sorter& sorter, const DisplayLayout& layout, DisplayTexture& target) {
    const SortData data = sorter.read();
    if (const auto* image = std::get_if<ImageLayout>(&layout)) {
      target.upload(data.size() ? sortDataToImage(data, image->axis) : Image(1, 1));
      return;
    }
    const auto& array = std::get<ArrayLayout>(layout);
    const int n = static_cast<int>(std::max<std::uint32_t>(1, data.sequenceLength));
    const int h = static_cast<int>(array.height);
    Image picture(n, h);
    for (int i = 0; i < n && data.size(); ++i) {
      const std::size_t at = static_cast<std::size_t>(array.sequence) * data.sequenceLength + static_cast<std::size_t>(i);
      const double range = std::max<double>(1.0, double(array.maxKey) - double(array.minKey));
      double fraction = (double(data.keys[at]) - double(array.minKey)) / range;
      if (array.descending) fraction = 1.0 - fraction;
      const int bar = std::clamp(1 + static_cast<int>(fraction * (h - 1)), 1, h);
      for (int y = 0; y < h; ++y)
        picture.setPixel(i, y, y >= h - bar ? (data.values[at] | 0xff000000u) : 0xff201a18u);
    }
    target.upload(picture);
  }
};

}  // namespace shadersort::render

