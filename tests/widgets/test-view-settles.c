/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A view left alone settles (issue #36, point 1): the map view and the
 * zone view, every overlay on, their tile caches cut to 2 MiB
 * (MAPSMITH_TILE_CACHE_KIB) so that most views show more tiles than the
 * cache's budget, jump to positions and zooms drawn from a seeded random
 * sequence (half of them just above a level's smallest zoom, where a view
 * shows the most tiles).  After each jump:
 *
 *  - within a bounded time nothing is pending and, for a while after,
 *    neither a tile is asked for nor a frame drawn;
 *  - the jump asked for no more tiles than it shows, plus the top: no tile
 *    was evicted and asked for again within one visible set;
 *  - the view's own cache holds every visible tile of the view's level at
 *    once, its level and tiles worked out here from the viewport.
 *
 * With OpenGL, and — run again with GDK_DEBUG=gl-disable — on CPU tiles
 * (MAPSMITH_TEST_EXPECT_GL=0).
 */
#include "config.h"

#include <gtk/gtk.h>
#include <math.h>

#include "ms-demo-blueprint.h"
#include "ms-demo-zone.h"
#include "ms-map-view.h"
#include "ms-test-display.h"
#include "ms-test-util.h"
#include "ms-zone-view.h"

#define MAP 2048
#define ZONE 1024
#define WIDTH 640
#define HEIGHT 480
#define JUMPS 10
#define SETTLE_S 20     /* the bound: a loaded 2-core machine makes a view's tiles well within it */
#define QUIET_MS 300    /* nothing asked for, nothing drawn, this long */

static gboolean
expect_gl (void)
{
  return g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;
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

/* Until nothing is pending and neither requests nor frames have changed
 * for QUIET_MS; FALSE when that has not happened within SETTLE_S. */
static gboolean
wait_settled (MsTileView *view)
{
  gint64 deadline = g_get_monotonic_time () + SETTLE_S * G_USEC_PER_SEC;
  gint64 quiet_since = g_get_monotonic_time ();
  MsTileViewStats last;

  ms_tile_view_get_stats (view, &last);
  while (g_get_monotonic_time () < deadline)
    {
      MsTileViewStats now;

      ms_test_run_for (20);
      ms_tile_view_get_stats (view, &now);
      if (now.requests != last.requests || now.frames != last.frames ||
          !gtk_widget_get_mapped (GTK_WIDGET (view)) || ms_tile_view_get_n_pending (view) > 0)
        quiet_since = g_get_monotonic_time ();
      last = now;
      if (g_get_monotonic_time () - quiet_since >= QUIET_MS * 1000)
        return TRUE;
    }
  return FALSE;
}

/* The level a view at @zoom screen pixels per map cell draws (the finest
 * whose cells are at least a screen pixel), below @top. */
static guint
level_for (double zoom,
           guint  top)
{
  guint level = (guint) MAX (0.0, floor (-log2 (zoom) + 1e-9));

  return MIN (level, top);
}

static guint
top_level_for (guint side)
{
  guint top = 0;

  while ((256u << top) < side)
    top++;
  return top;
}

/* Jumps @view (showing a @side² map) JUMPS times, checking each. */
static void
jump_around (MsTileView *view,
             guint       side,
             guint32     seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  MsViewport *vp = ms_tile_view_get_viewport (view);
  guint top = top_level_for (side);

  g_assert_true (wait_settled (view));
  g_assert_cmpint (ms_tile_view_get_using_gl (view), ==, expect_gl ());
  for (guint j = 0; j < JUMPS; j++)
    {
      double min_zoom = ms_viewport_get_min_zoom (vp);
      double zoom, cx, cy, x0, y0;
      guint level, n, tx0, ty0, tx1, ty1, n_visible, n_held = 0;
      MsTileViewStats stats;

      if (j % 2 == 0)
        zoom = ldexp (1.0, -g_rand_int_range (rand, 1, (gint32) top + 1)) *
               (1.0 + g_rand_double_range (rand, 0.001, 0.25));
      else
        zoom = exp (g_rand_double_range (rand, log (min_zoom), log (4.0)));
      zoom = MAX (zoom, min_zoom);
      cx = g_rand_double_range (rand, 0, side);
      cy = g_rand_double_range (rand, 0, side);

      ms_tile_view_reset_stats (view);
      g_object_freeze_notify (G_OBJECT (vp));
      ms_viewport_set_zoom (vp, zoom);
      ms_viewport_set_centre (vp, cx, cy);
      g_object_thaw_notify (G_OBJECT (vp));
      if (!wait_settled (view))
        {
          ms_tile_view_get_stats (view, &stats);
          g_error ("jump %u (zoom %g at %.0f, %.0f): not settled after %d s, %" G_GUINT64_FORMAT
                   " requests, %" G_GUINT64_FORMAT " frames, %u pending",
                   j, zoom, cx, cy, SETTLE_S, stats.requests, stats.frames, ms_tile_view_get_n_pending (view));
        }

      /* The visible tiles, from the viewport's own figures. */
      zoom = ms_viewport_get_zoom (vp);
      ms_viewport_get_centre (vp, &cx, &cy);
      level = level_for (zoom, top);
      g_assert_cmpuint (ms_tile_view_get_level (view), ==, level);
      x0 = cx - WIDTH / 2.0 / zoom;
      y0 = cy - HEIGHT / 2.0 / zoom;
      n = (side + (256u << level) - 1) / (256u << level);
      tx0 = (guint) CLAMP (floor (x0 / (256 << level)), 0, n);
      ty0 = (guint) CLAMP (floor (y0 / (256 << level)), 0, n);
      tx1 = (guint) CLAMP (ceil ((x0 + WIDTH / zoom) / (256 << level)), 0, n);
      ty1 = (guint) CLAMP (ceil ((y0 + HEIGHT / zoom) / (256 << level)), 0, n);
      n_visible = (tx1 - tx0) * (ty1 - ty0);
      for (guint ty = ty0; ty < ty1; ty++)
        for (guint tx = tx0; tx < tx1; tx++)
          n_held += ms_tile_view_holds_tile (view, &(MsTileKey) { level, tx, ty });

      ms_tile_view_get_stats (view, &stats);
      g_test_message ("jump %u: zoom %.4f, level %u, %u visible, %" G_GUINT64_FORMAT " requests, %"
                      G_GUINT64_FORMAT " frames", j, zoom, level, n_visible, stats.requests, stats.frames);
      g_assert_cmpuint (n_visible, >, 0);
      g_assert_cmpuint (n_held, ==, n_visible);
      g_assert_cmpuint (stats.requests, <=, n_visible + 1);
      g_assert_cmpuint (stats.requests_in_frame, ==, 0);
    }
}

static void
test_map_view (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (MAP, 21, &error);
  g_autoptr(MsBlueprint) bp = NULL;
  GtkWidget *view = ms_map_view_new ();
  GtkWidget *window = show_in_window (view);
  MsBlueprintStyle style;

  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_assert_no_error (error);
  /* Every layer and overlay: contours, Multi relief, roads and towns. */
  ms_blueprint_style_init (&style);
  g_assert_true (ms_blueprint_style_parse_stack (&style, "height,biome:0.3,hillshade:0.6:multi,water:0.8,"
                                                 "contours:10,roads,towns", &error));
  g_assert_no_error (error);
  ms_map_view_set_style (MS_MAP_VIEW (view), &style);
  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  /* A chosen road's tint over it all. */
  ms_map_view_set_highlight (MS_MAP_VIEW (view), &(MsRect) { 300, 400, 900, 60 });

  jump_around (MS_TILE_VIEW (view), MAP, 21);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
}

static void
test_zone_view (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsZone) zone = NULL;
  GtkWidget *view = ms_zone_view_new ();
  GtkWidget *window = show_in_window (view);
  MsZoneStyle style;

  g_assert_true (ms_demo_zone_write (dir, 7, ZONE, TRUE, &error));
  g_assert_no_error (error);
  zone = ms_zone_new_for_dir (dir, 7, 0, 0, NULL, &error);
  g_assert_no_error (error);
  ms_zone_style_init (&style);
  style.layer = MS_ZONE_RENDER_LAYER_OVERLAYS;
  style.overlays = MS_ZONE_OVERLAY_ALL;
  style.light.multidirectional = TRUE;
  style.contour_interval = 4;
  style.contour_opacity = 0.8f;
  ms_zone_view_set_style (MS_ZONE_VIEW (view), &style);
  ms_zone_view_set_zone (MS_ZONE_VIEW (view), zone);
  ms_zone_view_set_highlight (MS_ZONE_VIEW (view), 100, 200, 300, 20);

  jump_around (MS_TILE_VIEW (view), ZONE, 36);

  gtk_window_destroy (GTK_WINDOW (window));
  ms_test_run_for (50);
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  /* 2 MiB: two blueprint GL textures, one zone one, eight CPU tiles. */
  g_setenv ("MAPSMITH_TILE_CACHE_KIB", "2048", TRUE);
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/view-settles/map-view", test_map_view);
  g_test_add_func ("/view-settles/zone-view", test_zone_view);
  return g_test_run ();
}
