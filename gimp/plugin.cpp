// The GIMP 2.10 plug-in: registers plug-in-shadersort-pixel-sort (Filters > Distorts > Pixel sort
// (shadersort)...) and runs it. A plug-in is a process of its own, started by GIMP for each call:
// it makes its own headless EGL context and sorts the layer with the library's PixelSorter
// (include/shadersort/pixel_sort.h), so the result equals `shadersort run --out` byte for byte.

#include <libgimp/gimp.h>

#include <cstdint>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "gimp/dialog.h"
#include "gimp/layer_pixels.h"
#include "gimp/values.h"
#include "platform/headless_context.h"
#include "shadersort/pixel_sort.h"

namespace {

constexpr const char* kProcedure = "plug-in-shadersort-pixel-sort";

void query() {
  static const GimpParamDef arguments[] = {
      {GIMP_PDB_INT32, const_cast<gchar*>("run-mode"), const_cast<gchar*>("The run mode { RUN-INTERACTIVE (0), RUN-NONINTERACTIVE (1) }")},
      {GIMP_PDB_IMAGE, const_cast<gchar*>("image"), const_cast<gchar*>("Input image")},
      {GIMP_PDB_DRAWABLE, const_cast<gchar*>("drawable"), const_cast<gchar*>("Input drawable")},
      {GIMP_PDB_STRING, const_cast<gchar*>("path"), const_cast<gchar*>("rows, columns, angle:DEG, rings[:CX,CY], spokes[:CX,CY]; \"\": the default")},
      {GIMP_PDB_STRING, const_cast<gchar*>("spans"), const_cast<gchar*>("none, threshold, edges, random, intervals, waves, black, white; \"\": the default")},
      {GIMP_PDB_STRING, const_cast<gchar*>("key"), const_cast<gchar*>("what sorts: luminance, hue, lightness, ... (shadersort run --help); \"\": the default")},
      {GIMP_PDB_FLOAT, const_cast<gchar*>("lower"), const_cast<gchar*>("lower bound, 0 to 1 of the key's range; below 0: the default")},
      {GIMP_PDB_FLOAT, const_cast<gchar*>("upper"), const_cast<gchar*>("upper bound, 0 to 1 of the key's range; below 0: the default")},
      {GIMP_PDB_INT32, const_cast<gchar*>("descending"), const_cast<gchar*>("sort from high to low (TRUE or FALSE)")},
      {GIMP_PDB_STRING, const_cast<gchar*>("preset"), const_cast<gchar*>("a built-in look (asendorf, melt, rain, radial-burst, glitch-rows) or a .toml file; \"\": none")},
  };
  gimp_install_procedure(kProcedure, "Pixel-sort the layer on the GPU (shadersort)",
                         "Sorts the pixels of the layer (of the selection, where there is one) along a path, within "
                         "spans, by a key, as `shadersort run` does with the same options; the other options come "
                         "from the preset. Needs OpenGL 4.3.",
                         "shadersort", "shadersort", "2026", "Pixel sort (shadersort)...", "RGB*", GIMP_PLUGIN,
                         G_N_ELEMENTS(arguments), 0, arguments, nullptr);
  gimp_plugin_menu_register(kProcedure, "<Image>/Filters/Distorts");
}

// The PDB's arguments as the dialog's values (strings copied: GIMP frees its own).
gimp_plugin::DialogValues valuesOf(const GimpParam* params) {
  gimp_plugin::DialogValues values;
  const auto text = [](const gchar* from, char (&into)[gimp_plugin::kTextSize]) {
    g_strlcpy(into, from != nullptr ? from : "", sizeof into);
  };
  text(params[3].data.d_string, values.path);
  text(params[4].data.d_string, values.spans);
  text(params[5].data.d_string, values.key);
  values.lower = params[6].data.d_float;
  values.upper = params[7].data.d_float;
  values.descending = params[8].data.d_int32 != 0;
  text(params[9].data.d_string, values.preset);
  return values;
}

GimpPDBStatusType runOn(gint32 drawable, const gimp_plugin::DialogValues& values, std::string& error) {
  try {
    const std::optional<gimp_plugin::Region> region = gimp_plugin::readLayer(drawable);
    if (!region) return GIMP_PDB_SUCCESS;  // nothing selected on this layer
    shadersort::platform::HeadlessContext context{{}};
    shadersort::PixelSorter sorter;
    const shadersort::Picture sorted = gimp_plugin::sortRegion(sorter, *region, values);
    gimp_plugin::writeRegion(drawable, *region, sorted);
    return GIMP_PDB_SUCCESS;
  } catch (const std::exception& failure) {
    error = failure.what();
    return GIMP_PDB_EXECUTION_ERROR;
  }
}

void run(const gchar* /*name*/, gint parameterCount, const GimpParam* params, gint* returnCount, GimpParam** returns) {
  static GimpParam results[2];
  static std::string error;
  *returnCount = 1;
  *returns = results;
  results[0].type = GIMP_PDB_STATUS;
  results[0].data.d_status = GIMP_PDB_SUCCESS;

  gegl_init(nullptr, nullptr);
  const auto mode = static_cast<GimpRunMode>(params[0].data.d_int32);
  const gint32 drawable = params[2].data.d_drawable;
  gimp_plugin::DialogValues values;
  gimp_get_data(kProcedure, &values);  // the last values used, when there are any
  GimpPDBStatusType status = GIMP_PDB_SUCCESS;
  switch (mode) {
    case GIMP_RUN_INTERACTIVE:
      if (!gimp_plugin::showDialog(drawable, values)) status = GIMP_PDB_CANCEL;
      break;
    case GIMP_RUN_NONINTERACTIVE:
      if (parameterCount != 10) status = GIMP_PDB_CALLING_ERROR;
      else values = valuesOf(params);
      break;
    case GIMP_RUN_WITH_LAST_VALS:
      break;
  }
  if (status == GIMP_PDB_SUCCESS) {
    if (mode == GIMP_RUN_INTERACTIVE) gimp_progress_init("Pixel sort (shadersort)");
    status = runOn(drawable, values, error);
    if (status == GIMP_PDB_SUCCESS) {
      if (mode != GIMP_RUN_NONINTERACTIVE) gimp_displays_flush();
      if (mode == GIMP_RUN_INTERACTIVE) gimp_set_data(kProcedure, &values, sizeof values);
    }
  }
  results[0].data.d_status = status;
  if (status == GIMP_PDB_EXECUTION_ERROR) {
    // GIMP shows this line to the user, and Script-Fu puts it in its error.
    *returnCount = 2;
    results[1].type = GIMP_PDB_STRING;
    results[1].data.d_string = const_cast<gchar*>(error.c_str());
  }
}

}  // namespace

const GimpPlugInInfo PLUG_IN_INFO = {nullptr, nullptr, query, run};

MAIN()
