/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 3D view in both windows, in a real display: win.view-3d swaps the 2D
 * view for the terrain pane and back; the terrain source is built on the
 * 2D view's own pyramid and looks at its centre; a style change reaches
 * it; the readout follows the terrain view's "map-motion"/"map-leave"; the
 * exaggeration scale drives the view.  The zone window also: an edit shows
 * in 3D, and the paint tools are off there.
 *
 * MAPSMITH_TEST_EXPECT_GL=0 runs it on the terrain view's CPU fallback.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-test-app.h"
#include "ms-pixel-inspector.h"
#include "ms-scale-bar.h"
#include "ms-settings.h"
#include "ms-terrain-blueprint-source.h"
#include "ms-terrain-pane.h"
#include "ms-terrain-zone-source.h"
#include "ms-test-display.h"
#include "ms-window.h"
#include "ms-zone-describe.h"
#include "ms-zone-edit.h"
#include "ms-zone-overlays-panel.h"
#include "ms-zone-window.h"

static gboolean
terrain_drawn (gpointer data)
{
  MsTerrainView *view = data;
  return gtk_widget_get_mapped (GTK_WIDGET (view)) && gtk_widget_get_width (GTK_WIDGET (view)) > 1 &&
         ms_terrain_view_get_n_frames (view) > 0 && ms_terrain_view_is_complete (view);
}

static gboolean
not_loading (gpointer data)
{
  return !ms_window_is_loading (data);
}

static void
count_changed (guint *n)
{
  (*n)++;
}

/* Switches with the header's toggle, and checks what a switch promises:
 * the page, the action's state, the view drawn with the renderer
 * expected, looking at the 2D view's centre. */
static MsTerrainView *
switch_to_3d (GtkWidget  *window,
              MsViewport *viewport)
{
  MsTerrainPane *pane = MS_TERRAIN_PANE (ms_test_find_type (window, MS_TYPE_TERRAIN_PANE));
  MsTerrainView *view = ms_terrain_pane_get_view (pane);
  GtkWidget *button = ms_test_find_action_button (window, "win.view-3d");
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  g_autoptr(GVariant) state = NULL;
  double cx, cy, mx, my;
  float metres;

  g_assert_nonnull (button);
  g_assert_true (GTK_IS_TOGGLE_BUTTON (button));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_null (ms_terrain_view_get_source (view));
  g_action_group_activate_action (G_ACTION_GROUP (window), "view-3d", NULL);
  ms_test_settle (terrain_drawn, view, 300, "the terrain to draw");

  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "view-3d");
  g_assert_true (g_variant_get_boolean (state));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  g_assert_cmpint (ms_terrain_view_get_using_gl (view), ==, expect_gl);
  /* The widget's centre shows the 2D view's centre (the camera's target
   * is on the ground there). */
  ms_viewport_get_centre (viewport, &cx, &cy);
  g_assert_true (ms_terrain_view_pick (view, gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                                       gtk_widget_get_height (GTK_WIDGET (view)) / 2.0, &mx, &my, &metres));
  g_assert_cmpfloat (fabs (mx - cx), <, 4.0);
  g_assert_cmpfloat (fabs (my - cy), <, 4.0);
  return view;
}

static void
switch_to_2d (GtkWidget *window,
              GtkWidget *flat)
{
  g_autoptr(GVariant) state = NULL;

  /* F3's binding activates the action with no parameter: a toggle. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "view-3d", NULL);
  ms_test_iterate_until (ms_test_widget_mapped, flat, "the 2D view");
  state = g_action_group_get_action_state (G_ACTION_GROUP (window), "view-3d");
  g_assert_false (g_variant_get_boolean (state));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (ms_test_find_type (window, MS_TYPE_TERRAIN_VIEW))));
}

static void
check_exaggeration (GtkWidget     *window,
                    MsTerrainView *view)
{
  MsTerrainPane *pane = MS_TERRAIN_PANE (ms_test_find_type (window, MS_TYPE_TERRAIN_PANE));
  GtkRange *scale = ms_terrain_pane_get_exaggeration_scale (pane);

  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (scale)));
  /* The scale is in log10 (exaggeration). */
  gtk_range_set_value (scale, log10 (3.0));
  g_assert_cmpfloat_with_epsilon (ms_terrain_view_get_exaggeration (view), 3.0, 1e-9);
  ms_terrain_view_set_exaggeration (view, 0.5);
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (scale), log10 (0.5), 1e-9);
  /* Past the scale's end the keys would go: the view's own limit. */
  ms_terrain_view_set_exaggeration (view, 50.0);
  g_assert_cmpfloat_with_epsilon (ms_terrain_view_get_exaggeration (view), 50.0, 1e-9);
  ms_terrain_view_set_exaggeration (view, 1.0);
}

static void
test_blueprint (void)
{
  GSettings *settings = ms_application_get_settings (ms_test_app ());
  MsWindow *window;
  MsMapView *map;
  MsTerrainView *view;
  MsTerrainSource *source;
  MsPixelInspector *inspector;
  MsBlueprint *bp;
  g_autofree char *expected = NULL;
  g_autofree char *height = NULL;
  guint n_changed = 0, x, y;
  MsTileKey top;
  g_autoptr(MsTerrainTile) before = NULL;
  g_autoptr(MsTerrainTile) after = NULL;
  g_autoptr(GError) error = NULL;
  float h;

  g_settings_set_int (settings, MS_SETTINGS_WINDOW_WIDTH, 1000);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_HEIGHT, 700);
  g_settings_set_string (settings, MS_SETTINGS_HEIGHT_RAMP, "terrain");
  window = ms_window_new (GTK_APPLICATION (ms_test_app ()));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  map = ms_window_get_map_view (window);
  ms_test_iterate_until (ms_test_widget_mapped, map, "the map view");
  ms_test_iterate_until (not_loading, window, "the demo to load");
  bp = ms_window_get_blueprint (window);

  view = switch_to_3d (GTK_WIDGET (window), ms_map_view_get_viewport (map));
  source = ms_terrain_view_get_source (view);
  g_assert_true (MS_IS_TERRAIN_BLUEPRINT_SOURCE (source));
  g_assert_true (ms_terrain_blueprint_source_get_pyramid (MS_TERRAIN_BLUEPRINT_SOURCE (source)) ==
                 ms_map_view_get_pyramid (map));
  g_assert_false (gtk_widget_get_visible (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_SCALE_BAR)));

  /* The readout reads the picked point's pixel: the crater's centre. */
  inspector = MS_PIXEL_INSPECTOR (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_PIXEL_INSPECTOR));
  x = (guint) ms_blueprint_get_params (bp)->impact_center_x;
  y = (guint) ms_blueprint_get_params (bp)->impact_center_y;
  g_signal_emit_by_name (view, "map-motion", x + 0.5, y + 0.25);
  h = ms_blueprint_get_height (bp, x, y);
  height = g_strdup_printf ("height %.4f raw = %.1f m", h, h * 251.0);
  expected = g_strdup_printf ("x %u, y %u (X outer, Y inner)", x, y);
  g_assert_nonnull (ms_pixel_inspector_get_text (inspector));
  g_assert_true (g_str_has_prefix (ms_pixel_inspector_get_text (inspector), expected));
  g_assert_nonnull (strstr (ms_pixel_inspector_get_text (inspector), height));
  g_signal_emit_by_name (view, "map-leave");
  g_assert_null (ms_pixel_inspector_get_text (inspector));

  /* A style change recolours the draped tiles: grey relief for the ramp. */
  top = (MsTileKey) { ms_terrain_source_get_top_level (source), 0, 0 };
  before = ms_terrain_source_get_tile (source, &top, NULL, &error);
  g_assert_no_error (error);
  g_signal_connect_swapped (source, "changed", G_CALLBACK (count_changed), &n_changed);
  g_settings_set_string (settings, MS_SETTINGS_HEIGHT_RAMP, "grey");
  g_assert_cmpuint (n_changed, >, 0);
  g_assert_true (ms_terrain_source_lookup (source, &top) == NULL);
  after = ms_terrain_source_get_tile (source, &top, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (before->heights, before->width * before->height * sizeof (float),
                   after->heights, after->width * after->height * sizeof (float));
  g_assert_true (memcmp (before->colours, after->colours, before->width * before->height * 4) != 0);
  g_signal_handlers_disconnect_by_data (source, &n_changed);
  g_settings_set_string (settings, MS_SETTINGS_HEIGHT_RAMP, "terrain");
  ms_test_settle (terrain_drawn, view, 300, "the terrain to draw again");

  check_exaggeration (GTK_WIDGET (window), view);
  switch_to_2d (GTK_WIDGET (window), GTK_WIDGET (map));
  g_assert_true (gtk_widget_get_visible (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_SCALE_BAR)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_zone (void)
{
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (ms_test_app ()));
  MsZoneView *flat;
  MsTerrainView *view;
  MsTerrainSource *source;
  MsZoneOverlaysPanel *panel;
  MsZone *zone;
  MsZoneStyle style;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZoneRegion) region = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *altitude = NULL;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };
  guint n_changed = 0, x = 37, y = 21;
  const char *tool;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 700);
  g_assert_true (ms_zone_window_open_demo (window, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  flat = ms_zone_window_get_view (window);
  ms_test_iterate_until (ms_test_widget_mapped, flat, "the zone view");
  zone = ms_zone_window_get_zone (window);

  view = switch_to_3d (GTK_WIDGET (window), ms_zone_view_get_viewport (flat));
  source = ms_terrain_view_get_source (view);
  g_assert_true (MS_IS_TERRAIN_ZONE_SOURCE (source));
  g_assert_true (ms_terrain_zone_source_get_pyramid (MS_TERRAIN_ZONE_SOURCE (source)) ==
                 ms_zone_view_get_pyramid (flat));

  /* The readout: tile (x, y), row-major, its altitude from the layer. */
  g_signal_emit_by_name (view, "map-motion", x + 0.75, y + 0.5);
  expected = g_strdup_printf ("x %u, y %u (row-major)", x, y);
  altitude = g_strdup_printf ("Altitude %u raw", ms_zone_get_altitude (zone, x, y));
  g_assert_nonnull (ms_zone_window_get_hover_text (window));
  g_assert_true (g_str_has_prefix (ms_zone_window_get_hover_text (window), expected));
  g_assert_nonnull (strstr (ms_zone_window_get_hover_text (window), altitude));
  g_signal_emit_by_name (view, "map-leave");
  g_assert_null (ms_zone_window_get_hover_text (window));

  /* An edit (as undo or a rule fill makes in 3D) drops the draped tiles. */
  g_signal_connect_swapped (source, "changed", G_CALLBACK (count_changed), &n_changed);
  region = ms_zone_region_new_rect (ms_zone_get_width (zone), ms_zone_get_height (zone), 10, 10, 4, 4);
  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_changed, >, 0);

  /* A style change (the overlays panel's) reaches the source. */
  n_changed = 0;
  panel = MS_ZONE_OVERLAYS_PANEL (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_ZONE_OVERLAYS_PANEL));
  ms_zone_overlays_panel_get_style (panel, &style);
  style.tint_altitude = !style.tint_altitude;
  ms_zone_overlays_panel_set_style (panel, &style);
  g_signal_emit_by_name (panel, "changed");
  g_assert_cmpuint (n_changed, >, 0);
  g_signal_handlers_disconnect_by_data (source, &n_changed);
  ms_test_settle (terrain_drawn, view, 300, "the terrain to draw again");

  /* The paint tools are 2D only. */
  tool = ms_zone_window_get_tool (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "zone.tool", "s", g_str_equal (tool, "rect") ? "brush" : "rect");
  g_assert_cmpstr (ms_zone_window_get_tool (window), ==, tool);

  check_exaggeration (GTK_WIDGET (window), view);
  switch_to_2d (GTK_WIDGET (window), GTK_WIDGET (flat));
  gtk_widget_activate_action (GTK_WIDGET (window), "zone.tool", "s", g_str_equal (tool, "rect") ? "brush" : "rect");
  g_assert_cmpstr (ms_zone_window_get_tool (window), !=, tool);

  /* Discard the edit: no question on close. */
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  ms_test_app_start (&argc, &argv, "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", NULL);

  g_test_add_func ("/window-terrain/blueprint", test_blueprint);
  g_test_add_func ("/window-terrain/zone", test_zone);
  return ms_test_app_run ();
}
