#pragma once
// A layer's pixels in and out of GIMP, and their sort: the region read as RGBA8 in the layer's
// own colour space (8-bit sRGB layers travel unchanged), the selection as the sort's mask, the
// sorted pixels written through the shadow buffer (so GIMP blends them by the selection and
// records one undo step).

#include <glib.h>

#include <cstdint>
#include <vector>

#include "gimp/values.h"
#include "shadersort/pixel_sort.h"

namespace gimp_plugin {

struct Region {
  gint x = 0, y = 0, width = 0, height = 0;  // in the drawable's coordinates
  std::vector<std::uint8_t> rgba;
  std::vector<std::uint8_t> mask;  // RGBA8 grey where the selection is; empty when nothing is selected
};

Region readRegion(gint32 drawable, gint x, gint y, gint width, gint height);
// Pixels on unselected ground never move (the mask narrows every span mode: docs/ART.md).
shadersort::Picture sortRegion(shadersort::PixelSorter& sorter, const Region& region, const DialogValues& values);
void writeRegion(gint32 drawable, const Region& region, const shadersort::Picture& sorted);

}  // namespace gimp_plugin
