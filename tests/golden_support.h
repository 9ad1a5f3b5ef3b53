#pragma once
// Golden images (tests/golden/), compared exactly: every channel of every pixel. The pictures
// compared are made of integer operations only, so any GPU that sorts and draws correctly gives
// the same bytes, and a tolerance would hide exactly the faults worth catching (two pixels with
// equal keys but slightly different colours swapped by a tie broken the wrong way).
//
// After a deliberate change, SHADERSORT_UPDATE_GOLDEN=1 rewrites the goldens a test compares
// against; look at the new images before committing them. SHADERSORT_GOLDEN_DIR reads them from
// another folder.

#include <string>

#include "data/image.h"

namespace shadersort::testing {

// The golden named `name` ("frag-odd-even_pass1.png").
std::string goldenPath(const std::string& name);

// Empty when `picture` equals golden `name`, else what differs.
std::string differenceFromGolden(const Image& picture, const std::string& name);

// Fails the test unless `picture` equals golden `name` (rewriting the golden first when asked to).
void expectMatchesGolden(const Image& picture, const std::string& name);

}  // namespace shadersort::testing
