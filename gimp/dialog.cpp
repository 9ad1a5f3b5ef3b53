#include "gimp/dialog.h"

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "gimp/layer_pixels.h"
#include "platform/headless_context.h"

namespace gimp_plugin {

namespace {

// What the preview needs: its own GL context for the dialog's life, and the last sort (the whole
// layer sorts, so that the preview shows what OK gives, not a sort of the visible part alone).
struct PreviewState {
  gint32 drawable = -1;
  DialogValues* values = nullptr;
  GtkWidget* message = nullptr;
  Region region;
  std::unique_ptr<shadersort::platform::HeadlessContext> context;
  std::unique_ptr<shadersort::PixelSorter> sorter;
  std::optional<shadersort::Picture> sorted;
};

void textChanged(GtkEntry* entry, char* into) {
  g_strlcpy(into, gtk_entry_get_text(entry), kTextSize);
}

void updatePreview(GimpPreview* preview, PreviewState* state) {
  try {
    if (!state->sorter) {
      state->context = std::make_unique<shadersort::platform::HeadlessContext>(shadersort::platform::ContextOptions{});
      state->sorter = std::make_unique<shadersort::PixelSorter>();
    }
    state->sorted = sortRegion(*state->sorter, state->region, *state->values);
    gtk_label_set_text(GTK_LABEL(state->message), "");
  } catch (const std::exception& failure) {
    state->sorted.reset();
    gtk_label_set_text(GTK_LABEL(state->message), failure.what());
  }
  const shadersort::Picture* shown = state->sorted ? &*state->sorted : nullptr;
  const std::uint8_t* pixels = shown != nullptr ? shown->rgba.data() : state->region.rgba.data();
  gint x = 0, y = 0, width = 0, height = 0;
  gimp_preview_get_position(preview, &x, &y);
  gimp_preview_get_size(preview, &width, &height);
  const Region& region = state->region;
  const gint left = x, top = y;  // the preview's position is in the layer's coordinates
  const std::size_t offset = (static_cast<std::size_t>(top) * region.width + left) * 4;
  gimp_preview_area_draw(GIMP_PREVIEW_AREA(gimp_preview_get_area(preview)), 0, 0, std::min(width, region.width - left),
                         std::min(height, region.height - top), GIMP_RGBA_IMAGE, pixels + offset, region.width * 4);
}

GtkWidget* textRow(GtkWidget* table, int row, const char* label, char* value, GtkWidget* preview, const char* tip) {
  GtkWidget* entry = gtk_entry_new();
  gtk_entry_set_text(GTK_ENTRY(entry), value);
  gimp_table_attach_aligned(GTK_TABLE(table), 0, row, label, 0.0, 0.5, entry, 1, FALSE);
  gimp_help_set_help_data(entry, tip, nullptr);
  g_signal_connect(entry, "changed", G_CALLBACK(textChanged), value);
  g_signal_connect_swapped(entry, "changed", G_CALLBACK(gimp_preview_invalidate), preview);
  return entry;
}

}  // namespace

bool showDialog(gint32 drawable, DialogValues& values) {
  gimp_ui_init("shadersort-gimp", FALSE);
  PreviewState state;
  state.drawable = drawable;
  state.values = &values;
  std::optional<Region> region = readLayer(drawable);
  if (!region) return false;
  state.region = std::move(*region);

  GtkWidget* dialog = gimp_dialog_new("Pixel sort (shadersort)", "shadersort-gimp", nullptr, GtkDialogFlags(0),
                                      gimp_standard_help_func, "plug-in-shadersort-pixel-sort", "_Cancel",
                                      GTK_RESPONSE_CANCEL, "_OK", GTK_RESPONSE_OK, nullptr);
  GtkWidget* box = gtk_vbox_new(FALSE, 6);
  gtk_container_set_border_width(GTK_CONTAINER(box), 12);
  gtk_box_pack_start(GTK_BOX(gtk_dialog_get_content_area(GTK_DIALOG(dialog))), box, TRUE, TRUE, 0);

  GtkWidget* preview = gimp_drawable_preview_new_from_drawable_id(drawable);
  gtk_box_pack_start(GTK_BOX(box), preview, TRUE, TRUE, 0);
  state.message = gtk_label_new("");
  gtk_label_set_line_wrap(GTK_LABEL(state.message), TRUE);
  gtk_box_pack_start(GTK_BOX(box), state.message, FALSE, FALSE, 0);
  g_signal_connect(preview, "invalidated", G_CALLBACK(updatePreview), &state);

  GtkWidget* table = gtk_table_new(7, 3, FALSE);
  gtk_table_set_col_spacings(GTK_TABLE(table), 6);
  gtk_table_set_row_spacings(GTK_TABLE(table), 4);
  gtk_box_pack_start(GTK_BOX(box), table, FALSE, FALSE, 0);
  textRow(table, 0, "_Preset:", values.preset, preview,
          "asendorf, melt, rain, radial-burst, glitch-rows or a .toml file; empty: none");
  textRow(table, 1, "P_ath:", values.path, preview, "rows, columns, angle:DEG, rings[:CX,CY], spokes[:CX,CY]");
  textRow(table, 2, "_Spans:", values.spans, preview, "none, threshold, edges, random, intervals, waves, black, white");
  textRow(table, 3, "_Key:", values.key, preview, "luminance, hue, lightness, saturation, ... (shadersort run --help)");
  // Bounds: -0.01 stands for "not given" (the default, or the preset's).
  for (int row = 4; row <= 5; ++row) {
    double& bound = row == 4 ? values.lower : values.upper;
    GtkObject* adjustment = gimp_scale_entry_new(GTK_TABLE(table), 0, row, row == 4 ? "_Lower:" : "_Upper:", 160, 6,
                                                 bound < 0 ? -0.01 : bound, -0.01, 1.0, 0.01, 0.1, 2, TRUE, 0, 0,
                                                 "0 to 1 of the key's range; below 0: the default", nullptr);
    g_signal_connect(adjustment, "value-changed", G_CALLBACK(gimp_double_adjustment_update), &bound);
    g_signal_connect_swapped(adjustment, "value-changed", G_CALLBACK(gimp_preview_invalidate), preview);
  }
  GtkWidget* descending = gtk_check_button_new_with_mnemonic("_Descending");
  gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(descending), values.descending);
  gtk_table_attach_defaults(GTK_TABLE(table), descending, 1, 3, 6, 7);
  g_signal_connect(descending, "toggled", G_CALLBACK(+[](GtkToggleButton* button, bool* into) {
                     *into = gtk_toggle_button_get_active(button) != FALSE;
                   }), &values.descending);
  g_signal_connect_swapped(descending, "toggled", G_CALLBACK(gimp_preview_invalidate), preview);

  gtk_widget_show_all(dialog);
  const bool accepted = gimp_dialog_run(GIMP_DIALOG(dialog)) == GTK_RESPONSE_OK;
  gtk_widget_destroy(dialog);
  return accepted;
}

}  // namespace gimp_plugin
