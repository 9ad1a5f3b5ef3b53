#pragma once
// Reading a compute sorter's state: keys (and values) in storage buffers, sequence after sequence.

#include "gl/handles.h"
#include "sort/sort_data.h"

namespace shadersort {

// `values` is read only when the shape has values.
SortData downloadSortData(const SortShape& shape, const gl::Buffer& keys, const gl::Buffer& values);

}  // namespace shadersort
