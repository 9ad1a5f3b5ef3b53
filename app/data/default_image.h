#pragma once
// The built-in input: a procedural picture, so every command works with no files at hand.

#include "data/image.h"

namespace shadersort {

inline constexpr int kDefaultImageWidth = 256;
inline constexpr int kDefaultImageHeight = 192;

Image makeDefaultImage(int width = kDefaultImageWidth, int height = kDefaultImageHeight);

}  // namespace shadersort
