#pragma once
// The plug-in's dialog: the main options and a preview of the layer sorted with them.

#include <glib.h>

#include "gimp/values.h"

namespace gimp_plugin {

// Shows the dialog for `drawable` starting from `values`; true (and `values` updated) on OK.
bool showDialog(gint32 drawable, DialogValues& values);

}  // namespace gimp_plugin
