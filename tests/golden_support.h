#pragma once
// Golden images (tests/golden/), compared exactly: every channel of every pixel. The pictures
// compared are made of integer operations only, so any GPU that sorts and draws correctly gives
// the same bytes, and a tolerance would hide exactly the faults worth catching (two pixels with
// equal keys but slightly different colours swapped by a tie broken the wrong way).
//
// Pictures the viewer draws (through ImGui: blended, enlarged by nearest sampling) are compared
// with differenceFromDrawnGolden, which allows what GL leaves to the driver and nothing more.
//
// After a deliberate change, SHADERSORT_UPDATE_GOLDEN=1 rewrites the goldens a test compares
// against; look at the new images before committing them. SHADERSORT_GOLDEN_DIR reads them from
// another folder.

#include <cstdint>
#include <string>
#include <vector>

#include "data/image.h"

namespace shadersort::testing {

// The golden named `name` ("frag-odd-even_pass1.png").
std::string goldenPath(const std::string& name);

// Empty when `picture` equals golden `name`, else what differs.
std::string differenceFromGolden(const Image& picture, const std::string& name);

// Fails the test unless `picture` equals golden `name` (rewriting the golden first when asked to).
void expectMatchesGolden(const Image& picture, const std::string& name);

// A picture enlarged on the screen along one axis: `texels` texels over `pixels` pixels, from
// pixel `first` of the compared picture.
struct EnlargedAxis {
  int first = 0;
  int pixels = 0;
  int texels = 0;
};

// What GL leaves to the driver in a drawn picture, found between Mesa's llvmpipe and NVIDIA:
// - each channel may differ by 1 (blending and float-to-8-bit conversion may round either way:
//   ImGui's translucent window background blends to 26 on llvmpipe and 25 on NVIDIA);
// - a pixel whose centre lies exactly on the edge between two enlarged texels (of `columns` or
//   `rows`) may show either texel, that is its left or right (upper or lower) neighbour's colour
//   (llvmpipe takes the right texel, NVIDIA the left).
struct DriverLeeway {
  std::vector<EnlargedAxis> columns;
  std::vector<EnlargedAxis> rows;
};

// Whether two pixels are equal within the drivers' rounding (each channel by 1).
bool sameWithinDriverRounding(std::uint32_t a, std::uint32_t b);

// Whether pixel `p` of an axis has its centre exactly on an edge between two of its texels.
bool onTexelEdge(const EnlargedAxis& axis, int p);

// Empty when `picture` matches golden `name` within `leeway`, else what differs.
std::string differenceFromDrawnGolden(const Image& picture, const std::string& name, const DriverLeeway& leeway = {});
std::string differenceWithinLeeway(const Image& picture, const Image& golden, const DriverLeeway& leeway);

// Fails the test unless `picture` matches golden `name` within `leeway` (rewriting it when asked).
void expectMatchesDrawnGolden(const Image& picture, const std::string& name, const DriverLeeway& leeway = {});

}  // namespace shadersort::testing
