#pragma once
// A layer's pixels in and out of GIMP, and their sort: the whole layer read as RGBA8 in its own
// colour space (8-bit sRGB layers travel unchanged), the selection as the sort's mask (so a
// selection sorts as `run --mask` does: spans cut at its edge, unselected pixels never move), the
// sorted pixels written through the shadow buffer (GIMP blends them by a soft selection's
// values and records one undo step).

#include <glib.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "gimp/values.h"
#include "shadersort/pixel_sort.h"

namespace gimp_plugin {

struct Region {
  gint width = 0, height = 0;  // the layer's
  std::vector<std::uint8_t> rgba;
  std::vector<std::uint8_t> mask;  // RGBA8 grey where the selection is; empty when nothing is selected
};

// The layer, or nothing when the selection does not touch it.
std::optional<Region> readLayer(gint32 drawable);
shadersort::Picture sortRegion(shadersort::PixelSorter& sorter, const Region& region, const DialogValues& values);
void writeRegion(gint32 drawable, const Region& region, const shadersort::Picture& sorted);

}  // namespace gimp_plugin
