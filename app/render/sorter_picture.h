#pragma once
// The picture of a sorter's current state, as the headless outputs show it. The one place that
// makes it, so drawing it on the GPU instead of reading the state back changes one function.

#include "data/image.h"
#include "data/image_sequences.h"
#include "sort/sorter.h"

namespace shadersort::render {

Image pictureOf(const Sorter& sorter, Axis axis);

}  // namespace shadersort::render
