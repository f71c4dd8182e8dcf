/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window in a real display: the demo at start, the hover
 * inspector's text for known pixels, a screenshot of the map matching the
 * CPU renderer, opening files off the main thread, errors and cancelling.
 */
#include "config.h"

#include <fcntl.h>
#include <math.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "ms-application.h"
#include "ms-blueprint-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-settings.h"
#include "ms-test-display.h"
#include "ms-findings-list.h"
#include "ms-minimap.h"
#include "ms-road-list.h"
#include "ms-scale-bar.h"
#include "ms-town-list.h"
#include "ms-water-body-list.h"
#include "ms-window.h"
#include "ms-demo-zone.h"
#include "ms-recovery-dialog.h"
#include "ms-zone-edit.h"
#include "ms-zone-journal.h"
#include "ms-zone-window.h"

static MsApplication *app;

static gboolean
tiles_done (gpointer data)
{
  MsWindow *window = data;
  MsMapView *view = ms_window_get_map_view (window);

  /* Mapped is not yet allocated: until the view has a size it has no
   * tiles to wait for, and its first size refits the map. */
  return gtk_widget_get_mapped (GTK_WIDGET (view)) && !ms_window_is_loading (window) &&
         ms_viewport_get_width (ms_map_view_get_viewport (view)) > 1 &&
         ms_tile_view_get_n_pending (MS_TILE_VIEW (view)) == 0;
}

static gboolean
not_loading (gpointer data)
{
  return !ms_window_is_loading (data);
}

static void
settle (MsWindow *window)
{
  ms_test_settle (tiles_done, window, 300, "the map to draw");
}

/* A demo blueprint of @size² from @seed written to @path; its bytes. */
static GBytes *
write_demo (const char *path,
            guint       size,
            gint32      seed)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = ms_demo_blueprint_generate (size, seed, &error);

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  return bytes;
}

static MsWindow *
new_window (void)
{
  GSettings *settings = ms_application_get_settings (app);
  MsWindow *window;

  g_settings_set_boolean (settings, MS_SETTINGS_SHOW_TOWNS, FALSE);
  g_settings_set_boolean (settings, MS_SETTINGS_SHOW_ROADS, FALSE);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_WIDTH, 1000);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_HEIGHT, 700);
  window = ms_window_new (GTK_APPLICATION (app));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  return window;
}

/* What the map view's pyramid held as the window set the map. */
typedef struct
{
  gboolean set;
  gboolean top_cached;
  guint    n_cached;
} OverviewSeen;

static void
note_overview (MsMapView    *view,
               GParamSpec   *pspec,
               OverviewSeen *seen)
{
  MsBlueprintPyramid *pyramid = ms_map_view_get_pyramid (view);
  g_autoptr(MsBlueprintTile) top = NULL;
  MsTileKey key = { 0, 0, 0 };

  if (pyramid == NULL)
    return;
  key.level = ms_blueprint_pyramid_get_top_level (pyramid);
  top = ms_blueprint_pyramid_lookup (pyramid, &key);
  seen->set = TRUE;
  seen->top_cached = top != NULL;
  seen->n_cached = ms_blueprint_pyramid_get_cached_tiles (pyramid);
}

/* A file opens with its first picture made: the loader makes the map
 * view's top tile, and with it the two levels under it (1024²: levels
 * 0 to 2, 16 + 4 + 1 tiles), before the window sets the map.  Without
 * that, the view would only then ask for the top, on a worker. */
static void
test_file_opens_with_overview (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_11.dat", NULL);
  g_autoptr(GBytes) bytes = write_demo (path, 1024, 11);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  OverviewSeen seen = { FALSE, };
  MsWindow *window = new_window ();

  g_signal_connect (ms_window_get_map_view (window), "notify::blueprint", G_CALLBACK (note_overview), &seen);
  gtk_window_present (GTK_WINDOW (window));
  ms_window_open_file (window, file);
  ms_test_iterate_until (not_loading, window, "the file to open");
  g_assert_true (seen.set);
  g_assert_true (seen.top_cached);
  g_assert_cmpuint (seen.n_cached, ==, 21);
  settle (window);

  g_signal_handlers_disconnect_by_data (ms_window_get_map_view (window), &seen);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_demo_and_inspector (void)
{
  MsWindow *window = new_window ();
  g_autofree char *text = NULL;
  g_autofree char *height = NULL;
  MsBlueprint *bp;
  float h;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  settle (window);

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
  MsWindow *window = new_window ();
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
  settle (window);

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
  settle (window);

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
test_open_file_and_errors (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *good = g_build_filename (dir, "MapData_Seed_9.dat", NULL);
  g_autofree char *bad = g_build_filename (dir, "broken.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) good_file = NULL;
  g_autoptr(GFile) bad_file = NULL;
  g_autoptr(GtkRecentInfo) recent = NULL;
  g_autofree char *uri = NULL;
  MsWindow *window = new_window ();
  MsBlueprint *demo;

  bytes = write_demo (good, 256, 9);
  g_assert_true (g_file_set_contents (bad, g_bytes_get_data (bytes, NULL), 1000, NULL));
  good_file = g_file_new_for_path (good);
  bad_file = g_file_new_for_path (bad);

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  demo = ms_window_get_blueprint (window);

  /* Cancelled: nothing changes. */
  ms_window_open_file (window, good_file);
  g_assert_true (ms_window_is_loading (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-load", NULL));
  g_assert_false (ms_window_is_loading (window));
  g_assert_true (ms_window_get_blueprint (window) == demo);

  ms_window_open_file (window, good_file);
  ms_test_iterate_until (not_loading, window, "the file to open");
  g_assert_cmpuint (ms_blueprint_get_map_size (ms_window_get_blueprint (window)), ==, 256);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "MapData_Seed_9.dat — Mapsmith");
  /* In the desktop's recent files (a private XDG_DATA_HOME here), as ours. */
  uri = g_file_get_uri (good_file);
  recent = gtk_recent_manager_lookup_item (gtk_recent_manager_get_default (), uri, NULL);
  g_assert_nonnull (recent);
  g_assert_true (gtk_recent_info_has_application (recent, g_get_application_name ()));
  g_assert_null (ms_window_get_error (window));
  /* Open Recent names the file, its underscores doubled (not mnemonics). */
  {
    g_autofree char *label = NULL;

    g_assert_true (g_menu_model_get_item_attribute (ms_window_get_recent_menu (window), 0,
                                                    G_MENU_ATTRIBUTE_LABEL, "s", &label));
    g_assert_cmpstr (label, ==, "MapData__Seed__9.dat");
  }

  /* A broken file: a banner naming the file and where it breaks; the map
   * that was open stays. */
  ms_window_open_file (window, bad_file);
  ms_test_iterate_until (not_loading, window, "the broken file");
  g_assert_nonnull (ms_window_get_error (window));
  g_assert_nonnull (strstr (ms_window_get_error (window), "broken.dat"));
  g_assert_nonnull (strstr (ms_window_get_error (window), "offset"));
  g_assert_cmpuint (ms_blueprint_get_map_size (ms_window_get_blueprint (window)), ==, 256);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-error", NULL));
  g_assert_null (ms_window_get_error (window));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static void
test_pointer_pan_and_zoom (void)
{
  MsWindow *window = new_window ();
  MsMapView *view;
  MsViewport *viewport;
  g_autofree char *window_id = NULL;
  double at_x, at_y, before_x, before_y, after_x, after_y, cx0, cy0, cx1, cy1, zoom;
  char x[32], y[32], x2[32], y2[32];

  ms_window_open_demo (window);
  gtk_window_set_title (GTK_WINDOW (window), "pointer-test");
  gtk_window_present (GTK_WINDOW (window));
  settle (window);
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

static gboolean
water_list_ready (gpointer data)
{
  return !ms_water_body_list_is_loading (data);
}

static gboolean
has_findings (gpointer data)
{
  return !ms_window_is_auditing (data);
}

/* The audit, the water table and the minimap each read the whole map: on
 * screen they wait until the map view has drawn the map whole (or, should
 * that never happen, 5 s), and never take the cores from its tiles.  In a
 * window not on screen they start with the map. */
static void
test_analysis_after_picture (void)
{
  MsWindow *window = new_window ();
  MsMapView *view = ms_window_get_map_view (window);
  MsMinimap *minimap = MS_MINIMAP (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_MINIMAP));
  MsWaterBodyList *list = MS_WATER_BODY_LIST (ms_window_get_water_list (window));
  gint64 opened, deadline;

  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_widget_mapped, window, "the window on screen");
  ms_window_open_demo (window);
  opened = g_get_monotonic_time ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  deadline = opened + 60 * G_USEC_PER_SEC;
  g_assert_nonnull (ms_window_get_blueprint (window));
  g_assert_false (ms_tile_view_get_picture_complete (MS_TILE_VIEW (view)));

  /* Every turn of the main loop until the minimap gets the map. */
  while (ms_minimap_get_blueprint (minimap) == NULL)
    {
      g_assert_false (ms_water_body_list_is_loading (list));
      g_assert_cmpuint (g_list_model_get_n_items (ms_water_body_list_get_model (list)), ==, 0);
      g_assert_true (ms_window_is_auditing (window));
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_true (ms_minimap_get_blueprint (minimap) == ms_window_get_blueprint (window));
  /* Drawn whole by then, unless the 5 s fallback came first. */
  if (!ms_tile_view_get_picture_complete (MS_TILE_VIEW (view)))
    g_assert_cmpint (g_get_monotonic_time () - opened, >=, 5 * G_USEC_PER_SEC);
  g_assert_true (ms_water_body_list_is_loading (list));
  ms_test_iterate_until (water_list_ready, list, "the water table");
  g_assert_cmpuint (g_list_model_get_n_items (ms_water_body_list_get_model (list)), >, 0);
  ms_test_iterate_until (has_findings, window, "the audit");
  gtk_window_destroy (GTK_WINDOW (window));

  /* Not on screen: nothing to wait for. */
  window = new_window ();
  minimap = MS_MINIMAP (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_MINIMAP));
  list = MS_WATER_BODY_LIST (ms_window_get_water_list (window));
  ms_window_open_demo (window);
  g_assert_true (ms_minimap_get_blueprint (minimap) == ms_window_get_blueprint (window));
  g_assert_true (ms_water_body_list_is_loading (list));
  ms_test_iterate_until (has_findings, window, "the audit");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_water_table_zooms_to_body (void)
{
  MsWindow *window = new_window ();
  MsWaterBodyList *list;
  GListModel *model;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (MS_DEMO_BLUEPRINT_DEFAULT_SIZE,
                                                        MS_DEMO_BLUEPRINT_DEFAULT_SEED, &error);
  g_autoptr(GArray) sections = ms_test_walk_sections (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  const guint8 *wbid = (const guint8 *) g_bytes_get_data (bytes, NULL) + ms_test_find (sections, "WBID")->offset + 12;
  guint n = MS_DEMO_BLUEPRINT_DEFAULT_SIZE, x0 = G_MAXUINT, y0 = G_MAXUINT, x1 = 0, y1 = 0, lakes = 0;
  guint position = G_MAXUINT;
  guint64 pixels = 0;
  gboolean seen[65536] = { 0, };
  MsRect highlight;
  double cx, cy;

  /* The lake with id 2 and the number of bodies, from the raw WBID bytes. */
  for (guint x = 0; x < n; x++)
    for (guint y = 0; y < n; y++)
      {
        guint id = wbid[2 * ((gsize) x * n + y)] | wbid[2 * ((gsize) x * n + y) + 1] << 8;
        if (id != 0 && !seen[id])
          {
            seen[id] = TRUE;
            lakes += id >= 2;
          }
        if (id != 2)
          continue;
        x0 = MIN (x0, x); y0 = MIN (y0, y); x1 = MAX (x1, x); y1 = MAX (y1, y);
        pixels++;
      }
  g_assert_cmpuint (pixels, >, 0);

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  list = MS_WATER_BODY_LIST (ms_window_get_water_list (window));
  ms_test_iterate_until (water_list_ready, list, "the water table");
  model = ms_water_body_list_get_model (list);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1 + lakes);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(MsWaterBodyRow) row = g_list_model_get_item (model, i);
      if (ms_water_body_row_get_id (row) == 2)
        {
          g_assert_cmpuint (ms_water_body_row_get_bounds (row)->pixels, ==, pixels);
          position = i;
        }
    }
  g_assert_cmpuint (position, !=, G_MAXUINT);

  ms_water_body_list_select (list, position);
  g_assert_true (ms_map_view_get_highlight (ms_window_get_map_view (window), &highlight));
  g_assert_cmpuint (highlight.x, ==, x0);
  g_assert_cmpuint (highlight.y, ==, y0);
  g_assert_cmpuint (highlight.width, ==, x1 - x0 + 1);
  g_assert_cmpuint (highlight.height, ==, y1 - y0 + 1);
  ms_viewport_get_centre (ms_map_view_get_viewport (ms_window_get_map_view (window)), &cx, &cy);
  g_assert_cmpfloat_with_epsilon (cx, x0 + (x1 - x0 + 1) / 2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (cy, y0 + (y1 - y0 + 1) / 2.0, 1e-9);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* ------------------------------------------------------ towns and roads --- */

/* TOWN and the road sections read straight from the bytes, as the spec
 * lays them out, so the lists are checked against a second reader. */
typedef struct
{
  float  x, y;
  guint8 tier;
  guint8 highway_node;
} RawTown;

typedef struct
{
  guint   tier, index, n_points;
  double  length;
  guint   x0, y0, x1, y1;   /* pixel bounds, inclusive */
  float   first_x, first_y;
} RawPath;

/* Fields in the sections need not be 4-byte aligned: copy them out. */
static guint32
read_u32 (const guint8 *p)
{
  guint32 u;

  memcpy (&u, p, sizeof u);
  return GUINT32_FROM_LE (u);
}

static gint32
read_i32 (const guint8 *p)
{
  return (gint32) read_u32 (p);
}

static float
read_f32 (const guint8 *p)
{
  union { guint32 u; float f; } v = { read_u32 (p) };
  return v.f;
}

static GArray *
raw_towns (const guint8 *data, GArray *sections)
{
  const guint8 *p = data + ms_test_find (sections, "TOWN")->offset + 12;
  gint32 n = read_i32 (p);
  GArray *towns = g_array_new (FALSE, TRUE, sizeof (RawTown));

  p += 4;
  for (gint32 i = 0; i < n; i++, p += 10)
    {
      RawTown t = { read_f32 (p), read_f32 (p + 4), p[8], p[9] };
      g_array_append_val (towns, t);
    }
  return towns;
}

static GArray *
raw_paths (const guint8 *data, GArray *sections, guint map_size)
{
  static const char * const tags[] = { "RDHW", "RDBR", "RDRG", "RDTL" };
  GArray *paths = g_array_new (FALSE, TRUE, sizeof (RawPath));

  for (guint tier = 0; tier < G_N_ELEMENTS (tags); tier++)
    {
      const MsTestSection *section = ms_test_find (sections, tags[tier]);
      const guint8 *p;
      gint32 n_paths;

      if (section == NULL)
        continue;
      p = data + section->offset + 12;
      n_paths = read_i32 (p);
      p += 4;
      for (gint32 i = 0; i < n_paths; i++)
        {
          RawPath path = { tier, i, read_i32 (p), 0, G_MAXUINT, G_MAXUINT, 0, 0 };

          p += 4;
          path.first_x = read_f32 (p);
          path.first_y = read_f32 (p + 4);
          for (guint k = 0; k < path.n_points; k++, p += 8)
            {
              double x = read_f32 (p), y = read_f32 (p + 4);
              guint px = (guint) CLAMP (floor (x), 0, map_size - 1), py = (guint) CLAMP (floor (y), 0, map_size - 1);

              if (k > 0)
                path.length += hypot (x - read_f32 (p - 8), y - read_f32 (p - 4));
              path.x0 = MIN (path.x0, px);
              path.y0 = MIN (path.y0, py);
              path.x1 = MAX (path.x1, px);
              path.y1 = MAX (path.y1, py);
            }
          g_array_append_val (paths, path);
        }
    }
  return paths;
}

static gint
compare_float (gconstpointer a, gconstpointer b)
{
  float u = *(const float *) a, v = *(const float *) b;
  return u < v ? -1 : u > v;
}

static gint
compare_length_descending (gconstpointer a, gconstpointer b)
{
  double u = ((const RawPath *) a)->length, v = ((const RawPath *) b)->length;
  return u > v ? -1 : u < v;
}

/* The whole map rectangle [x0, x1) × [y0, y1) lies on screen. */
static void
assert_on_screen (MsViewport *viewport, double x0, double y0, double x1, double y1)
{
  double sx0, sy0, sx1, sy1;

  ms_viewport_map_to_screen (viewport, x0, y0, &sx0, &sy0);
  ms_viewport_map_to_screen (viewport, x1, y1, &sx1, &sy1);
  g_assert_cmpfloat (sx0, >=, -1e-6);
  g_assert_cmpfloat (sy0, >=, -1e-6);
  g_assert_cmpfloat (sx1, <=, ms_viewport_get_width (viewport) + 1e-6);
  g_assert_cmpfloat (sy1, <=, ms_viewport_get_height (viewport) + 1e-6);
}

static void
test_places_lists (void)
{
  MsWindow *window = new_window ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (MS_DEMO_BLUEPRINT_DEFAULT_SIZE,
                                                        MS_DEMO_BLUEPRINT_DEFAULT_SEED, &error);
  const guint8 *data = g_bytes_get_data (bytes, NULL);
  g_autoptr(GArray) sections = ms_test_walk_sections (data, g_bytes_get_size (bytes));
  const guint n = MS_DEMO_BLUEPRINT_DEFAULT_SIZE;
  g_autoptr(GArray) towns = raw_towns (data, sections);
  g_autoptr(GArray) paths = raw_paths (data, sections, n);
  g_autofree float *xs = NULL;
  MsTownList *town_list;
  MsRoadList *road_list;
  MsProfile *profile;
  GListModel *model;
  MsMapView *view;
  MsViewport *viewport;
  MsRect highlight;
  double cx, cy, mpp, zoom;
  guint last;

  g_assert_cmpuint (towns->len, >, 2);
  g_assert_cmpuint (paths->len, >, 2);

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  settle (window);
  view = ms_window_get_map_view (window);
  viewport = ms_map_view_get_viewport (view);
  town_list = MS_TOWN_LIST (ms_window_get_town_list (window));
  road_list = MS_ROAD_LIST (ms_window_get_road_list (window));
  profile = ms_blueprint_get_profile (ms_window_get_blueprint (window));

  /* One row per town, in file order until sorted. */
  model = ms_town_list_get_model (town_list);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, towns->len);
  for (guint i = 0; i < towns->len; i++)
    {
      g_autoptr(MsTownRow) row = g_list_model_get_item (model, i);
      const RawTown *t = &g_array_index (towns, RawTown, i);
      g_autofree char *tier = NULL;
      gboolean node;
      double x;

      g_object_get (row, "x", &x, "tier-name", &tier, "highway-node", &node, NULL);
      g_assert_cmpuint (ms_town_row_get_index (row), ==, i);
      g_assert_cmpfloat (x, ==, t->x);
      g_assert_cmpint (node, ==, t->highway_node);
      g_assert_cmpstr (tier, ==, ms_profile_get_label (profile, MS_PROFILE_TOWN_TIERS, t->tier));
    }

  /* Sorted by x: the raw x values, sorted independently. */
  xs = g_new (float, towns->len);
  for (guint i = 0; i < towns->len; i++)
    xs[i] = g_array_index (towns, RawTown, i).x;
  qsort (xs, towns->len, sizeof (float), compare_float);
  g_assert_true (ms_town_list_sort_by (town_list, "x", GTK_SORT_ASCENDING));
  g_assert_false (ms_town_list_sort_by (town_list, "no-such-column", GTK_SORT_ASCENDING));
  for (guint i = 0; i < towns->len; i++)
    {
      g_autoptr(MsTownRow) row = g_list_model_get_item (model, i);
      g_assert_cmpfloat (ms_town_row_get_town (row)->x, ==, xs[i]);
    }

  /* Pick the easternmost town: the view centres on its pixel, shows the
   * neighbourhood whole, and outlines that pixel. */
  last = towns->len - 1;
  {
    g_autoptr(MsTownRow) row = g_list_model_get_item (model, last);
    const RawTown *t = &g_array_index (towns, RawTown, ms_town_row_get_index (row));
    double px = floor (t->x), py = floor (t->y), side = 2 * MS_TOWN_LIST_NEIGHBOURHOOD + 1;

    g_assert_cmpfloat (t->x, ==, xs[last]);
    ms_town_list_select (town_list, last);
    g_assert_true (ms_map_view_get_highlight (view, &highlight));
    g_assert_cmpuint (highlight.x, ==, (guint) px);
    g_assert_cmpuint (highlight.y, ==, (guint) py);
    g_assert_cmpuint (highlight.width, ==, 1);
    g_assert_cmpuint (highlight.height, ==, 1);
    ms_viewport_get_centre (viewport, &cx, &cy);
    g_assert_cmpfloat_with_epsilon (cx, px + 0.5, 1e-9);
    g_assert_cmpfloat_with_epsilon (cy, py + 0.5, 1e-9);
    zoom = MIN (ms_viewport_get_width (viewport), ms_viewport_get_height (viewport)) / (side * 1.5);
    zoom = CLAMP (zoom, ms_viewport_get_min_zoom (viewport), ms_viewport_get_max_zoom (viewport));
    g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), zoom, 1e-9);
    assert_on_screen (viewport, px - MS_TOWN_LIST_NEIGHBOURHOOD, py - MS_TOWN_LIST_NEIGHBOURHOOD,
                      px + MS_TOWN_LIST_NEIGHBOURHOOD + 1, py + MS_TOWN_LIST_NEIGHBOURHOOD + 1);
  }

  /* One row per road path of every tier; metres at the scale bar's scale. */
  model = ms_road_list_get_model (road_list);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, paths->len);
  mpp = ms_road_list_get_metres_per_pixel (road_list);
  g_assert_cmpfloat (mpp, >, 0);
  g_assert_cmpfloat (mpp, ==, ms_scale_bar_metres_per_map_pixel_for (ms_window_get_blueprint (window),
                                                                     ms_map_view_get_style (view)));

  /* Longest first: the raw lengths, sorted independently. */
  g_array_sort (paths, compare_length_descending);
  g_assert_true (ms_road_list_sort_by (road_list, "length", GTK_SORT_DESCENDING));
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(MsRoadRow) row = g_list_model_get_item (model, i);
      const RawPath *path = &g_array_index (paths, RawPath, i);
      double metres;
      guint points;

      g_object_get (row, "metres", &metres, "points", &points, NULL);
      g_assert_cmpfloat_with_epsilon (ms_road_row_get_length (row), path->length, 1e-6 * path->length + 1e-9);
      g_assert_cmpfloat_with_epsilon (metres, path->length * mpp, 1e-6 * metres + 1e-9);
      if (i == 0)
        {
          g_assert_cmpuint (ms_road_row_get_tier (row), ==, path->tier);
          g_assert_cmpuint (ms_road_row_get_index (row), ==, path->index);
          g_assert_cmpuint (points, ==, path->n_points);
        }
    }

  /* Pick the longest path: its pixel bounds outlined and on screen, and
   * the path itself marked, starting at its first point. */
  {
    const RawPath *path = &g_array_index (paths, RawPath, 0);
    cairo_surface_t *marks;
    guint mx0, my0, fx = (guint) path->first_x, fy = (guint) path->first_y;

    ms_road_list_select (road_list, 0);
    g_assert_true (ms_map_view_get_highlight (view, &highlight));
    g_assert_cmpuint (highlight.x, ==, path->x0);
    g_assert_cmpuint (highlight.y, ==, path->y0);
    g_assert_cmpuint (highlight.width, ==, path->x1 - path->x0 + 1);
    g_assert_cmpuint (highlight.height, ==, path->y1 - path->y0 + 1);
    assert_on_screen (viewport, path->x0, path->y0, path->x1 + 1, path->y1 + 1);
    ms_viewport_get_centre (viewport, &cx, &cy);
    g_assert_cmpfloat_with_epsilon (cx, path->x0 + (path->x1 - path->x0 + 1) / 2.0, 1e-9);
    g_assert_cmpfloat_with_epsilon (cy, path->y0 + (path->y1 - path->y0 + 1) / 2.0, 1e-9);

    settle (window);
    marks = ms_map_view_get_marks_surface (view, &mx0, &my0);
    g_assert_nonnull (marks);
    cairo_surface_flush (marks);
    g_assert_cmpuint (fx, >=, mx0);
    g_assert_cmpuint (fy, >=, my0);
    g_assert_cmpuint (cairo_image_surface_get_data (marks)[(fy - my0) * cairo_image_surface_get_stride (marks) +
                                                          (fx - mx0)], !=, 0);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
audit_finished (gpointer data)
{
  return !ms_window_is_loading (data) && !ms_window_is_auditing (data);
}

static void
test_checks_show_findings (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_5.dat", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 5, &error);
  g_autoptr(GArray) sections = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree guint8 *data = NULL;
  MsWindow *window = new_window ();
  MsMapView *view;
  cairo_surface_t *marks;
  gsize length;
  guint x0 = 0, y0 = 0;
  MsRect highlight;

  /* Pixel (0, 0) is open sea (water id 1); give it a land biome (4). */
  data = g_bytes_unref_to_data (g_steal_pointer (&bytes), &length);
  sections = ms_test_walk_sections (data, length);
  g_assert_cmpuint (data[ms_test_find (sections, "WBID")->offset + 12], ==, 1);
  data[ms_test_find (sections, "BIOM")->offset + 12] = 4;
  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) length, NULL));
  file = g_file_new_for_path (path);

  ms_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (audit_finished, window, "the audit");
  g_assert_cmpuint (ms_findings_list_get_n_rows (MS_FINDINGS_LIST (ms_window_get_findings_list (window))), ==, 1);

  ms_findings_list_select (MS_FINDINGS_LIST (ms_window_get_findings_list (window)), 0);
  view = ms_window_get_map_view (window);
  g_assert_true (ms_map_view_get_highlight (view, &highlight));
  g_assert_cmpuint (highlight.x, ==, 0);
  g_assert_cmpuint (highlight.y, ==, 0);
  settle (window);

  /* Exactly the offending pixel is tinted. */
  marks = ms_map_view_get_marks_surface (view, &x0, &y0);
  g_assert_nonnull (marks);
  g_assert_cmpuint (x0, ==, 0);
  g_assert_cmpuint (y0, ==, 0);
  {
    const guint8 *m = cairo_image_surface_get_data (marks);
    int stride = cairo_image_surface_get_stride (marks);
    guint marked = 0;

    for (int j = 0; j < cairo_image_surface_get_height (marks); j++)
      for (int i = 0; i < cairo_image_surface_get_width (marks); i++)
        marked += m[(gsize) j * stride + i] != 0;
    g_assert_cmpuint (m[0], ==, 255);
    g_assert_cmpuint (marked, ==, 1);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static void
test_layer_rows (void)
{
  MsWindow *window = new_window ();
  GSettings *settings = ms_application_get_settings (app);
  MsMapView *view = ms_window_get_map_view (window);
  GtkWidget *check, *scale;
  MsLayerState stack[MS_N_STACK_LAYERS];

  g_settings_reset (settings, MS_SETTINGS_BIOME_VISIBLE);
  g_settings_reset (settings, MS_SETTINGS_BIOME_OPACITY);
  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  settle (window);

  /* Six rows, each with its check button and opacity scale. */
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

static gboolean
zone_window_open (gpointer data)
{
  for (GList *l = gtk_application_get_windows (data); l != NULL; l = l->next)
    if (MS_IS_ZONE_WINDOW (l->data) && gtk_widget_get_mapped (l->data))
      return TRUE;
  return FALSE;
}

static gboolean
revealer_settled (gpointer data)
{
  GtkRevealer *revealer = data;

  return gtk_revealer_get_child_revealed (revealer) == gtk_revealer_get_reveal_child (revealer);
}

/* Over the demo map a welcome banner leads to the zone painter; it goes
 * when a file is opened. */
static void
test_welcome (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_3.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GFile) file = NULL;
  MsWindow *window = new_window ();
  GtkWidget *demo_zone, *revealer;
  g_autofree char *old_demo = NULL;
  g_autofree char *new_demo = NULL;
  g_autofree char *old_file = NULL;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  demo_zone = ms_test_find_action_button (GTK_WIDGET (window), "app.open-demo-zone");
  g_assert_nonnull (demo_zone);
  revealer = gtk_widget_get_ancestor (demo_zone, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  ms_test_iterate_until (revealer_settled, revealer, "the welcome banner");
  g_assert_true (gtk_widget_is_drawable (demo_zone));
  g_assert_nonnull (ms_test_find_action_button (revealer, "app.open-zone-folder"));
  g_assert_nonnull (ms_test_find_action_button (revealer, "win.open"));

  /* Demo zones of earlier days are scratch: opening a new one removes
   * them, and leaves a recent one alone. */
  {
    g_autofree char *parent = g_build_filename (g_get_user_cache_dir (), "mapsmith", NULL);

    old_demo = g_build_filename (parent, "demo-zone-OLD123", NULL);
    new_demo = g_build_filename (parent, "demo-zone-NEW123", NULL);
    old_file = g_build_filename (old_demo, "control.0042.bin", NULL);
    g_assert_cmpint (g_mkdir_with_parents (old_demo, 0700), ==, 0);
    g_assert_cmpint (g_mkdir_with_parents (new_demo, 0700), ==, 0);
    g_assert_true (g_file_set_contents (old_file, "x", 1, NULL));
    {
      struct utimbuf two_days_ago = { time (NULL) - 2 * 24 * 3600, time (NULL) - 2 * 24 * 3600 };

      g_assert_cmpint (g_utime (old_demo, &two_days_ago), ==, 0);
    }
  }

  /* The demo zone opens in the painter. */
  g_assert_false (zone_window_open (app));
  g_assert_true (gtk_widget_activate (demo_zone));
  ms_test_iterate_until (zone_window_open, app, "the demo zone's window");
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MS_IS_ZONE_WINDOW (l->data))
      {
        MsZone *zone = ms_zone_window_get_zone (l->data);

        g_assert_nonnull (zone);
        g_assert_true (ms_zone_has_layer (zone, MS_ZONE_LAYER_CONTROL));
        g_assert_true (g_str_has_prefix (ms_zone_get_layer_path (zone, MS_ZONE_LAYER_CONTROL),
                                         g_get_user_cache_dir ()));
        gtk_window_destroy (l->data);
        break;
      }
  g_assert_false (g_file_test (old_demo, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (new_demo, G_FILE_TEST_IS_DIR));

  /* A real file replaces the demo, and the banner goes. */
  bytes = write_demo (path, 256, 3);
  file = g_file_new_for_path (path);
  ms_window_open_file (window, file);
  ms_test_iterate_until (not_loading, window, "the file to open");
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));

  /* Dismissed, it stays away even over the demo. */
  ms_window_open_demo (window);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-welcome", NULL));
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  ms_window_open_demo (window);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* After a crash the app offers the journalled zone edits when it starts;
 * Recover opens the painter with them applied (the app's own wiring). */
static void
test_crash_recovery (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *journal = NULL;
  g_autoptr(GError) error = NULL;
  MsZoneOp roaming = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_ROAMING, 0, 0.0 };
  g_autoptr(GList) before = NULL;
  MsRecoveryDialog *dialog = NULL;
  MsZoneWindow *painter = NULL;
  guint16 original[6][10];

  /* A session that painted Roaming on x 2..11, y 4..9 and died unsaved. */
  {
    g_autoptr(MsZone) zone = NULL;
    g_autoptr(MsZoneRegion) rect = ms_zone_region_new_rect (64, 64, 2, 4, 10, 6);

    g_assert_true (ms_demo_zone_write (dir, 5, 64, FALSE, &error));
    g_assert_no_error (error);
    zone = ms_zone_new_for_dir (dir, 5, 0, 0, NULL, &error);
    g_assert_no_error (error);
    for (guint y = 4; y < 10; y++)
      for (guint x = 2; x < 12; x++)
        original[y - 4][x - 2] = ms_zone_get_control (zone, x, y);
    g_assert_true (ms_zone_apply (zone, &roaming, rect, &error));
    journal = ms_zone_journal_default_path (zone);
    g_assert_true (g_str_has_prefix (journal, g_get_user_state_dir ()));
    g_assert_true (ms_zone_journal_write (zone, journal, NULL, &error));
    g_assert_no_error (error);
  }

  before = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));
  g_application_activate (G_APPLICATION (app));
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MS_IS_RECOVERY_DIALOG (l->data))
      dialog = l->data;
  g_assert_nonnull (dialog);
  g_assert_cmpuint (ms_recovery_dialog_get_journals (dialog)->len, ==, 1);

  g_signal_emit_by_name (dialog, "recover", journal, dir, 5u);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (MS_IS_ZONE_WINDOW (l->data))
      painter = l->data;
  g_assert_nonnull (painter);
  {
    MsZone *zone = ms_zone_window_get_zone (painter);

    g_assert_cmpuint (ms_zone_get_id (zone), ==, 5);
    g_assert_true (ms_zone_is_dirty (zone));
    for (guint y = 0; y < 64; y++)
      for (guint x = 0; x < 64; x++)
        if (x >= 2 && x < 12 && y >= 4 && y < 10)
          g_assert_cmpuint (ms_zone_get_control (zone, x, y), ==,
                            original[y - 4][x - 2] | MS_ZONE_CONTROL_ROAMING);
  }

  /* Everything activate and Recover opened goes again. */
  {
    g_autoptr(GList) now = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

    for (GList *l = now; l != NULL; l = l->next)
      if (g_list_find (before, l->data) == NULL)
        gtk_window_destroy (l->data);
  }
  ms_test_remove_tree (dir);
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

/* ------------------------------------------------------ issue 16 points --- */

static gboolean
not_exporting (gpointer data)
{
  return !ms_window_is_exporting (data);
}

static guint32
png_pixel (cairo_surface_t *png, int x, int y)
{
  cairo_surface_flush (png);
  return *(const guint32 *) (cairo_image_surface_get_data (png) + (gsize) y * cairo_image_surface_get_stride (png) +
                             (gsize) x * 4);
}

/* Does a GtkDropDown under @root list @label? */
static gboolean
drop_down_offers (GtkWidget  *root,
                  const char *label)
{
  if (GTK_IS_DROP_DOWN (root))
    {
      GListModel *items = gtk_drop_down_get_model (GTK_DROP_DOWN (root));

      for (guint i = 0; items != NULL && i < g_list_model_get_n_items (items); i++)
        {
          g_autoptr(GObject) item = g_list_model_get_item (items, i);

          if (GTK_IS_STRING_OBJECT (item) &&
              g_strcmp0 (gtk_string_object_get_string (GTK_STRING_OBJECT (item)), label) == 0)
            return TRUE;
        }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (drop_down_offers (c, label))
      return TRUE;
  return FALSE;
}

/* The map region in view, from its corners: [x0, x1) × [y0, y1) widened
 * to whole pixels. */
static void
region_in_view (MsViewport *viewport,
                guint      *rx,
                guint      *ry,
                guint      *rw,
                guint      *rh)
{
  double x0, y0, x1, y1;

  ms_viewport_screen_to_map (viewport, 0, 0, &x0, &y0);
  ms_viewport_screen_to_map (viewport, ms_viewport_get_width (viewport), ms_viewport_get_height (viewport),
                             &x1, &y1);
  g_assert_cmpfloat (x0, >, 0);
  g_assert_cmpfloat (y0, >, 0);
  g_assert_cmpfloat (x1, <, 512);
  g_assert_cmpfloat (y1, <, 512);
  *rx = (guint) floor (x0);
  *ry = (guint) floor (y0);
  *rw = (guint) ceil (x1) - *rx;
  *rh = (guint) ceil (y1) - *ry;
}

/* Export View, zoomed in: at screen resolution the view's size, with the
 * map pixels as the view shows them; at map resolution one pixel per map
 * pixel of the region in view; both confirmed with path and size. */
static void
test_export_view_sizes (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *screen_path = g_build_filename (dir, "screen.png", NULL);
  g_autofree char *map_path = g_build_filename (dir, "map.png", NULL);
  g_autoptr(GFile) screen_file = g_file_new_for_path (screen_path);
  g_autoptr(GFile) map_file = g_file_new_for_path (map_path);
  MsWindow *window = new_window ();
  MsViewport *viewport;
  cairo_surface_t *screen, *map;
  double vw, vh, sx, sy, cx, cy;
  guint rx, ry, rw, rh, px, py;
  g_autofree char *expected = NULL;
  GtkWidget *dismiss, *info_revealer;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  settle (window);
  viewport = ms_map_view_get_viewport (ms_window_get_map_view (window));
  for (guint i = 0; i < 12; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_window_get_map_view (window)), "map.zoom-in", NULL));
  settle (window);
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), >, 4.0);

  /* The map pixel at the middle of the view, and where the view shows
   * its centre, as the screen export will have them. */
  vw = ms_viewport_get_width (viewport);
  vh = ms_viewport_get_height (viewport);
  ms_viewport_get_centre (viewport, &cx, &cy);
  px = (guint) floor (cx);
  py = (guint) floor (cy);
  ms_viewport_map_to_screen (viewport, px + 0.5, py + 0.5, &sx, &sy);
  region_in_view (viewport, &rx, &ry, &rw, &rh);
  g_assert_cmpuint (rw, <, vw / 4);

  /* The action's dialog offers both sizes, named, the screen's first. */
  {
    GtkWidget *chooser = NULL;
    g_autofree char *title = NULL;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", "s", "view"));
    ms_test_run_for (200);
    for (guint i = 0; i < g_list_model_get_n_items (gtk_window_get_toplevels ()); i++)
      {
        g_autoptr(GObject) toplevel = g_list_model_get_item (gtk_window_get_toplevels (), i);

        if (GTK_IS_FILE_CHOOSER_DIALOG (toplevel))
          chooser = GTK_WIDGET (toplevel);
      }
    g_assert_nonnull (chooser);
    g_assert_cmpstr (gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "resolution"), ==, "screen");
    title = g_strdup_printf ("As on screen, %d × %d pixels", (int) round (vw), (int) round (vh));
    /* The choice is a drop-down of the labels. */
    g_assert_true (drop_down_offers (chooser, title));
    gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
    ms_test_run_for (100);
  }

  ms_window_export_png (window, "view", "screen", screen_file);
  g_assert_true (ms_window_is_exporting (window));
  ms_test_iterate_until (not_exporting, window, "the screen export");
  g_assert_null (ms_window_get_error (window));
  expected = g_strdup_printf ("Saved %s, %d × %d pixels", screen_path, (int) round (vw), (int) round (vh));
  g_assert_cmpstr (ms_window_get_info (window), ==, expected);
  g_clear_pointer (&expected, g_free);

  /* The confirmation is on screen, with its Dismiss; the banner takes
   * height from the view, so what is in view is worked out again. */
  dismiss = ms_test_find_action_button (GTK_WIDGET (window), "win.dismiss-info");
  g_assert_nonnull (dismiss);
  info_revealer = gtk_widget_get_ancestor (dismiss, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (info_revealer)));
  ms_test_iterate_until (revealer_settled, info_revealer, "the confirmation");
  settle (window);
  g_assert_true (gtk_widget_get_mapped (dismiss));

  screen = cairo_image_surface_create_from_png (screen_path);
  g_assert_cmpint (cairo_surface_status (screen), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (screen), ==, (int) round (vw));
  g_assert_cmpint (cairo_image_surface_get_height (screen), ==, (int) round (vh));

  region_in_view (viewport, &rx, &ry, &rw, &rh);
  g_assert_cmpuint (px, >=, rx);
  g_assert_cmpuint (py, >=, ry);
  g_assert_cmpuint (px, <, rx + rw);
  g_assert_cmpuint (py, <, ry + rh);
  ms_window_export_png (window, "view", "map", map_file);
  ms_test_iterate_until (not_exporting, window, "the map export");
  expected = g_strdup_printf ("Saved %s, %u × %u pixels", map_path, rw, rh);
  g_assert_cmpstr (ms_window_get_info (window), ==, expected);
  ms_test_screenshot ("window-exported.png", 300);

  map = cairo_image_surface_create_from_png (map_path);
  g_assert_cmpint (cairo_surface_status (map), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (map), ==, (int) rw);
  g_assert_cmpint (cairo_image_surface_get_height (map), ==, (int) rh);

  /* That map pixel, in both: the screen image shows it where the view did. */
  g_assert_cmphex (png_pixel (screen, (int) sx, (int) sy), ==, png_pixel (map, (int) (px - rx), (int) (py - ry)));
  /* The map export is the renderer's image of that region in the view's
   * style, every pixel (the export streams its rows to the file). */
  {
    MsRect region = { rx, ry, rw, rh };
    g_autoptr(GError) error = NULL;
    cairo_surface_t *rendered = ms_render_blueprint (ms_window_get_blueprint (window),
                                                     ms_map_view_get_style (ms_window_get_map_view (window)),
                                                     &region, MAX (rw, rh), NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpint (cairo_image_surface_get_width (rendered), ==, (int) rw);
    g_assert_cmpint (cairo_image_surface_get_height (rendered), ==, (int) rh);
    for (guint y = 0; y < rh; y++)
      for (guint x = 0; x < rw; x++)
        g_assert_cmphex (png_pixel (map, (int) x, (int) y) & 0xffffff, ==,
                         png_pixel (rendered, (int) x, (int) y) & 0xffffff);
    cairo_surface_destroy (rendered);
  }
  cairo_surface_destroy (screen);
  cairo_surface_destroy (map);

  /* Zoomed out past the map's size: still the view's size, the map in
   * its middle and the margins around it as the view draws them. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-info", NULL));
  g_assert_null (ms_window_get_info (window));
  ms_test_iterate_until (revealer_settled, info_revealer, "the confirmation to go");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.zoom-fit", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_window_get_map_view (window)), "map.zoom-out", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (ms_window_get_map_view (window)), "map.zoom-out", NULL));
  settle (window);
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), <, 1.0);
  vw = ms_viewport_get_width (viewport);
  vh = ms_viewport_get_height (viewport);
  ms_window_export_png (window, "view", "screen", screen_file);
  ms_test_iterate_until (not_exporting, window, "the zoomed-out export");
  screen = cairo_image_surface_create_from_png (screen_path);
  g_assert_cmpint (cairo_image_surface_get_width (screen), ==, (int) round (vw));
  g_assert_cmpint (cairo_image_surface_get_height (screen), ==, (int) round (vh));
  {
    g_autofree guint32 *shown = NULL;
    guint32 corner = png_pixel (screen, 0, 0), middle = png_pixel (screen, (int) (vw / 2), (int) (vh / 2));
    double mx, my;

    ms_viewport_map_to_screen (viewport, 0, 0, &mx, &my);

    g_assert_cmpfloat (mx, >, 2);
    g_assert_cmpfloat (my, >, 2);
    shown = ms_test_capture (GTK_WIDGET (ms_window_get_map_view (window)), (int) vw, (int) vh);
    for (guint c = 0; c < 24; c += 8)
      g_assert_cmpint (ABS ((int) ((corner >> c) & 0xff) - (int) ((shown[0] >> c) & 0xff)), <=, 2);
    /* The map's middle is land or water, not the background. */
    g_assert_cmphex (middle, !=, corner);
  }
  cairo_surface_destroy (screen);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
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
  MsWindow *window = new_window ();
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
  settle (window);
  gtk_window_set_title (GTK_WINDOW (window), "sidebar-test");
  ms_test_run_for (200);
  window_id = ms_test_x_window_id ("sidebar-test");
  view = GTK_WIDGET (ms_window_get_map_view (window));
  check = ms_test_find_named (GTK_WIDGET (window), "layer-height-visible");
  g_assert_true (gtk_widget_get_mapped (check));

  /* Drag the handle between the sidebar and the map 100 px right. */
  paned = gtk_widget_get_ancestor (view, GTK_TYPE_PANED);
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

/* Each pick replaces the last: a finding without a pixel drops the last
 * outline, a town drops the road's row, a water body the town's. */
static void
test_one_pick_at_a_time (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_5.dat", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 5, &error);
  g_autoptr(GArray) sections = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree guint8 *data = NULL;
  MsWindow *window = new_window ();
  MsFindingsList *findings;
  MsMapView *view;
  gsize length;
  gboolean outlined[3];
  MsRect highlight;

  /* Pixel (0, 0) gets a land biome in the sea (a finding at a pixel), and
   * TCRV's spikeMax and peakCap zero (a finding with no pixel). */
  data = g_bytes_unref_to_data (g_steal_pointer (&bytes), &length);
  sections = ms_test_walk_sections (data, length);
  data[ms_test_find (sections, "BIOM")->offset + 12] = 4;
  {
    const guint8 zero[4] = { 0, };
    goffset tcrv = ms_test_find (sections, "TCRV")->offset + 12;

    memcpy (data + tcrv + 2 + 16, zero, 4);       /* spikeMax, after version and 4 knots */
    memcpy (data + tcrv + 2 + 16 + 24, zero, 4);  /* peakCap, 6 floats later */
  }
  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) length, NULL));
  file = g_file_new_for_path (path);

  ms_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (audit_finished, window, "the audit");
  findings = MS_FINDINGS_LIST (ms_window_get_findings_list (window));
  g_assert_cmpuint (ms_findings_list_get_n_rows (findings), ==, 2);
  view = ms_window_get_map_view (window);

  /* 0, 1, 0: one of the two has a pixel; whichever comes after it must
   * not leave its outline. */
  for (guint i = 0; i < 3; i++)
    {
      ms_findings_list_select (findings, i % 2);
      outlined[i] = ms_map_view_get_highlight (view, &highlight);
      if (outlined[i])
        {
          g_assert_cmpuint (highlight.x, ==, 0);
          g_assert_cmpuint (highlight.y, ==, 0);
        }
    }
  g_assert_cmpint (outlined[0], ==, outlined[2]);
  g_assert_cmpint (outlined[0], !=, outlined[1]);

  /* A road, then a town: the road's row is no longer selected, nor are
   * its pixels marked; a water body then drops the town's row. */
  {
    MsRoadList *roads = MS_ROAD_LIST (ms_window_get_road_list (window));
    MsTownList *towns = MS_TOWN_LIST (ms_window_get_town_list (window));
    MsWaterBodyList *water = MS_WATER_BODY_LIST (ms_window_get_water_list (window));
    guint x0, y0;

    ms_road_list_select (roads, 0);
    settle (window);
    g_assert_nonnull (ms_map_view_get_marks_surface (view, &x0, &y0));
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_road_list_get_model (roads))),
                      ==, 0);
    ms_town_list_select (towns, 0);
    settle (window);
    g_assert_null (ms_map_view_get_marks_surface (view, &x0, &y0));
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_road_list_get_model (roads))),
                      ==, GTK_INVALID_LIST_POSITION);
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_town_list_get_model (towns))),
                      ==, 0);

    ms_test_iterate_until (water_list_ready, water, "the water table");
    ms_road_list_select (roads, 0);
    ms_water_body_list_select (water, 0);
    settle (window);
    g_assert_null (ms_map_view_get_marks_surface (view, &x0, &y0));
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_town_list_get_model (towns))),
                      ==, GTK_INVALID_LIST_POSITION);
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_road_list_get_model (roads))),
                      ==, GTK_INVALID_LIST_POSITION);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* The File page: the figures `mapsmith-cli info` prints, the path and the
 * size; and taking the focus selects none of it. */
static void
test_file_page (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_9.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  MsWindow *window = new_window ();
  GtkWidget *details, *stack;
  GtkTextBuffer *buffer;
  const MsBlueprintParams *p;
  g_autofree char *text = NULL;
  GtkTextIter start, end;
  GStatBuf st;

  bytes = write_demo (path, 256, 9);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  file = g_file_new_for_path (path);
  ms_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (not_loading, window, "the file to open");

  details = ms_test_get_named (GTK_WIDGET (window), "file-details");
  g_assert_true (GTK_IS_TEXT_VIEW (details));
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (details));
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  text = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
  p = ms_blueprint_get_params (ms_window_get_blueprint (window));
  g_assert_nonnull (p);
  {
    g_autofree char *size = g_strdup_printf ("(%" G_GUINT64_FORMAT " bytes)", (guint64) st.st_size);
    g_autofree char *crater = g_strdup_printf ("Crater radius %g, impact centre (%g, %g)", p->crater_radius,
                                               p->impact_center_x, p->impact_center_y);
    g_autofree char *density = g_strdup_printf ("Density multiplier %g", p->density_multiplier);
    g_autofree char *hash = g_strdup_printf ("Generator %s", p->generator_git_hash);

    g_assert_true (g_str_has_prefix (text, path));
    g_assert_nonnull (strstr (text, size));
    g_assert_nonnull (strstr (text, crater));
    g_assert_nonnull (strstr (text, density));
    g_assert_cmpstr (p->generator_git_hash, !=, "");
    g_assert_nonnull (strstr (text, hash));
  }

  /* Show the page and move the focus into it, as a click on its tab and
   * Tab would: nothing is selected. */
  stack = gtk_widget_get_ancestor (details, GTK_TYPE_STACK);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "file");
  ms_test_run_for (100);
  g_assert_true (gtk_widget_grab_focus (details));
  ms_test_run_for (100);
  g_assert_true (gtk_widget_has_focus (details));
  g_assert_false (gtk_text_buffer_get_has_selection (buffer));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* A broken file opened into a window with no map (from the shell): a
 * placeholder with Open… and the error, and the layer controls off. */
static void
test_broken_file_placeholder (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *good = g_build_filename (dir, "MapData_Seed_9.dat", NULL);
  g_autofree char *bad = g_build_filename (dir, "broken.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GFile) good_file = NULL;
  g_autoptr(GFile) bad_file = NULL;
  MsWindow *window = new_window ();
  GtkWidget *placeholder, *open, *check;
  gboolean found_error = FALSE;

  bytes = write_demo (good, 256, 9);
  g_assert_true (g_file_set_contents (bad, g_bytes_get_data (bytes, NULL), 1000, NULL));
  good_file = g_file_new_for_path (good);
  bad_file = g_file_new_for_path (bad);

  /* As MsApplication's open does: a new window, the file, no demo. */
  ms_window_open_file (window, bad_file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (not_loading, window, "the broken file");
  ms_test_run_for (200);
  g_assert_null (ms_window_get_blueprint (window));
  g_assert_nonnull (ms_window_get_error (window));

  placeholder = ms_test_get_named (GTK_WIDGET (window), "placeholder");
  g_assert_true (gtk_widget_get_mapped (placeholder));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (ms_window_get_map_view (window))));
  open = ms_test_find_action_button (placeholder, "win.open");
  g_assert_nonnull (open);
  g_assert_true (gtk_widget_is_sensitive (open));
  for (GtkWidget *w = gtk_widget_get_first_child (placeholder); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_LABEL (w) && gtk_widget_get_mapped (w) &&
        strstr (gtk_label_get_text (GTK_LABEL (w)), ms_window_get_error (window)) != NULL &&
        strstr (gtk_label_get_text (GTK_LABEL (w)), "broken.dat") != NULL)
      found_error = TRUE;
  g_assert_true (found_error);

  check = ms_test_find_named (GTK_WIDGET (window), "layer-height-visible");
  g_assert_false (gtk_widget_is_sensitive (check));
  ms_test_screenshot ("window-broken-file.png", 300);
  g_assert_false (gtk_widget_is_sensitive (ms_test_find_action_button (GTK_WIDGET (window), "win.zoom-fit")));

  /* A good file: the map, the controls on. */
  ms_window_open_file (window, good_file);
  ms_test_iterate_until (not_loading, window, "the good file");
  settle (window);
  g_assert_false (gtk_widget_get_mapped (placeholder));
  g_assert_true (gtk_widget_is_sensitive (check));

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* -------------------------------------------------- changed on disk (13) --- */

static gboolean
changed_shown (gpointer data)
{
  return ms_window_get_changed (data) != NULL;
}

/* A 2048² blueprint truncated in place while open: hovering and drawing
 * read zeros, not a SIGBUS; a banner names the file; written back, Reload
 * shows the map again. */
static void
test_changed_on_disk (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_77.dat", NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GArray) sections = NULL;
  g_autofree char *window_id = NULL;
  MsWindow *window = new_window ();
  MsMapView *view;
  GtkWidget *reload, *revealer;
  const guint n = 2048;
  const guint hx = 1500, hy = 700;
  float height;
  int fd;

  bytes = write_demo (path, n, 77);
  sections = ms_test_walk_sections (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  {
    const guint8 *h = (const guint8 *) g_bytes_get_data (bytes, NULL) + ms_test_find (sections, "HGTS")->offset +
                      12 + 4 * ((gsize) hx * n + hy);
    height = read_f32 (h);
  }
  file = g_file_new_for_path (path);

  ms_window_open_file (window, file);
  gtk_window_set_title (GTK_WINDOW (window), "changed-test");
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (not_loading, window, "the big file");
  settle (window);
  gtk_window_set_title (GTK_WINDOW (window), "changed-test");
  ms_test_run_for (200);
  window_id = ms_test_x_window_id ("changed-test");
  g_assert_null (ms_window_get_changed (window));
  view = ms_window_get_map_view (window);

  /* Cut it to 1000 bytes in place: the mapping's pages past that go. */
  fd = g_open (path, O_RDWR, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 1000), ==, 0);
  g_assert_true (g_close (fd, NULL));

  /* The pointer over the map (a hover readout), a readout of a pixel far
   * past the cut, and a pan and zoom that draw new tiles. */
  {
    double sx, sy;
    char x[32], y[32];

    ms_test_widget_to_surface (GTK_WIDGET (view), gtk_widget_get_width (GTK_WIDGET (view)) / 2.0,
                               gtk_widget_get_height (GTK_WIDGET (view)) / 2.0, &sx, &sy);
    g_snprintf (x, sizeof x, "%d", (int) sx);
    g_snprintf (y, sizeof y, "%d", (int) sy);
    ms_test_xdotool ("mousemove", "--window", window_id, x, y, NULL);
    ms_test_run_for (150);
    g_snprintf (x, sizeof x, "%d", (int) sx + 7);
    ms_test_xdotool ("mousemove", "--window", window_id, x, y, NULL);
    ms_test_run_for (150);
  }
  g_free (ms_window_describe_pixel (window, hx, hy));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "map.pan", "(ii)", 300, 200));
  settle (window);
  ms_test_iterate_until_within (10, changed_shown, window, "the changed-on-disk banner");
  g_assert_nonnull (strstr (ms_window_get_changed (window), "MapData_Seed_77.dat"));
  g_assert_nonnull (strstr (ms_window_get_changed (window), "changed on disk"));
  /* The readouts read past the cut (zeros, through the guard), and the
   * banner says the map is incomplete, not merely out of date. */
  g_assert_false (ms_mapping_is_intact (ms_blueprint_get_mapping (ms_window_get_blueprint (window))));
  g_assert_nonnull (strstr (ms_window_get_changed (window), "parts of the map shown are gone"));
  {
    g_autofree char *sizes = g_strdup_printf ("now 1000 bytes, it was %" G_GSIZE_FORMAT, g_bytes_get_size (bytes));

    g_assert_nonnull (strstr (ms_window_get_changed (window), sizes));
  }
  reload = ms_test_find_action_button (GTK_WIDGET (window), "win.reload");
  g_assert_nonnull (reload);
  revealer = gtk_widget_get_ancestor (reload, GTK_TYPE_REVEALER);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  ms_test_iterate_until (revealer_settled, revealer, "the banner");
  g_assert_true (gtk_widget_get_mapped (reload));
  ms_test_screenshot ("window-changed-on-disk.png", 300);
  /* The window stays, with its map view. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));

  /* Written back whole, Reload (a real click) shows the map again. */
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  ms_test_click_widget (reload, window_id, 1);
  ms_test_iterate_until (not_loading, window, "the reload");
  settle (window);
  g_assert_null (ms_window_get_error (window));
  g_assert_null (ms_window_get_changed (window));
  ms_test_iterate_until (revealer_settled, revealer, "the banner to go");
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  g_assert_true (ms_mapping_is_intact (ms_blueprint_get_mapping (ms_window_get_blueprint (window))));
  {
    g_autofree char *text = ms_window_describe_pixel (window, hx, hy);
    g_autofree char *expected = g_strdup_printf ("height %.4f raw", height);

    g_assert_nonnull (strstr (text, expected));
  }
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_cmpuint (ms_tile_view_get_n_pending (MS_TILE_VIEW (view)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  /* The demo zone is written under the cache folder, journals under the
   * state folder: private ones. */
  g_autofree char *cache = ms_test_make_tmpdir ();
  g_autofree char *state = ms_test_make_tmpdir ();
  g_autofree char *data = ms_test_make_tmpdir ();

  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("XDG_STATE_HOME", state, TRUE);
  /* Recent files go to GtkRecentManager's file under the data folder. */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  app = ms_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/window/demo-and-inspector", test_demo_and_inspector);
  g_test_add_func ("/window/screenshot-matches-cpu", test_screenshot_matches_cpu);
  g_test_add_func ("/window/open-file-and-errors", test_open_file_and_errors);
  g_test_add_func ("/window/file-opens-with-overview", test_file_opens_with_overview);
  g_test_add_func ("/window/water-table-zooms-to-body", test_water_table_zooms_to_body);
  g_test_add_func ("/window/analysis-after-picture", test_analysis_after_picture);
  g_test_add_func ("/window/places-lists", test_places_lists);
  g_test_add_func ("/window/pointer-pan-and-zoom", test_pointer_pan_and_zoom);
  g_test_add_func ("/window/checks-show-findings", test_checks_show_findings);
  g_test_add_func ("/window/layer-rows", test_layer_rows);
  g_test_add_func ("/window/welcome", test_welcome);
  g_test_add_func ("/window/crash-recovery", test_crash_recovery);
  g_test_add_func ("/window/help-overlay", test_help_overlay);
  g_test_add_func ("/window/export-view-sizes", test_export_view_sizes);
  g_test_add_func ("/window/sidebar-and-minimap", test_sidebar_and_minimap);
  g_test_add_func ("/window/one-pick-at-a-time", test_one_pick_at_a_time);
  g_test_add_func ("/window/file-page", test_file_page);
  g_test_add_func ("/window/broken-file-placeholder", test_broken_file_placeholder);
  g_test_add_func ("/window/changed-on-disk", test_changed_on_disk);
  status = g_test_run ();
  g_object_unref (app);
  ms_test_remove_tree (cache);
  ms_test_remove_tree (state);
  ms_test_remove_tree (data);
  return status;
}
