/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The map view in a real window (Xvfb, Mesa): with OpenGL, and — run again
 * with GDK_DEBUG=gl-disable — falling back to CPU tiles.  Either way what
 * the window shows must match the CPU renderer's image of the same view.
 * MAPSMITH_TEST_EXPECT_GL says which renderer the run must end up using.
 */
#include "config.h"

#include <math.h>

#include <gtk/gtk.h>

#include "ms-blueprint-renderer.h"
#include "ms-demo-blueprint.h"
#include "ms-diff-renderer.h"
#include "ms-map-view.h"
#include "ms-test-display.h"
#include "ms-test-util.h"

#define SIZE 512
#define TOLERANCE 2

static gboolean
tiles_drawn (gpointer data)
{
  return ms_tile_view_get_n_pending (MS_TILE_VIEW (data)) == 0 && gtk_widget_get_mapped (data);
}

/* Until no tile is pending, then a few more frames. */
static void
wait_for_tiles (MsMapView *view)
{
  ms_test_iterate_until_stable (tiles_drawn, view, 300, "the map view to finish drawing");
}

static void
assert_matches_cpu (const guint32 *shown,
                    MsBlueprint   *bp,
                    const MsBlueprintStyle *style)
{
  g_autoptr(GError) error = NULL;
  cairo_surface_t *cpu = ms_render_blueprint (bp, style, NULL, 0, NULL, &error);
  const guint8 *data = cairo_image_surface_get_data (cpu);
  int stride = cairo_image_surface_get_stride (cpu);
  guint worst = 0, bad = 0;

  g_assert_no_error (error);
  for (int y = 0; y < SIZE; y++)
    for (int x = 0; x < SIZE; x++)
      {
        guint32 a = ((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x];
        guint32 b = shown[(gsize) y * SIZE + x];
        guint d = 0;

        for (guint shift = 0; shift < 24; shift += 8)
          d = MAX (d, (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
        worst = MAX (worst, d);
        if (d > TOLERANCE)
          bad++;
      }
  cairo_surface_destroy (cpu);
  if (bad > 0)
    g_error ("The window differs from the CPU image in %u pixels (worst by %u)", bad, worst);
}

static void
test_shows_the_map (void)
{
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (SIZE, 42, &error);
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_autofree guint32 *shown = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ms_map_view_new ();
  MsViewport *viewport = ms_map_view_get_viewport (MS_MAP_VIEW (view));
  MsBlueprintStyle style;
  double cx, cy;

  g_assert_no_error (error);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), SIZE, SIZE);
  gtk_window_set_child (GTK_WINDOW (window), view);
  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  ms_blueprint_style_init (&style);
  ms_map_view_set_style (MS_MAP_VIEW (view), &style);
  gtk_window_present (GTK_WINDOW (window));

  wait_for_tiles (MS_MAP_VIEW (view));
  g_assert_cmpint (gtk_widget_get_width (view), ==, SIZE);
  g_assert_cmpint (gtk_widget_get_height (view), ==, SIZE);
  /* Fitted: one screen pixel per map pixel, centred. */
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), ==, 1.0);
  ms_viewport_get_centre (viewport, &cx, &cy);
  g_assert_cmpfloat (cx, ==, SIZE / 2);

  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (MS_MAP_VIEW (view))), ==, expect_gl);
  if (!expect_gl)
    g_assert_nonnull (ms_tile_view_get_renderer_problem (MS_TILE_VIEW (MS_MAP_VIEW (view))));

  shown = ms_test_capture (view, SIZE, SIZE);
  assert_matches_cpu (shown, bp, &style);

  /* Keyboard actions move the shared viewport. */
  g_assert_true (gtk_widget_activate_action (view, "map.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), 1.25, 1e-12);
  g_assert_true (gtk_widget_activate_action (view, "map.pan", "(ii)", 50, 0));
  ms_viewport_get_centre (viewport, &cx, &cy);
  g_assert_cmpfloat_with_epsilon (cx, SIZE / 2 - 50 / 1.25, 1e-9);
  g_assert_true (gtk_widget_activate_action (view, "map.zoom-fit", NULL));
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), ==, 1.0);

  /* Another layer redraws the same way. */
  style.layer = MS_BLUEPRINT_LAYER_BIOME;
  ms_map_view_set_style (MS_MAP_VIEW (view), &style);
  wait_for_tiles (MS_MAP_VIEW (view));
  g_free (shown);
  shown = ms_test_capture (view, SIZE, SIZE);
  assert_matches_cpu (shown, bp, &style);

  gtk_window_destroy (GTK_WINDOW (window));
}

static MsBlueprint *
demo (guint size, gint32 seed)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (size, seed, &error);
  MsBlueprint *bp;

  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

/* @shown's square of @side pixels at (@x0, @y0) is @image, exactly. */
static void
assert_shows (const guint32   *shown,
              cairo_surface_t *image,
              int              x0,
              int              y0)
{
  const guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image), side = cairo_image_surface_get_width (image);
  guint bad = 0;

  for (int y = 0; y < side; y++)
    for (int x = 0; x < side; x++)
      bad += (((const guint32 *) (gconstpointer) (data + (gsize) y * stride))[x] & 0xffffff) !=
             (shown[(gsize) (y0 + y) * SIZE + (x0 + x)] & 0xffffff);
  g_assert_cmpuint (bad, ==, 0);
}

/* The difference of a 256 and a 512 map, as tiles at the view's zoom: at 1
 * the whole `diff -o` image pixel for pixel, at 0.5 its half-size image
 * (2 × 2 blocks); then a blueprint again. */
static void
test_difference (void)
{
  g_autoptr(MsBlueprint) a = demo (256, 7);
  g_autoptr(MsBlueprint) b = demo (512, 42);
  g_autoptr(GError) error = NULL;
  g_autofree guint32 *shown = NULL;
  cairo_surface_t *whole, *half;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ms_map_view_new ();
  MsViewport *viewport = ms_map_view_get_viewport (MS_MAP_VIEW (view));

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), SIZE, SIZE);
  gtk_window_set_child (GTK_WINDOW (window), view);
  ms_map_view_set_difference (MS_MAP_VIEW (view), a, b, 0.5);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ms_map_view_get_showing_difference (MS_MAP_VIEW (view)));
  g_assert_null (ms_map_view_get_blueprint (MS_MAP_VIEW (view)));

  wait_for_tiles (MS_MAP_VIEW (view));
  /* The grid is B's 512: fitted at 1. */
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), ==, 1.0);
  whole = ms_diff_render (a, b, 0.5, 0, NULL, &error);
  g_assert_no_error (error);
  shown = ms_test_capture (view, SIZE, SIZE);
  assert_shows (shown, whole, 0, 0);

  ms_viewport_set_zoom (viewport, 0.5);
  ms_viewport_set_centre (viewport, SIZE / 2, SIZE / 2);
  wait_for_tiles (MS_MAP_VIEW (view));
  half = ms_diff_render (a, b, 0.5, SIZE / 2, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (half), ==, SIZE / 2);
  g_free (shown);
  shown = ms_test_capture (view, SIZE, SIZE);
  assert_shows (shown, half, SIZE / 4, SIZE / 4);

  /* Back to a map: A's own 256 pixels, fitted. */
  ms_map_view_set_blueprint (MS_MAP_VIEW (view), a);
  g_assert_false (ms_map_view_get_showing_difference (MS_MAP_VIEW (view)));
  wait_for_tiles (MS_MAP_VIEW (view));
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), ==, 2.0);

  cairo_surface_destroy (whole);
  cairo_surface_destroy (half);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Magnified, drawn nearest, the tiles' shared edge (grid x 256) falling
 * on a pixel centre — x 255.5 of a view 511 wide, at 6 screen pixels a map
 * pixel, whose inverse cairo cannot hold exactly: that pixel column still
 * shows the map, not a seam of the background (0x29292e) between tiles. */
static void
test_difference_no_seam (void)
{
  g_autoptr(MsBlueprint) a = demo (512, 7);
  g_autoptr(MsBlueprint) b = demo (512, 42);
  g_autofree guint32 *shown = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ms_map_view_new ();
  MsViewport *viewport = ms_map_view_get_viewport (MS_MAP_VIEW (view));
  double sx, sy;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 511, 300);
  gtk_window_set_child (GTK_WINDOW (window), view);
  ms_map_view_set_difference (MS_MAP_VIEW (view), a, b, 0.5);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_tiles (MS_MAP_VIEW (view));
  g_assert_cmpint (gtk_widget_get_width (view), ==, 511);

  ms_viewport_set_zoom (viewport, 6.0);
  ms_viewport_set_centre (viewport, 256, 256);
  wait_for_tiles (MS_MAP_VIEW (view));
  ms_viewport_map_to_screen (viewport, 256, 256, &sx, &sy);
  g_assert_cmpfloat (sx, ==, 255.5);
  shown = ms_test_capture (view, 511, 300);
  for (int y = 0; y < 300; y++)
    g_assert_cmphex (shown[(gsize) y * 511 + 255] & 0xffffff, !=, 0x29292e);

  gtk_window_destroy (GTK_WINDOW (window));
}

static float
flat_height (guint x,
             guint y)
{
  return 0.5f;
}

static guint32
most_common_colour (const guint32 *pixels,
                    gsize          n)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  guint32 best = 0;
  guint best_n = 0;

  for (gsize i = 0; i < n; i++)
    {
      guint32 c = pixels[i] & 0xffffff;
      guint k = GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (c))) + 1;

      g_hash_table_insert (counts, GUINT_TO_POINTER (c), GUINT_TO_POINTER (k));
      if (k > best_n)
        {
          best_n = k;
          best = c;
        }
    }
  return best;
}

/* Issue #36: minified between levels, the CPU tiles of a flat map (one
 * colour everywhere) sat at fractional screen positions and their
 * part-covered edges let the background through: a grid of thin lines.
 * Every pixel inside the map shows the map's one colour, in GL and on the
 * CPU fallback alike. */
static void
test_no_seam_minified (void)
{
  g_autoptr(GBytes) bytes = ms_test_v2_heights (2048, flat_height, 4);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = ms_blueprint_new_for_bytes (bytes, "flat", NULL, &error);
  g_autofree guint32 *shown = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ms_map_view_new ();
  MsViewport *viewport = ms_map_view_get_viewport (MS_MAP_VIEW (view));
  const int w = 480, h = 360;
  double sx0, sy0, sx1, sy1;
  guint32 colour;
  guint bad = 0;

  g_assert_no_error (error);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), w, h);
  gtk_window_set_child (GTK_WINDOW (window), view);
  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_tiles (MS_MAP_VIEW (view));

  /* 256-pixel tiles about 157 px on screen, their edges fractional. */
  ms_viewport_set_zoom (viewport, 0.3071);
  ms_viewport_set_centre (viewport, 1023.37, 1019.81);
  wait_for_tiles (MS_MAP_VIEW (view));
  shown = ms_test_capture (view, w, h);
  colour = most_common_colour (shown, (gsize) w * h);
  ms_viewport_map_to_screen (viewport, 0, 0, &sx0, &sy0);
  ms_viewport_map_to_screen (viewport, 2048, 2048, &sx1, &sy1);
  for (int y = MAX (0, (int) ceil (sy0) + 1); y < MIN (h, (int) floor (sy1) - 1); y++)
    for (int x = MAX (0, (int) ceil (sx0) + 1); x < MIN (w, (int) floor (sx1) - 1); x++)
      {
        guint32 c = shown[(gsize) y * w + x] & 0xffffff;
        guint d = 0;

        for (guint shift = 0; shift < 24; shift += 8)
          d = MAX (d, (guint) ABS ((int) ((c >> shift) & 0xff) - (int) ((colour >> shift) & 0xff)));
        if (d > TOLERANCE)
          {
            if (bad == 0)
              g_test_message ("pixel %d, %d is %06x, not %06x", x, y, c, colour);
            bad++;
          }
      }
  g_assert_cmpuint (bad, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
frame_drawn (gpointer data)
{
  MsTileViewStats stats;

  ms_tile_view_get_stats (MS_TILE_VIEW (data), &stats);
  return stats.frames > 0;
}

/* A pyramid made as the file loaded, its top asked for (which makes the
 * two levels under it): the view draws from it, and with GL its very
 * first frame is whole, its tiles handed over without a worker's round
 * trip; either way it makes no tile. */
static void
test_loaded_pyramid (void)
{
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
  g_autoptr(MsBlueprint) bp = demo (1024, 5);
  g_autoptr(MsBlueprintPyramid) pyramid = ms_map_view_create_pyramid (bp);
  g_autoptr(MsBlueprintTile) top = NULL;
  g_autoptr(GError) error = NULL;
  MsTileKey top_key = { 2, 0, 0 };
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ms_map_view_new ();
  MsTileViewStats stats;

  g_assert_cmpuint (ms_blueprint_pyramid_get_top_level (pyramid), ==, 2);
  top = ms_blueprint_pyramid_get_tile (pyramid, &top_key, NULL, &error);
  g_assert_no_error (error);
  ms_tile_pyramid_reset_stats (MS_TILE_PYRAMID (pyramid));

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_widget_mapped, view, "the view on screen");

  ms_map_view_set_pyramid (MS_MAP_VIEW (view), pyramid);
  g_assert_true (ms_map_view_get_pyramid (MS_MAP_VIEW (view)) == pyramid);
  g_assert_true (ms_map_view_get_blueprint (MS_MAP_VIEW (view)) == bp);
  /* 400 × 300 fitted on 1024²: level 1, which the top's pass made. */
  ms_test_iterate_until (frame_drawn, view, "the first frame with the map");
  g_assert_cmpuint (ms_tile_view_get_level (MS_TILE_VIEW (view)), ==, 1);
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  if (expect_gl)
    {
      g_assert_cmpuint (stats.frames, ==, 1);
      g_assert_cmpuint (stats.whole_frames, ==, 1);
    }

  wait_for_tiles (MS_MAP_VIEW (view));
  for (guint level = 0; level <= 2; level++)
    {
      MsTilePyramidLevelStats made;

      ms_tile_pyramid_get_level_stats (MS_TILE_PYRAMID (pyramid), level, &made);
      g_assert_cmpuint (made.made, ==, 0);
    }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The view's size and, when the viewport says fitted, the whole map
 * fitted to it: the zoom the smaller ratio, the centre the map's. */
static void
assert_fitted_to_size (MsMapView *view,
                       guint      map)
{
  MsViewport *viewport = ms_map_view_get_viewport (view);
  double w = gtk_widget_get_width (GTK_WIDGET (view)), h = gtk_widget_get_height (GTK_WIDGET (view));
  double cx, cy;

  g_assert_true (ms_viewport_get_fitted (viewport));
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), MIN (w, h) / map, 1e-9);
  ms_viewport_get_centre (viewport, &cx, &cy);
  g_assert_cmpfloat (cx, ==, map / 2.0);
  g_assert_cmpfloat (cy, ==, map / 2.0);
}

static void
resize_window (const char *id,
               MsMapView  *view,
               int         width,
               int         height)
{
  char w[16], h[16];

  g_snprintf (w, sizeof w, "%d", width);
  g_snprintf (h, sizeof h, "%d", height);
  /* No window manager here: X takes the size as asked. */
  ms_test_xdotool ("windowsize", id, w, h, NULL);
  ms_test_run_for (300);
  wait_for_tiles (view);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), ==, height);
}

/* Issue #36, point 10: a fitted map stays fitted as the window changes
 * size, until a zoom or a pan; Fit makes it so again. */
static void
test_fit_kept (void)
{
  g_autoptr(MsBlueprint) bp = demo (SIZE, 42);
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ms_map_view_new ();
  MsViewport *viewport = ms_map_view_get_viewport (MS_MAP_VIEW (view));
  g_autofree char *id = NULL;
  double zoom;

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_title (GTK_WINDOW (window), "map-view-fit-kept");
  gtk_window_set_default_size (GTK_WINDOW (window), 400, 300);
  gtk_window_set_child (GTK_WINDOW (window), view);
  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  gtk_window_present (GTK_WINDOW (window));
  wait_for_tiles (MS_MAP_VIEW (view));
  ms_test_run_for (200);
  id = ms_test_x_window_id ("map-view-fit-kept");
  assert_fitted_to_size (MS_MAP_VIEW (view), SIZE);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), 300.0 / SIZE, 1e-9);

  /* Larger, then smaller and the other way round: fitted to each. */
  resize_window (id, MS_MAP_VIEW (view), 700, 600);
  assert_fitted_to_size (MS_MAP_VIEW (view), SIZE);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), 600.0 / SIZE, 1e-9);
  resize_window (id, MS_MAP_VIEW (view), 320, 500);
  assert_fitted_to_size (MS_MAP_VIEW (view), SIZE);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), 320.0 / SIZE, 1e-9);

  /* Zoomed in: the user's scale stays through a resize. */
  g_assert_true (gtk_widget_activate_action (view, "map.zoom-in", NULL));
  g_assert_false (ms_viewport_get_fitted (viewport));
  zoom = ms_viewport_get_zoom (viewport);
  resize_window (id, MS_MAP_VIEW (view), 600, 450);
  g_assert_false (ms_viewport_get_fitted (viewport));
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), ==, zoom);

  /* Fit, then a pan: the same. */
  g_assert_true (gtk_widget_activate_action (view, "map.zoom-fit", NULL));
  assert_fitted_to_size (MS_MAP_VIEW (view), SIZE);
  g_assert_true (gtk_widget_activate_action (view, "map.pan", "(ii)", 40, 0));
  g_assert_false (ms_viewport_get_fitted (viewport));
  zoom = ms_viewport_get_zoom (viewport);
  resize_window (id, MS_MAP_VIEW (view), 400, 300);
  g_assert_cmpfloat (ms_viewport_get_zoom (viewport), ==, zoom);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/map-view/shows-the-map", test_shows_the_map);
  g_test_add_func ("/map-view/difference", test_difference);
  g_test_add_func ("/map-view/difference-no-seam", test_difference_no_seam);
  g_test_add_func ("/map-view/no-seam-minified", test_no_seam_minified);
  g_test_add_func ("/map-view/loaded-pyramid", test_loaded_pyramid);
  g_test_add_func ("/map-view/fit-kept", test_fit_kept);
  return g_test_run ();
}
