#pragma once
// The picture of a sorter's current state, as the headless outputs (run --out, --gif, --sheet)
// show it: painted on the GPU from the sorter's own buffers, the viewer's path, then downloaded.

#include "data/image.h"
#include "data/image_sequences.h"
#include "render/display_texture.h"
#include "render/state_painter.h"
#include "sort/sorter.h"

namespace shadersort::render {

class SorterPictures {
 public:
  // `shape` is what the sorter was loaded with.
  Image pictureOf(const Sorter& sorter, const SortShape& shape, Axis axis);

 private:
  StatePainter painter_;
  DisplayTexture texture_;
};

}  // namespace shadersort::render
