/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window's sidebar lists and their picks on the map in a real
 * display (app/ms-window-picks.c; the analysis that fills them in
 * ms-window-tasks.c): water bodies, towns and roads against a second,
 * test-side reader of the file, the audit's findings, the analysis
 * waiting for the first picture, and one pick at a time.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gtk/gtk.h>

#include "ms-demo-blueprint.h"
#include "ms-findings-list.h"
#include "ms-minimap.h"
#include "ms-road-list.h"
#include "ms-scale-bar.h"
#include "ms-test-display.h"
#include "ms-test-window.h"
#include "ms-town-list.h"
#include "ms-water-body-list.h"

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

/* The audit, the water table and the minimap's render each read the whole
 * map: on screen they wait until the map view has drawn the map whole (or,
 * should that never happen, 5 s), and never take the cores from its tiles;
 * meanwhile the minimap shows the map coloured from the first picture's
 * top tile.  In a window not on screen they start with the map. */
static void
test_analysis_after_picture (void)
{
  MsWindow *window = ms_test_window_new ();
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
  /* Shown at once, not blank (issue #36, point 16). */
  g_assert_true (ms_minimap_get_blueprint (minimap) == ms_window_get_blueprint (window));
  g_assert_nonnull (ms_minimap_get_texture (minimap));
  g_assert_true (ms_minimap_is_overview (minimap));

  /* Every turn of the main loop until the minimap renders the map. */
  while (ms_minimap_is_overview (minimap))
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
  window = ms_test_window_new ();
  minimap = MS_MINIMAP (ms_test_find_type (GTK_WIDGET (window), MS_TYPE_MINIMAP));
  list = MS_WATER_BODY_LIST (ms_window_get_water_list (window));
  ms_window_open_demo (window);
  g_assert_true (ms_minimap_get_blueprint (minimap) == ms_window_get_blueprint (window));
  g_assert_false (ms_minimap_is_overview (minimap));
  g_assert_true (ms_water_body_list_is_loading (list));
  ms_test_iterate_until (has_findings, window, "the audit");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_water_table_zooms_to_body (void)
{
  MsWindow *window = ms_test_window_new ();
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

static GArray *
raw_towns (const guint8 *data, GArray *sections)
{
  const guint8 *p = data + ms_test_find (sections, "TOWN")->offset + 12;
  gint32 n = ms_test_read_i32 (p);
  GArray *towns = g_array_new (FALSE, TRUE, sizeof (RawTown));

  p += 4;
  for (gint32 i = 0; i < n; i++, p += 10)
    {
      RawTown t = { ms_test_read_f32 (p), ms_test_read_f32 (p + 4), p[8], p[9] };
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
      n_paths = ms_test_read_i32 (p);
      p += 4;
      for (gint32 i = 0; i < n_paths; i++)
        {
          RawPath path = { tier, i, ms_test_read_i32 (p), 0, G_MAXUINT, G_MAXUINT, 0, 0 };

          p += 4;
          path.first_x = ms_test_read_f32 (p);
          path.first_y = ms_test_read_f32 (p + 4);
          for (guint k = 0; k < path.n_points; k++, p += 8)
            {
              double x = ms_test_read_f32 (p), y = ms_test_read_f32 (p + 4);
              guint px = (guint) CLAMP (floor (x), 0, map_size - 1), py = (guint) CLAMP (floor (y), 0, map_size - 1);

              if (k > 0)
                path.length += hypot (x - ms_test_read_f32 (p - 8), y - ms_test_read_f32 (p - 4));
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
  MsWindow *window = ms_test_window_new ();
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
  ms_test_window_settle (window);
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

    ms_test_window_settle (window);
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
  MsWindow *window = ms_test_window_new ();
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
  /* The map opened with a finding: the Checks tab counts it, unopened. */
  {
    GtkWidget *list = ms_window_get_findings_list (window);
    GtkStackPage *page = gtk_stack_get_page (GTK_STACK (gtk_widget_get_parent (list)), list);

    g_assert_cmpstr (gtk_stack_page_get_title (page), ==, "Checks (1)");
  }

  ms_findings_list_select (MS_FINDINGS_LIST (ms_window_get_findings_list (window)), 0);
  view = ms_window_get_map_view (window);
  g_assert_true (ms_map_view_get_highlight (view, &highlight));
  g_assert_cmpuint (highlight.x, ==, 0);
  g_assert_cmpuint (highlight.y, ==, 0);
  ms_test_window_settle (window);

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
  MsWindow *window = ms_test_window_new ();
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
    ms_test_window_settle (window);
    g_assert_nonnull (ms_map_view_get_marks_surface (view, &x0, &y0));
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_road_list_get_model (roads))),
                      ==, 0);
    ms_town_list_select (towns, 0);
    ms_test_window_settle (window);
    g_assert_null (ms_map_view_get_marks_surface (view, &x0, &y0));
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_road_list_get_model (roads))),
                      ==, GTK_INVALID_LIST_POSITION);
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_town_list_get_model (towns))),
                      ==, 0);

    ms_test_iterate_until (water_list_ready, water, "the water table");
    ms_road_list_select (roads, 0);
    ms_water_body_list_select (water, 0);
    ms_test_window_settle (window);
    g_assert_null (ms_map_view_get_marks_surface (view, &x0, &y0));
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_town_list_get_model (towns))),
                      ==, GTK_INVALID_LIST_POSITION);
    g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (ms_road_list_get_model (roads))),
                      ==, GTK_INVALID_LIST_POSITION);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* Issue #36, point 13: a chosen road is drawn as a line through its points
 * at every zoom, not only as its bounding box.  On a 2048² map seen whole
 * (4 M pixels in view, where the pixel tint is not drawn) the middle of
 * each segment of the path, worked out from the path's points, is the
 * marks' magenta on screen. */
static void
test_road_path_at_overview (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_5.dat", NULL);
  g_autoptr(GBytes) bytes = ms_test_write_demo (path, 2048, 5);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MsWindow *window = ms_test_window_new ();
  MsMapView *view = ms_window_get_map_view (window);
  MsViewport *vp = ms_map_view_get_viewport (view);
  MsRoadList *roads = MS_ROAD_LIST (ms_window_get_road_list (window));
  g_autofree guint32 *pixels = NULL;
  MsRoadRow *row;
  const MsPoint *points;
  guint n_points, n_segments = 0, n_magenta = 0;
  int width, height;

  ms_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);
  g_assert_true (ms_road_list_sort_by (roads, "length", GTK_SORT_DESCENDING));
  ms_road_list_select (roads, 0);
  row = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (ms_road_list_get_model (roads)));
  g_assert_nonnull (row);
  points = ms_blueprint_get_path (ms_window_get_blueprint (window), ms_road_row_get_tier (row),
                                  ms_road_row_get_index (row), &n_points);
  g_assert_cmpuint (n_points, >=, 2);

  ms_viewport_fit (vp);
  ms_test_window_settle (window);
  g_assert_cmpfloat (ms_viewport_get_width (vp) / ms_viewport_get_zoom (vp) *
                     ms_viewport_get_height (vp) / ms_viewport_get_zoom (vp), >, 1024.0 * 1024.0);
  width = gtk_widget_get_width (GTK_WIDGET (view));
  height = gtk_widget_get_height (GTK_WIDGET (view));
  pixels = ms_test_capture (GTK_WIDGET (view), width, height);
  for (guint i = 0; i + 1 < n_points; i++)
    {
      double sx, sy;
      guint32 c;

      ms_viewport_map_to_screen (vp, (floorf (points[i].x) + floorf (points[i + 1].x)) / 2.0 + 0.5,
                                 (floorf (points[i].y) + floorf (points[i + 1].y)) / 2.0 + 0.5, &sx, &sy);
      if (sx < 0 || sy < 0 || sx >= width || sy >= height)
        continue;
      c = pixels[(gsize) sy * width + (gsize) sx];
      n_segments++;
      /* #e61acc, the marks' magenta: red and blue high, green low. */
      n_magenta += ((c >> 16) & 0xff) > 180 && ((c >> 8) & 0xff) < 90 && (c & 0xff) > 150;
    }
  g_assert_cmpuint (n_segments, >, 0);
  /* The bounding box's yellow outline may cover a segment on its edge. */
  g_assert_cmpuint (n_magenta, >=, n_segments * 8 / 10);
  ms_test_screenshot ("window-road-overview.png", 300);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

static gboolean
focus_outside (gpointer data)
{
  GtkWidget *list = data;
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (list));

  return focus != NULL && !gtk_widget_is_ancestor (focus, list) && focus != list;
}

/* Issue #36, point 13: Tab in the Checks list takes the focus out of the
 * list; it does not choose the next finding, and the chosen one keeps its
 * outline.  Two findings: water-biome-mismatch at (0, 0) (open sea given a
 * land biome) and height-nonfinite at (5, 7) (a NaN height). */
static void
test_checks_tab_keeps_pick (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "MapData_Seed_5.dat", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (256, 5, &error);
  g_autoptr(GArray) sections = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree guint8 *data = NULL;
  g_autofree char *window_id = NULL;
  MsWindow *window = ms_test_window_new ();
  MsFindingsList *findings = MS_FINDINGS_LIST (ms_window_get_findings_list (window));
  GtkListBox *list;
  GtkListBoxRow *row;
  MsRect highlight;
  gsize length;
  const float nan_height = NAN;

  data = g_bytes_unref_to_data (g_steal_pointer (&bytes), &length);
  sections = ms_test_walk_sections (data, length);
  data[ms_test_find (sections, "BIOM")->offset + 12] = 4;
  memcpy (data + ms_test_find (sections, "HGTS")->offset + 12 + 4 * (5 * 256 + 7), &nan_height, 4);
  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) length, NULL));
  file = g_file_new_for_path (path);

  ms_window_open_file (window, file);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (audit_finished, window, "the audit");
  g_assert_cmpuint (ms_findings_list_get_n_rows (findings), ==, 2);
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (findings), GTK_TYPE_STACK)), "checks");
  ms_test_window_settle (window);
  gtk_window_set_title (GTK_WINDOW (window), "tab-test");
  ms_test_run_for (300);
  window_id = ms_test_x_window_id ("tab-test");

  list = GTK_LIST_BOX (ms_test_find_type (GTK_WIDGET (findings), GTK_TYPE_LIST_BOX));
  ms_findings_list_select (findings, 0);
  row = gtk_list_box_get_row_at_index (list, 0);
  g_assert_true (gtk_list_box_row_is_selected (row));
  gtk_widget_grab_focus (GTK_WIDGET (row));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (row)));
  g_assert_true (ms_map_view_get_highlight (ms_window_get_map_view (window), &highlight));
  g_assert_cmpuint (highlight.x, ==, 0);

  ms_test_xdotool ("windowfocus", "--sync", window_id, NULL);
  ms_test_xdotool ("key", "--window", window_id, "Tab", NULL);
  ms_test_iterate_until_within (5, focus_outside, list, "Tab to leave the Checks list");
  ms_test_run_for (200);
  g_assert_true (gtk_list_box_row_is_selected (row));
  g_assert_false (gtk_list_box_row_is_selected (gtk_list_box_get_row_at_index (list, 1)));
  g_assert_true (ms_map_view_get_highlight (ms_window_get_map_view (window), &highlight));
  g_assert_cmpuint (highlight.x, ==, 0);
  g_assert_cmpuint (highlight.y, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_remove_tree (dir);
}

/* Issue #36, point 13: the Roads list's Bounds column is in view in the
 * sidebar (it was cut off at its edge): each shown cell of it lies within
 * the list's width, and where its text is ellipsized the cell's tooltip
 * holds the whole of it. */
static void
test_road_bounds_fit (void)
{
  MsWindow *window = ms_test_window_new ();
  MsRoadList *roads = MS_ROAD_LIST (ms_window_get_road_list (window));
  GtkWidget *scrolled;
  guint n_cells = 0;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);
  gtk_stack_set_visible_child_name (GTK_STACK (gtk_widget_get_ancestor (GTK_WIDGET (roads), GTK_TYPE_STACK)),
                                    "places");
  ms_test_run_for (500);
  scrolled = ms_test_find_type (GTK_WIDGET (roads), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  g_assert_cmpuint (g_list_model_get_n_items (ms_road_list_get_model (roads)), >, 0);

  for (guint i = 0; i < MIN (g_list_model_get_n_items (ms_road_list_get_model (roads)), 5); i++)
    {
      g_autoptr(MsRoadRow) row = g_list_model_get_item (ms_road_list_get_model (roads), i);
      const MsPathBounds *b = ms_road_row_get_bounds (row);
      /* As the column writes it: x0–x1, y0–y1. */
      g_autofree char *text = g_strdup_printf ("%u–%u, %u–%u", b->x, b->x + b->width - 1, b->y,
                                               b->y + b->height - 1);
      GtkWidget *label = NULL;
      graphene_rect_t bounds;

      {
        /* The label of this text among the list's cells. */
        GQueue queue = G_QUEUE_INIT;

        g_queue_push_tail (&queue, scrolled);
        while (!g_queue_is_empty (&queue) && label == NULL)
          {
            GtkWidget *w = g_queue_pop_head (&queue);

            if (GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0)
              label = w;
            for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
              g_queue_push_tail (&queue, c);
          }
        g_queue_clear (&queue);
      }
      if (label == NULL || !gtk_widget_get_mapped (label))
        continue;  /* a row not built, below the list's end */
      n_cells++;
      g_assert_true (gtk_widget_compute_bounds (label, scrolled, &bounds));
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scrolled) + 0.5);
      if (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))))
        g_assert_true (g_str_has_prefix (gtk_widget_get_tooltip_text (label), text));
    }
  g_assert_cmpuint (n_cells, >, 0);
  ms_test_screenshot ("window-road-bounds.png", 300);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  ms_test_window_start (&argc, &argv);
  g_test_add_func ("/window/water-table-zooms-to-body", test_water_table_zooms_to_body);
  g_test_add_func ("/window/analysis-after-picture", test_analysis_after_picture);
  g_test_add_func ("/window/places-lists", test_places_lists);
  g_test_add_func ("/window/checks-show-findings", test_checks_show_findings);
  g_test_add_func ("/window/one-pick-at-a-time", test_one_pick_at_a_time);
  g_test_add_func ("/window/road-path-at-overview", test_road_path_at_overview);
  g_test_add_func ("/window/checks-tab-keeps-pick", test_checks_tab_keeps_pick);
  g_test_add_func ("/window/road-bounds-fit", test_road_bounds_fit);
  return ms_test_app_run ();
}
