#pragma once
// The array picture (render::ArrayLayout) made on the CPU from a read-back state: the reference
// the tests hold the GPU painter to. Not for drawing: it reads the state back.

#include "data/image.h"
#include "render/display_layout.h"
#include "sort/sort_data.h"

namespace shadersort::render {

// Throws UserError when layout.sequence does not exist. An empty state gives a 1x1 transparent
// black image, as the painter does.
Image renderArrayOnCpu(const SortData& state, const ArrayLayout& layout);

}  // namespace shadersort::render
