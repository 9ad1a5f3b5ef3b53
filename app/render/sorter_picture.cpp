#include "render/sorter_picture.h"

namespace shadersort::render {

Image pictureOf(const Sorter& sorter, Axis axis) { return sortDataToImage(sorter.read(), axis); }

}  // namespace shadersort::render
