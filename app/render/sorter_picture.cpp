#include "render/sorter_picture.h"

namespace shadersort::render {

Image SorterPictures::pictureOf(const Sorter& sorter, const SortShape& shape, Axis axis) {
  painter_.paint(sorter.gpuState(), shape, ImageLayout{axis}, texture_);
  return texture_.download();
}

}  // namespace shadersort::render
