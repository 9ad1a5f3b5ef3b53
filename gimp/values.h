#pragma once
// The plug-in's options: the procedure's arguments and the dialog's fields. Plain bytes, so that
// GIMP keeps the last ones used (gimp_set_data) for the next dialog and "Repeat".

#include <cstddef>

#include "shadersort/pixel_sort.h"

namespace gimp_plugin {

constexpr std::size_t kTextSize = 256;

struct DialogValues {
  char path[kTextSize] = "";    // "": the default (rows), or the preset's
  char spans[kTextSize] = "";
  char key[kTextSize] = "";
  double lower = -1;            // below 0: the default
  double upper = -1;
  bool descending = false;
  char preset[kTextSize] = "";  // a built-in look or a .toml file; "": none
};

// The library's settings for `values`: an empty text or a negative bound is an option not given.
inline shadersort::PixelSortSettings settingsOf(const DialogValues& values) {
  shadersort::PixelSortSettings settings;
  if (values.path[0] != '\0') settings.path = values.path;
  if (values.spans[0] != '\0') settings.spans = values.spans;
  if (values.key[0] != '\0') settings.key = values.key;
  if (values.lower >= 0) settings.lower = values.lower;
  if (values.upper >= 0) settings.upper = values.upper;
  settings.descending = values.descending;
  if (values.preset[0] != '\0') settings.preset = values.preset;
  return settings;
}

}  // namespace gimp_plugin
