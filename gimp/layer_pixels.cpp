#include "gimp/layer_pixels.h"

#include <libgimp/gimp.h>

namespace gimp_plugin {

namespace {

// RGBA8 with the layer's transfer curve and colour space: no conversion for 8-bit layers.
const Babl* rgbaFormat(gint32 drawable) {
  return babl_format_with_space("R'G'B'A u8", gimp_drawable_get_format(drawable));
}

}  // namespace

std::optional<Region> readLayer(gint32 drawable) {
  gint x = 0, y = 0, width = 0, height = 0;
  if (!gimp_drawable_mask_intersect(drawable, &x, &y, &width, &height)) return std::nullopt;
  width = gimp_drawable_width(drawable);
  height = gimp_drawable_height(drawable);
  Region region{width, height, {}, {}};
  const auto pixels = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  region.rgba.resize(pixels * 4);
  const GeglRectangle rectangle{0, 0, width, height};
  GeglBuffer* buffer = gimp_drawable_get_buffer(drawable);
  gegl_buffer_get(buffer, &rectangle, 1.0, rgbaFormat(drawable), region.rgba.data(), GEGL_AUTO_ROWSTRIDE,
                  GEGL_ABYSS_NONE);
  g_object_unref(buffer);

  const gint32 image = gimp_item_get_image(drawable);
  if (gimp_selection_is_empty(image)) return region;
  gint offsetX = 0, offsetY = 0;
  gimp_drawable_offsets(drawable, &offsetX, &offsetY);
  std::vector<std::uint8_t> grey(pixels);
  const GeglRectangle inImage{offsetX, offsetY, width, height};
  GeglBuffer* selection = gimp_drawable_get_buffer(gimp_image_get_selection(image));
  gegl_buffer_get(selection, &inImage, 1.0, babl_format("Y u8"), grey.data(), GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  g_object_unref(selection);
  region.mask.resize(pixels * 4);
  for (std::size_t i = 0; i < pixels; ++i) {
    region.mask[i * 4 + 0] = region.mask[i * 4 + 1] = region.mask[i * 4 + 2] = grey[i];
    region.mask[i * 4 + 3] = 255;
  }
  return region;
}

shadersort::Picture sortRegion(shadersort::PixelSorter& sorter, const Region& region, const DialogValues& values) {
  shadersort::PixelSortSettings settings = settingsOf(values);
  if (!region.mask.empty()) settings.mask = {region.mask.data(), region.width, region.height, 0};
  return sorter.sort({region.rgba.data(), region.width, region.height, 0}, settings);
}

void writeRegion(gint32 drawable, const Region& region, const shadersort::Picture& sorted) {
  const GeglRectangle rectangle{0, 0, region.width, region.height};
  GeglBuffer* shadow = gimp_drawable_get_shadow_buffer(drawable);
  gegl_buffer_set(shadow, &rectangle, 0, rgbaFormat(drawable), sorted.rgba.data(), GEGL_AUTO_ROWSTRIDE);
  g_object_unref(shadow);  // flushes it
  gimp_drawable_merge_shadow(drawable, TRUE);
  gimp_drawable_update(drawable, 0, 0, region.width, region.height);
}

}  // namespace gimp_plugin
