/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window's map and panels in a real display (app/ms-window.c):
 * the demo at start and the hover inspector's text for known pixels, a
 * screenshot of the map matching the CPU renderer, pan and zoom with the
 * real pointer, the layer rows, the sidebar and minimap, the legend and
 * the shortcuts window.
 */
#include "config.h"

#include <math.h>
#include <gtk/gtk.h>

#include "ms-blueprint-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-minimap.h"
#include "ms-settings.h"
#include "ms-test-display.h"
#include "ms-test-window.h"

static MsApplication *app;

static void
test_demo_and_inspector (void)
{
  MsWindow *window = ms_test_window_new ();
  g_autofree char *text = NULL;
  g_autofree char *height = NULL;
  MsBlueprint *bp;
  float h;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Demo Map — Mapsmith");
  bp = ms_window_get_blueprint (window);
  g_assert_nonnull (bp);
  g_assert_cmpuint (ms_blueprint_get_map_size (bp), ==, MS_DEMO_BLUEPRINT_DEFAULT_SIZE);

  /* The crater lake's centre: impact centre from PRMS. */
  {
    const MsBlueprintParams *p = ms_blueprint_get_params (bp);
    guint cx = (guint) p->impact_center_x, cy = (guint) p->impact_center_y;
    g_autofree char *where = g_strdup_printf ("x %u, y %u (X outer, Y inner)", cx, cy);

    text = ms_window_describe_pixel (window, cx, cy);
    g_assert_true (g_str_has_prefix (text, where));
    g_assert_nonnull (strstr (text, "Lake"));
    g_assert_nonnull (strstr (text, "lake 2"));
    g_assert_nonnull (strstr (text, "fresh"));
    /* WSRF 4916 decodes to (4916 - 1) / 32768 = 0.14999. */
    g_assert_nonnull (strstr (text, "surface 0.1500 raw"));
    h = ms_blueprint_get_height (bp, cx, cy);
    height = g_strdup_printf ("height %.4f raw = %.1f m", h, h * 251.0);
    g_assert_nonnull (strstr (text, height));
    g_clear_pointer (&text, g_free);
  }

  /* A corner of the map is open sea. */
  text = ms_window_describe_pixel (window, 0, 0);
  g_assert_nonnull (strstr (text, "Ocean"));
  g_assert_nonnull (strstr (text, "ocean (body 1), salt"));
  g_assert_nonnull (strstr (text, "nearest town: "));
  g_assert_null (ms_window_describe_pixel (window, 512, 0));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_screenshot_matches_cpu (void)
{
  MsWindow *window = ms_test_window_new ();
  MsMapView *view;
  MsViewport *viewport;
  g_autofree guint32 *shown = NULL;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *cpu;
  int width, height;
  double x0, y0;
  guint bad;
  MsRect region;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);

  view = ms_window_get_map_view (window);
  viewport = ms_map_view_get_viewport (view);
  width = gtk_widget_get_width (GTK_WIDGET (view));
  height = gtk_widget_get_height (GTK_WIDGET (view));
  g_assert_cmpint (width, >=, 256);
  g_assert_cmpint (height, >=, 256);

  /* Pan and zoom the way the keys do, then settle on one screen pixel per
   * map pixel with the map's top-left pixel at a whole screen pixel. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.pan", "(ii)", 40, -30));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.zoom-actual", NULL));
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), ==, 1.0);
  ms_viewport_set_centre (viewport, 256 + (width % 2) * 0.5, 256 + (height % 2) * 0.5);
  ms_test_window_settle (window);

  ms_viewport_screen_to_map (viewport, 0, 0, &x0, &y0);
  g_assert_cmpfloat (x0, ==, floor (x0));
  shown = ms_test_capture (GTK_WIDGET (view), width, height);

  /* The map part of the screen, against the CPU image of that region. */
  region.x = (guint) MAX (x0, 0);
  region.y = (guint) MAX (y0, 0);
  region.width = (guint) MIN (512.0, x0 + width) - region.x;
  region.height = (guint) MIN (512.0, y0 + height) - region.y;
  cpu = ms_render_blueprint (ms_window_get_blueprint (window), ms_map_view_get_style (view), &region, 0, NULL, &error);
  g_assert_no_error (error);
  bad = ms_test_count_unlike (cpu, region.width, region.height, shown, width, (int) (region.x - x0),
                              (int) (region.y - y0), 2);
  cairo_surface_destroy (cpu);
  g_assert_cmpuint (bad, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_pointer_pan_and_zoom (void)
{
  MsWindow *window = ms_test_window_new ();
  MsMapView *view;
  MsViewport *viewport;
  g_autofree char *window_id = NULL;
  double at_x, at_y, before_x, before_y, after_x, after_y, cx0, cy0, cx1, cy1, zoom;
  char x[32], y[32], x2[32], y2[32];

  ms_window_open_demo (window);
  gtk_window_set_title (GTK_WINDOW (window), "pointer-test");
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);
  gtk_window_set_title (GTK_WINDOW (window), "pointer-test");
  ms_test_run_for (200);

  window_id = ms_test_x_window_id ("pointer-test");

  view = ms_window_get_map_view (window);
  viewport = ms_map_view_get_viewport (view);
  ms_test_widget_to_surface (GTK_WIDGET (view), 150, 120, &at_x, &at_y);
  g_snprintf (x, sizeof x, "%d", (int) at_x);
  g_snprintf (y, sizeof y, "%d", (int) at_y);

  /* One wheel click up zooms in a step, around the pointer: the screen
   * point that kept its map point is where the pointer is. */
  zoom = ms_viewport_get_zoom (viewport);
  ms_viewport_get_centre (viewport, &before_x, &before_y);
  ms_test_xdotool ("mousemove", "--window", window_id, x, y, NULL);
  ms_test_run_for (200);
  ms_test_xdotool ("click", "4", NULL);
  ms_test_run_for (300);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), zoom * 1.25, 1e-9);
  ms_viewport_get_centre (viewport, &after_x, &after_y);
  {
    double z0 = zoom, z1 = zoom * 1.25;
    double fixed_x = ms_viewport_get_width (viewport) / 2 + (after_x - before_x) / (1 / z0 - 1 / z1);
    double fixed_y = ms_viewport_get_height (viewport) / 2 + (after_y - before_y) / (1 / z0 - 1 / z1);

    g_assert_cmpfloat_with_epsilon (fixed_x, 150, 1.5);
    g_assert_cmpfloat_with_epsilon (fixed_y, 120, 1.5);
  }

  /* A drag moves the map with the pointer. */
  ms_viewport_get_centre (viewport, &cx0, &cy0);
  zoom = ms_viewport_get_zoom (viewport);
  g_snprintf (x2, sizeof x2, "%d", (int) at_x + 60);
  g_snprintf (y2, sizeof y2, "%d", (int) at_y + 40);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  ms_test_xdotool ("mousemove", "--window", window_id, x2, y2, NULL);
  ms_test_run_for (200);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (200);
  ms_viewport_get_centre (viewport, &cx1, &cy1);
  g_assert_cmpfloat_with_epsilon (cx1, cx0 - 60 / zoom, 1.0 / zoom);
  g_assert_cmpfloat_with_epsilon (cy1, cy0 - 40 / zoom, 1.0 / zoom);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_layer_rows (void)
{
  MsWindow *window = ms_test_window_new ();
  GSettings *settings = ms_application_get_settings (app);
  MsMapView *view = ms_window_get_map_view (window);
  GtkWidget *check, *scale;
  MsLayerState stack[MS_N_STACK_LAYERS];

  g_settings_reset (settings, MS_SETTINGS_BIOME_VISIBLE);
  g_settings_reset (settings, MS_SETTINGS_BIOME_OPACITY);
  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);

  /* A row per layer, each with its check button and opacity scale. */
  for (guint i = 0; i < MS_N_STACK_LAYERS; i++)
    {
      g_autofree char *c = g_strdup_printf ("layer-%s-visible", ms_stack_layer_to_string (i));
      g_autofree char *o = g_strdup_printf ("layer-%s-opacity", ms_stack_layer_to_string (i));
      g_assert_true (GTK_IS_CHECK_BUTTON (ms_test_find_named (GTK_WIDGET (window), c)));
      g_assert_true (GTK_IS_SCALE (ms_test_find_named (GTK_WIDGET (window), o)));
    }

  check = ms_test_find_named (GTK_WIDGET (window), "layer-biome-visible");
  scale = ms_test_find_named (GTK_WIDGET (window), "layer-biome-opacity");
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  g_assert_false (gtk_widget_get_sensitive (scale));
  ms_blueprint_style_get_stack (ms_map_view_get_style (view), stack);
  g_assert_false (stack[MS_STACK_BIOME].visible);

  /* Activating the row's check button (what Space or a click does) shows
   * the layer in the view and persists. */
  g_assert_true (gtk_widget_activate (check));
  g_assert_true (g_settings_get_boolean (settings, MS_SETTINGS_BIOME_VISIBLE));
  ms_blueprint_style_get_stack (ms_map_view_get_style (view), stack);
  g_assert_true (stack[MS_STACK_BIOME].visible);
  g_assert_cmpfloat (stack[MS_STACK_BIOME].opacity, ==, 1.0f);
  g_assert_true (gtk_widget_get_sensitive (scale));

  gtk_range_set_value (GTK_RANGE (scale), 0.3);
  g_assert_cmpfloat_with_epsilon (g_settings_get_double (settings, MS_SETTINGS_BIOME_OPACITY), 0.3, 1e-9);
  ms_blueprint_style_get_stack (ms_map_view_get_style (view), stack);
  g_assert_cmpfloat_with_epsilon (stack[MS_STACK_BIOME].opacity, 0.3f, 1e-6);

  /* A preset sets the per-cell rows and leaves roads and towns alone. */
  g_settings_set_boolean (settings, MS_SETTINGS_SHOW_ROADS, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.layer-preset", "s", "water");
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  g_assert_false (g_settings_get_boolean (settings, MS_SETTINGS_HEIGHT_VISIBLE));
  g_assert_true (g_settings_get_boolean (settings, MS_SETTINGS_HILLSHADE_VISIBLE));
  g_assert_cmpfloat_with_epsilon (g_settings_get_double (settings, MS_SETTINGS_HILLSHADE_OPACITY), 0.35, 1e-6);
  g_assert_true (g_settings_get_boolean (settings, MS_SETTINGS_SHOW_ROADS));
  ms_blueprint_style_get_stack (ms_map_view_get_style (view), stack);
  g_assert_false (stack[MS_STACK_HEIGHT].visible);
  g_assert_true (stack[MS_STACK_ROADS].visible);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (ms_test_find_named (GTK_WIDGET (window),
                                                                         "layer-water-visible"))));

  /* Contours: off by default, their interval a spin button in their row
   * that the view follows; presets leave them as they are.  The hillshade
   * row's Multi lights the relief multidirectionally. */
  {
    GtkWidget *contours = ms_test_find_named (GTK_WIDGET (window), "layer-contours-visible");
    GtkWidget *interval = ms_test_find_named (GTK_WIDGET (window), "contour-interval");
    GtkWidget *multi = ms_test_find_named (GTK_WIDGET (window), "hillshade-multidirectional");

    g_assert_true (GTK_IS_SPIN_BUTTON (interval));
    g_assert_true (GTK_IS_CHECK_BUTTON (multi));
    g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (contours)));
    g_assert_false (gtk_widget_get_sensitive (interval));
    g_assert_cmpfloat (ms_map_view_get_style (view)->contour_interval, ==, 10.0f);
    g_assert_true (gtk_widget_activate (contours));
    g_assert_true (gtk_widget_get_sensitive (interval));
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (interval), 25.0);
    g_assert_cmpfloat (g_settings_get_double (settings, MS_SETTINGS_CONTOUR_INTERVAL), ==, 25.0);
    ms_blueprint_style_get_stack (ms_map_view_get_style (view), stack);
    g_assert_true (stack[MS_STACK_CONTOURS].visible);
    g_assert_cmpfloat (ms_map_view_get_style (view)->contour_interval, ==, 25.0f);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.layer-preset", "s", "composite");
    g_assert_true (g_settings_get_boolean (settings, MS_SETTINGS_CONTOURS_VISIBLE));

    g_assert_false (ms_map_view_get_style (view)->light.multidirectional);
    g_assert_true (gtk_widget_activate (multi));
    g_assert_true (g_settings_get_boolean (settings, MS_SETTINGS_HILLSHADE_MULTIDIRECTIONAL));
    g_assert_true (ms_map_view_get_style (view)->light.multidirectional);
    g_settings_reset (settings, MS_SETTINGS_CONTOUR_INTERVAL);
    g_settings_reset (settings, MS_SETTINGS_HILLSHADE_MULTIDIRECTIONAL);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  /* The other tests expect the default stack. */
  for (guint i = 0; i < MS_N_STACK_CELL_LAYERS; i++)
    {
      g_settings_reset (settings, ms_settings_layer_visible_key (i));
      g_settings_reset (settings, ms_settings_layer_opacity_key (i));
    }
}

/* Every section of the shortcuts window has a title (its drop-down shows
 * it), and Esc cancelling a load is listed. */
static void
test_help_overlay (void)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/mapsmith/Mapsmith/gtk/help-overlay.ui");
  GtkWidget *overlay = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
  guint sections = 0, escape_load = 0, sidebar = 0, brush = 0;

  g_assert_nonnull (overlay);
  for (GtkWidget *s = gtk_widget_get_first_child (overlay); s != NULL; s = gtk_widget_get_next_sibling (s))
    {
      GtkWidget *section = ms_test_find_type (s, GTK_TYPE_SHORTCUTS_SECTION);
      g_autofree char *title = NULL;

      if (section == NULL)
        continue;
      for (GtkWidget *x = section; x != NULL; x = gtk_widget_get_next_sibling (x))
        if (GTK_IS_SHORTCUTS_SECTION (x))
          {
            g_clear_pointer (&title, g_free);
            g_object_get (x, "title", &title, NULL);
            g_assert_nonnull (title);
            g_assert_cmpstr (title, !=, "");
            sections++;
          }
      break;
    }
  g_assert_cmpuint (sections, ==, 2);
  for (GSList *l = gtk_builder_get_objects (builder), *o = l; o != NULL || (g_slist_free (l), FALSE); o = o->next)
    if (GTK_IS_SHORTCUTS_SHORTCUT (o->data))
      {
        g_autofree char *title = NULL, *accel = NULL;

        g_object_get (o->data, "title", &title, "accelerator", &accel, NULL);
        if (g_strcmp0 (accel, "Escape") == 0 && strstr (title, "loading") != NULL)
          escape_load++;
        if (g_strcmp0 (accel, "F9") == 0 && strstr (title, "sidebar") != NULL)
          sidebar++;
        /* Ctrl+scroll drawn as a Ctrl key cap (the wheel in words), not
         * as a gesture with no picture. */
        if (strstr (title, "Resize the brush") != NULL)
          {
            GtkShortcutType type;
            GdkModifierType mods = 0;
            guint key = G_MAXUINT;

            g_object_get (o->data, "shortcut-type", &type, NULL);
            g_assert_cmpint (type, ==, GTK_SHORTCUT_ACCELERATOR);
            g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
            g_assert_cmpuint (mods, ==, GDK_CONTROL_MASK);
            g_assert_cmpuint (key, ==, 0);
            brush++;
          }
      }
  g_assert_cmpuint (escape_load, ==, 1);
  g_assert_cmpuint (sidebar, ==, 1);
  g_assert_cmpuint (brush, ==, 1);
  gtk_window_destroy (GTK_WINDOW (overlay));
}

static gboolean
sidebar_width_changed (gpointer data)
{
  GSettings *settings = ms_application_get_settings (app);
  return g_settings_get_int (settings, MS_SETTINGS_SIDEBAR_WIDTH) != GPOINTER_TO_INT (data);
}

static gboolean
sidebar_hidden (gpointer data)
{
  MsWindow *window = data;
  GtkWidget *check = ms_test_find_named (GTK_WIDGET (window), "layer-height-visible");
  return !gtk_widget_get_mapped (check);
}

/* The sidebar: its handle drags it wider (remembered), F9 and the action
 * hide and show it; the minimap has its own switch, and shrinks, then
 * goes, in a small window. */
static void
test_sidebar_and_minimap (void)
{
  GSettings *settings = ms_application_get_settings (app);
  MsWindow *window = ms_test_window_new ();
  GtkWidget *view, *check, *minimap, *paned;
  g_autofree char *window_id = NULL;
  double hx, hy;
  int width, map_width;
  char x[32], y[32], x2[32];

  g_settings_reset (settings, MS_SETTINGS_SIDEBAR_WIDTH);
  g_settings_reset (settings, MS_SETTINGS_SIDEBAR_VISIBLE);
  g_settings_reset (settings, MS_SETTINGS_MINIMAP_VISIBLE);
  ms_window_open_demo (window);
  gtk_window_set_title (GTK_WINDOW (window), "sidebar-test");
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);
  gtk_window_set_title (GTK_WINDOW (window), "sidebar-test");
  ms_test_run_for (200);
  window_id = ms_test_x_window_id ("sidebar-test");
  view = GTK_WIDGET (ms_window_get_map_view (window));
  check = ms_test_find_named (GTK_WIDGET (window), "layer-height-visible");
  g_assert_true (gtk_widget_get_mapped (check));

  /* Drag the handle between the sidebar and the map 100 px right: the
   * side-by-side paned round the map (the one above it and the profile
   * is vertical). */
  paned = gtk_widget_get_ancestor (view, GTK_TYPE_PANED);
  while (paned != NULL && gtk_orientable_get_orientation (GTK_ORIENTABLE (paned)) != GTK_ORIENTATION_HORIZONTAL)
    paned = gtk_widget_get_ancestor (gtk_widget_get_parent (paned), GTK_TYPE_PANED);
  g_assert_nonnull (paned);
  width = gtk_paned_get_position (GTK_PANED (paned));
  g_assert_cmpint (width, ==, g_settings_get_int (settings, MS_SETTINGS_SIDEBAR_WIDTH));
  map_width = gtk_widget_get_width (view);
  /* The handle is the line just after the sidebar. */
  ms_test_widget_to_surface (paned, width + 0.5, gtk_widget_get_height (paned) / 2.0, &hx, &hy);
  g_snprintf (x, sizeof x, "%d", (int) round (hx));
  g_snprintf (y, sizeof y, "%d", (int) hy);
  g_snprintf (x2, sizeof x2, "%d", (int) round (hx) + 100);
  ms_test_xdotool ("mousemove", "--window", window_id, x, y, NULL);
  ms_test_run_for (150);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  ms_test_xdotool ("mousemove", "--window", window_id, x2, y, NULL);
  ms_test_run_for (200);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_iterate_until_within (5, sidebar_width_changed, GINT_TO_POINTER (width), "the sidebar to widen");
  ms_test_run_for (100);
  /* GtkPaned takes the start of the handle's wider grab area as the point
   * dragged, so a drag from its middle lands a few pixels short. */
  g_assert_cmpint (ABS (g_settings_get_int (settings, MS_SETTINGS_SIDEBAR_WIDTH) - (width + 100)), <=, 8);
  g_assert_cmpint (gtk_paned_get_position (GTK_PANED (paned)), ==,
                   g_settings_get_int (settings, MS_SETTINGS_SIDEBAR_WIDTH));
  g_assert_cmpint (ABS (gtk_widget_get_width (view) - (map_width - 100)), <=, 8);

  /* F9 hides it (a real key press), the map takes the room; the action
   * shows it again. */
  ms_test_xdotool ("windowfocus", "--sync", window_id, NULL);
  ms_test_xdotool ("key", "--window", window_id, "F9", NULL);
  ms_test_iterate_until_within (5, sidebar_hidden, window, "F9 to hide the sidebar");
  g_assert_false (g_settings_get_boolean (settings, MS_SETTINGS_SIDEBAR_VISIBLE));
  ms_test_run_for (200);
  g_assert_cmpint (gtk_widget_get_width (view), >, map_width + 100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.sidebar-visible", NULL));
  g_assert_true (g_settings_get_boolean (settings, MS_SETTINGS_SIDEBAR_VISIBLE));
  ms_test_run_for (200);
  g_assert_true (gtk_widget_get_mapped (check));

  /* The minimap: at most a quarter of the map's shorter side. */
  minimap = ms_test_find_type (GTK_WIDGET (window), MS_TYPE_MINIMAP);
  g_assert_nonnull (minimap);
  g_assert_true (ms_window_minimap_is_shown (window));
  g_assert_cmpint (gtk_widget_get_width (minimap), <=,
                   MIN (gtk_widget_get_width (view), gtk_widget_get_height (view)) / 4 + 1);
  g_assert_cmpint (gtk_widget_get_width (minimap), >, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.minimap-visible", NULL));
  g_assert_false (g_settings_get_boolean (settings, MS_SETTINGS_MINIMAP_VISIBLE));
  g_assert_false (ms_window_minimap_is_shown (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.minimap-visible", NULL));
  g_assert_true (ms_window_minimap_is_shown (window));

  /* A window so small that the smallest minimap would cover a third of
   * the map: none. */
  gtk_window_set_default_size (GTK_WINDOW (window), 560, 360);
  ms_test_run_for (500);
  g_assert_cmpint (MIN (gtk_widget_get_width (view), gtk_widget_get_height (view)), <, 4 * 64);
  g_assert_false (ms_window_minimap_is_shown (window));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, MS_SETTINGS_SIDEBAR_WIDTH);
  g_settings_reset (settings, MS_SETTINGS_SIDEBAR_VISIBLE);
  g_settings_reset (settings, MS_SETTINGS_MINIMAP_VISIBLE);
}

/* The centre pixel of @widget as drawn, 0xAARRGGBB (opaque). */
static guint32
drawn_centre (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autofree guint32 *pixels = NULL;

  g_assert_cmpint (width, >=, 8);
  g_assert_cmpint (height, >=, 8);
  pixels = ms_test_capture (widget, width, height);
  return pixels[(height / 2) * width + width / 2];
}

static const char *
entry_text (GtkWidget *row)
{
  GtkWidget *label = ms_test_find_type (row, GTK_TYPE_LABEL);

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* Issue #36, points 8 and 14: the legend under the layers.  With layers
 * that read heights it has "No data" in magenta (#ff00ff, the renderers'
 * colour for a NaN height); with the Biome preset, every biome of
 * data/default.profile, its name and colour as that file gives them. */
static void
test_legend (void)
{
  static const struct { const char *name; guint32 rgb; } biomes[] = {
    { "Ocean", 0x1d4f7a }, { "Lake", 0x3b82b8 }, { "Beach", 0xe8d8a0 }, { "Dirt", 0x9c7a54 },
    { "Grassland", 0x8db360 }, { "Forest", 0x3f7a3a }, { "Swamp", 0x5b6e45 }, { "Desert", 0xe0b872 },
    { "Badlands", 0xc9733f }, { "Rock", 0x8a8580 }, { "Snow", 0xf2f4f7 }, { "Crater", 0x5a4a44 },
  };
  MsWindow *window = ms_test_window_new ();
  GSettings *settings = ms_application_get_settings (app);
  GtkWidget *root = GTK_WIDGET (window), *no_data;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);

  /* The default, composite: height and hillshade, no biome. */
  no_data = ms_test_get_named (root, "legend-no-data");
  g_assert_true (gtk_widget_get_mapped (ms_test_get_named (root, "map-legend")));
  g_assert_true (gtk_widget_get_mapped (no_data));
  g_assert_cmpstr (entry_text (no_data), ==, "No data");
  g_assert_cmphex (drawn_centre (ms_test_get_named (root, "legend-no-data-swatch")), ==, 0xffff00ffu);
  g_assert_false (gtk_widget_get_mapped (ms_test_get_named (root, "legend-biomes")));

  gtk_widget_activate_action (root, "win.layer-preset", "s", "biome");
  ms_test_run_for (300);
  g_assert_true (gtk_widget_get_mapped (ms_test_get_named (root, "legend-biomes")));
  /* The biome layer alone reads no height: no hole shows. */
  g_assert_false (gtk_widget_get_mapped (no_data));
  for (guint i = 0; i < G_N_ELEMENTS (biomes); i++)
    {
      g_autofree char *name = g_strdup_printf ("legend-biome-%u", i);
      g_autofree char *swatch = g_strdup_printf ("legend-biome-%u-swatch", i);
      GtkWidget *row = ms_test_get_named (root, "%s", name);

      g_assert_true (gtk_widget_get_mapped (row));
      g_assert_cmpstr (entry_text (row), ==, biomes[i].name);
      g_assert_cmphex (drawn_centre (ms_test_get_named (root, "%s", swatch)), ==, 0xff000000u | biomes[i].rgb);
    }
  g_assert_null (ms_test_find_named (root, "legend-biome-12"));
  ms_test_screenshot ("window-legend-biome.png", 300);

  /* Height alone: the hole again, the biomes gone. */
  gtk_widget_activate_action (root, "win.layer-preset", "s", "height");
  ms_test_run_for (300);
  g_assert_true (gtk_widget_get_mapped (no_data));
  g_assert_false (gtk_widget_get_mapped (ms_test_get_named (root, "legend-biomes")));
  g_assert_false (gtk_widget_get_mapped (ms_test_get_named (root, "legend-slope")));

  /* The Slope row shows the layer in the view, and the legend its ramp:
   * each stop's degrees and colour (ms-colour.c's slope stops as bytes). */
  {
    static const struct { const char *text; guint32 rgb; } stops[] = {
      { "0°", 0xf7f6ec }, { "5°", 0xfdea9f }, { "15°", 0xfda94f }, { "30°", 0xd13c24 },
      { "45° and steeper", 0x6d0a0e },
    };
    MsLayerState stack[MS_N_STACK_LAYERS];

    g_assert_true (gtk_widget_activate (ms_test_get_named (root, "layer-slope-visible")));
    ms_test_run_for (300);
    g_assert_true (g_settings_get_boolean (settings, MS_SETTINGS_SLOPE_VISIBLE));
    ms_blueprint_style_get_stack (ms_map_view_get_style (ms_window_get_map_view (window)), stack);
    g_assert_true (stack[MS_STACK_SLOPE].visible);
    g_assert_true (gtk_widget_get_mapped (ms_test_get_named (root, "legend-slope")));
    for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
      {
        GtkWidget *row = ms_test_get_named (root, "legend-slope-%u", i);

        g_assert_true (gtk_widget_get_mapped (row));
        g_assert_cmpstr (entry_text (row), ==, stops[i].text);
        g_assert_cmphex (drawn_centre (ms_test_get_named (root, "legend-slope-%u-swatch", i)), ==,
                         0xff000000u | stops[i].rgb);
      }
    g_assert_null (ms_test_find_named (root, "legend-slope-5"));
    ms_test_screenshot ("window-legend-slope.png", 300);
    g_assert_true (gtk_widget_activate (ms_test_get_named (root, "layer-slope-visible")));
    ms_test_run_for (300);
    g_assert_false (gtk_widget_get_mapped (ms_test_get_named (root, "legend-slope")));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  for (guint i = 0; i < MS_N_STACK_CELL_LAYERS; i++)
    {
      g_settings_reset (settings, ms_settings_layer_visible_key (i));
      g_settings_reset (settings, ms_settings_layer_opacity_key (i));
    }
}

int
main (int argc, char **argv)
{
  app = ms_test_window_start (&argc, &argv);
  g_test_add_func ("/window/demo-and-inspector", test_demo_and_inspector);
  g_test_add_func ("/window/screenshot-matches-cpu", test_screenshot_matches_cpu);
  g_test_add_func ("/window/pointer-pan-and-zoom", test_pointer_pan_and_zoom);
  g_test_add_func ("/window/layer-rows", test_layer_rows);
  g_test_add_func ("/window/help-overlay", test_help_overlay);
  g_test_add_func ("/window/sidebar-and-minimap", test_sidebar_and_minimap);
  g_test_add_func ("/window/legend", test_legend);
  return ms_test_app_run ();
}
