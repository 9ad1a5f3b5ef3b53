#pragma once
// What a size refusal needs beyond the registry's own checks; kept out of registry.h, which
// nearly every file includes.

#include <string>

#include "gl/limits.h"
#include "sort/registry.h"

namespace shadersort {

// Empty when a width x height picture fits one texture of this GPU, else why not, naming the
// limit. Every picture of a sort state (--out, recordings, the viewer) is the input's size.
// An algorithm that can sort `shape` here, `preferred` first, then the n log n sorters before the
// transposition sorts (n passes each); null when none can.
const AlgorithmInfo* sortableBy(const AlgorithmInfo* preferred, const SortShape& shape, const gl::Limits& limits);

std::string whyPictureTooLarge(int width, int height, const gl::Limits& limits);

}  // namespace shadersort
