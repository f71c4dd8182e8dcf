/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsTileView, the base of the map and zone views, in a real window (Xvfb,
 * Mesa): with OpenGL, and — run again with GDK_DEBUG=gl-disable — on CPU
 * tiles (MAPSMITH_TEST_EXPECT_GL=0).
 *
 *  - tiles are asked for from an idle (or as a map or its first size is
 *    set), never while a frame is drawn;
 *  - a pan to tiles never asked for shows a coarser tile at once, never the
 *    background, until the fine ones are there;
 *  - a zone edit makes again only the visible tiles it touched;
 *  - a fresh map's top tile is asked for as the map is set, alone until it
 *    is drawn, and picture-complete tells when the map was drawn whole.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-demo-blueprint.h"
#include "ms-demo-zone.h"
#include "ms-map-view.h"
#include "ms-test-display.h"
#include "ms-test-util.h"
#include "ms-zone-edit.h"
#include "ms-zone-region.h"
#include "ms-zone-view.h"

#define MAP 2048
#define ZONE 1024
#define WIDTH 400
#define HEIGHT 300

static gboolean
expect_gl (void)
{
  return g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
}

static gboolean
drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && ms_tile_view_get_n_pending (data) == 0;
}

static void
settle (GtkWidget *view)
{
  ms_test_iterate_until_stable (drawn, view, 300, "the view to finish drawing");
}

static GtkWidget *
show_in_window (GtkWidget *view)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), WIDTH, HEIGHT);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/* Pixels exactly of the views' background colour. */
static guint
count_background (const guint32 *pixels)
{
  GdkRGBA bg;
  guint32 word;
  guint n = 0;

  ms_tile_view_get_background (&bg);
  word = 0xff000000u | (guint32) (bg.red * 255 + 0.5) << 16 | (guint32) (bg.green * 255 + 0.5) << 8 |
         (guint32) (bg.blue * 255 + 0.5);
  for (gsize i = 0; i < (gsize) WIDTH * HEIGHT; i++)
    n += pixels[i] == word;
  return n;
}

static MsBlueprint *
demo_map (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (MAP, 42, &error);
  MsBlueprint *bp;

  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

/* Fit, zoom, pans and zooms: the view asks for tiles all along, and never
 * from inside a frame (snapshot or GL render). */
static void
test_requests_not_in_frame (void)
{
  g_autoptr(MsBlueprint) bp = demo_map ();
  GtkWidget *view = ms_map_view_new ();
  GtkWidget *window = show_in_window (view);
  MsViewport *vp = ms_map_view_get_viewport (MS_MAP_VIEW (view));
  const double path[][3] = { { 1, 200, 150 }, { 1, 900, 700 }, { 0.5, 1500, 1500 }, { 2, 1900, 300 },
                             { 0.25, 1024, 1024 }, { 1, 100, 1900 } };
  MsTileViewStats stats;

  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  settle (view);
  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (MS_MAP_VIEW (view))), ==, expect_gl ());
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  g_assert_cmpuint (stats.requests, >, 0);
  g_assert_cmpuint (stats.frames, >, 0);

  /* Once the first tile is there, no frame may show a hole. */
  ms_tile_view_reset_stats (MS_TILE_VIEW (view));
  for (guint i = 0; i < G_N_ELEMENTS (path); i++)
    {
      ms_viewport_set_zoom (vp, path[i][0]);
      ms_viewport_set_centre (vp, path[i][1], path[i][2]);
      settle (view);
    }
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  /* Each step showed tiles never seen before: at least one request each. */
  g_assert_cmpuint (stats.requests, >=, G_N_ELEMENTS (path));
  g_assert_cmpuint (stats.requests_in_frame, ==, 0);
  g_assert_cmpuint (stats.hole_frames, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
}

static gboolean
first_frame (gpointer data)
{
  MsTileViewStats stats;

  ms_tile_view_get_stats (data, &stats);
  return stats.frames > 0;
}

/* At 1:1 on the top-left corner, then a jump to the bottom-right corner,
 * where no level-0 tile was ever asked for: the very next frame is drawn
 * from coarser tiles, with no background showing; the fine tiles then
 * replace them. */
static void
test_coarser_stands_in (void)
{
  g_autoptr(MsBlueprint) bp = demo_map ();
  GtkWidget *view = ms_map_view_new ();
  GtkWidget *window = show_in_window (view);
  MsViewport *vp = ms_map_view_get_viewport (MS_MAP_VIEW (view));
  g_autofree guint32 *coarse = NULL;
  g_autofree guint32 *fine = NULL;
  MsTileViewStats stats;
  guint changed = 0;

  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  settle (view);
  ms_viewport_set_zoom (vp, 1.0);
  ms_viewport_set_centre (vp, WIDTH / 2.0, HEIGHT / 2.0);
  settle (view);
  g_assert_cmpuint (ms_tile_view_get_level (MS_TILE_VIEW (view)), ==, 0);

  ms_tile_view_reset_stats (MS_TILE_VIEW (view));
  ms_viewport_set_centre (vp, MAP - WIDTH / 2.0, MAP - HEIGHT / 2.0);
  /* The first frame after the move, long before a fine tile can be here
   * (MAPSMITH_TILE_DELAY_MS, set in main ()). */
  ms_test_iterate_until (first_frame, view, "a frame");
  coarse = ms_test_capture (view, WIDTH, HEIGHT);
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  g_test_message ("first frame: %" G_GUINT64_FORMAT " requests, %" G_GUINT64_FORMAT " frames, %"
                  G_GUINT64_FORMAT " textures", stats.requests, stats.frames, stats.textures_made);
  g_assert_cmpuint (stats.requests_in_frame, ==, 0);
  g_assert_cmpuint (stats.requests, >=, 4);
  g_assert_cmpuint (stats.textures_made, ==, 0);
  g_assert_cmpuint (ms_tile_view_get_n_pending (MS_TILE_VIEW (view)), >, 0);
  g_assert_cmpuint (stats.frames, >=, 1);
  g_assert_cmpuint (stats.standin_frames, >=, 1);
  g_assert_cmpuint (stats.hole_frames, ==, 0);
  /* Not whole yet: what bench/pan-zoom waits for before it replays. */
  g_assert_cmpuint (stats.whole_frames, ==, 0);
  g_assert_cmpuint (count_background (coarse), ==, 0);

  settle (view);
  fine = ms_test_capture (view, WIDTH, HEIGHT);
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  /* 400 × 300 at 1:1 on the corner: 2 × 2 level-0 tiles. */
  g_assert_cmpuint (stats.requests, >=, 4);
  g_assert_cmpuint (stats.requests_in_frame, ==, 0);
  g_assert_cmpuint (stats.hole_frames, ==, 0);
  /* With no holes a frame drew every visible tile, its own or a stand-in:
   * whole or not, never both. */
  g_assert_cmpuint (stats.whole_frames, >=, 1);
  g_assert_cmpuint (stats.whole_frames + stats.standin_frames, ==, stats.frames);
  g_assert_cmpuint (count_background (fine), ==, 0);
  /* The fine tiles show detail the stand-ins did not. */
  for (gsize i = 0; i < (gsize) WIDTH * HEIGHT; i++)
    changed += (coarse[i] & 0xffffff) != (fine[i] & 0xffffff);
  g_assert_cmpuint (changed, >, WIDTH * HEIGHT / 4);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
}

/* A zone at 1:1 shows its level-0 tiles (x, y < 400: tiles 0 and 1 of
 * each axis).  A control edit over tiles 250..261 × 100..109 lies in
 * tiles (0, 0) and (1, 0) (the boundary is at 256); control is not shaded
 * across tiles, so those two and no others are made again: coloured anew
 * on the CPU, asked for and uploaded again on GL. */
static void
test_zone_edit_recolours_its_tiles (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  g_autoptr(MsZoneRegion) region = NULL;
  g_autofree guint32 *before = NULL;
  g_autofree guint32 *after = NULL;
  MsZoneOp op = { MS_ZONE_OP_SET_FLAG, MS_ZONE_CONTROL_HIGHWAY, 0, 0 };
  GtkWidget *view = ms_zone_view_new ();
  GtkWidget *window = show_in_window (view);
  MsViewport *vp = ms_zone_view_get_viewport (MS_ZONE_VIEW (view));
  MsZoneStyle style;
  MsTileViewStats stats;
  guint changed = 0;

  g_assert_true (ms_demo_zone_write (dir, 7, ZONE, FALSE, &error));
  g_assert_no_error (error);
  zone = ms_zone_new_for_dir (dir, 7, 0, 0, NULL, &error);
  g_assert_no_error (error);
  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_CONTROL;
  ms_zone_view_set_style (MS_ZONE_VIEW (view), &style);
  ms_zone_view_set_zone (MS_ZONE_VIEW (view), zone);
  settle (view);
  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (MS_ZONE_VIEW (view))), ==, expect_gl ());
  ms_viewport_set_zoom (vp, 1.0);
  ms_viewport_set_centre (vp, WIDTH / 2.0, HEIGHT / 2.0);
  settle (view);
  g_assert_cmpuint (ms_tile_view_get_level (MS_TILE_VIEW (MS_ZONE_VIEW (view))), ==, 0);
  before = ms_test_capture (view, WIDTH, HEIGHT);

  ms_tile_view_reset_stats (MS_TILE_VIEW (view));
  region = ms_zone_region_new_rect (ZONE, ZONE, 250, 100, 12, 10);
  g_assert_true (ms_zone_apply (zone, &op, region, &error));
  g_assert_no_error (error);
  settle (view);
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  g_assert_cmpuint (stats.requests, ==, 2);
  g_assert_cmpuint (stats.textures_made, ==, expect_gl () ? 0 : 2);
  g_assert_cmpuint (stats.requests_in_frame, ==, 0);
  g_assert_cmpuint (stats.hole_frames, ==, 0);

  /* And the edit shows, there and only there. */
  after = ms_test_capture (view, WIDTH, HEIGHT);
  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      if ((before[y * WIDTH + x] & 0xffffff) != (after[y * WIDTH + x] & 0xffffff))
        {
          g_assert_cmpint (x, >=, 250);
          g_assert_cmpint (x, <, 262);
          g_assert_cmpint (y, >=, 100);
          g_assert_cmpint (y, <, 110);
          changed++;
        }
  g_assert_cmpuint (changed, >, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
  ms_test_remove_tree (dir);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *n)
{
  (*n)++;
}

static gboolean
anything_drawn (gpointer data)
{
  MsTileViewStats stats;

  ms_tile_view_get_stats (data, &stats);
  return stats.whole_frames + stats.standin_frames > 0;
}

/* A map set on a view that has no size yet (its window's first frame is
 * still to come): the top tile is asked for at once, not from an idle
 * behind that frame, and alone until it is drawn (a fresh map is shown
 * whole, so the view level's tiles would read all of it too).  Then the
 * view level's tiles; picture-complete turns TRUE, notified once, after a
 * frame drew them all, and FALSE with the next map. */
static void
test_top_tile_first (void)
{
  g_autoptr(MsBlueprint) bp = demo_map ();
  GtkWidget *view = ms_map_view_new ();
  GtkWidget *window = show_in_window (view);
  guint top, n_notified = 0;
  MsTileViewStats stats;

  g_signal_connect (view, "notify::picture-complete", G_CALLBACK (count_notify), &n_notified);
  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  top = ms_blueprint_pyramid_get_top_level (ms_map_view_get_pyramid (MS_MAP_VIEW (view)));
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  g_assert_cmpuint (stats.requests, ==, 1);
  g_assert_false (ms_tile_view_get_picture_complete (MS_TILE_VIEW (view)));

  /* Half the tiles' delay: sized and drawn (blank), and still only the top
   * (on the CPU twice: the view learns that GL is out when its area
   * realizes, and asks for the top again as a texture). */
  ms_test_run_for (200);
  g_assert_cmpint (gtk_widget_get_width (view), ==, WIDTH);
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  g_assert_cmpuint (stats.requests, ==, expect_gl () ? 1 : 2);
  /* 400 × 300 fitted on 2048²: the view's level is below the top. */
  g_assert_cmpuint (ms_tile_view_get_level (MS_TILE_VIEW (view)), <, top);

  ms_test_iterate_until (anything_drawn, view, "the top tile on screen");
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  g_assert_cmpuint (stats.whole_frames, ==, 0);
  g_assert_false (ms_tile_view_get_picture_complete (MS_TILE_VIEW (view)));
  g_assert_cmpuint (n_notified, ==, 0);

  settle (view);
  ms_tile_view_get_stats (MS_TILE_VIEW (view), &stats);
  g_assert_cmpuint (stats.requests, >, 1);
  g_assert_cmpuint (stats.requests_in_frame, ==, 0);
  g_assert_cmpuint (stats.whole_frames, >=, 1);
  g_assert_true (ms_tile_view_get_picture_complete (MS_TILE_VIEW (view)));
  g_assert_cmpuint (n_notified, ==, 1);

  ms_map_view_set_blueprint (MS_MAP_VIEW (view), NULL);
  g_assert_false (ms_tile_view_get_picture_complete (MS_TILE_VIEW (view)));
  g_assert_cmpuint (n_notified, ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
}

int
main (int argc, char **argv)
{
  /* Tiles start 400 ms late: frames drawn meanwhile show what stands in. */
  g_setenv ("MAPSMITH_TILE_DELAY_MS", "400", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tile-view/requests-not-in-frame", test_requests_not_in_frame);
  g_test_add_func ("/tile-view/coarser-stands-in", test_coarser_stands_in);
  g_test_add_func ("/tile-view/zone-edit-recolours-its-tiles", test_zone_edit_recolours_its_tiles);
  g_test_add_func ("/tile-view/top-tile-first", test_top_tile_first);
  return g_test_run ();
}
