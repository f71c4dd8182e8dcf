/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsPixelInspector over a map view in a real window, with the real pointer
 * (xdotool): it shows the model's words for the pixel under the pointer,
 * follows it, and hides when the pointer leaves.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-blueprint-describe.h"
#include "ms-demo-blueprint.h"
#include "ms-map-view.h"
#include "ms-pixel-inspector.h"
#include "ms-test-display.h"

static gboolean
view_sized (gpointer data)
{
  MsViewport *viewport = ms_map_view_get_viewport (data);

  return gtk_widget_get_mapped (data) && ms_viewport_get_width (viewport) > 1;
}

static void
count (guint *n)
{
  (*n)++;
}

/* Moves the pointer to view point (@sx, @sy) and returns the file pixel
 * there, X outer, worked out from the viewport. */
static void
point_at (const char *window_id,
          MsMapView  *view,
          double      sx,
          double      sy,
          guint      *x,
          guint      *y)
{
  double wx, wy, mx, my;
  char xs[32], ys[32];

  ms_test_widget_to_surface (GTK_WIDGET (view), sx, sy, &wx, &wy);
  g_snprintf (xs, sizeof xs, "%d", (int) wx);
  g_snprintf (ys, sizeof ys, "%d", (int) wy);
  ms_test_xdotool ("mousemove", "--window", window_id, xs, ys, NULL);
  ms_test_run_for (200);
  /* The pointer lands on whole window pixels: the view point is theirs. */
  ms_viewport_screen_to_map (ms_map_view_get_viewport (view), sx - (wx - (int) wx), sy - (wy - (int) wy),
                             &mx, &my);
  g_assert_cmpfloat (mx, >=, 0);
  g_assert_cmpfloat (my, >=, 0);
  *x = (guint) mx;
  *y = (guint) my;
}

static void
test_follows_pointer (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (512, 42, &error);
  g_autoptr(MsBlueprint) bp = NULL;
  GtkWidget *window = gtk_window_new ();
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *view = GTK_WIDGET (g_object_new (MS_TYPE_MAP_VIEW, NULL));
  GtkWidget *inspector = ms_pixel_inspector_new ();
  g_autofree char *window_id = NULL;
  guint reads = 0, x, y;

  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, "demo", NULL, &error);
  g_assert_no_error (error);

  gtk_widget_set_halign (inspector, GTK_ALIGN_START);
  gtk_widget_set_valign (inspector, GTK_ALIGN_END);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), view);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), inspector);
  gtk_window_set_child (GTK_WINDOW (window), overlay);
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 600, 400);
  gtk_window_set_title (GTK_WINDOW (window), "inspector-test");
  ms_map_view_set_blueprint (MS_MAP_VIEW (view), bp);
  ms_pixel_inspector_set_view (MS_PIXEL_INSPECTOR (inspector), MS_MAP_VIEW (view));
  g_assert_true (ms_pixel_inspector_get_view (MS_PIXEL_INSPECTOR (inspector)) == MS_MAP_VIEW (view));
  g_signal_connect_swapped (inspector, "pixel-read", G_CALLBACK (count), &reads);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (view_sized, view, "the view to have a size");
  ms_test_run_for (200);
  window_id = ms_test_x_window_id ("inspector-test");

  /* Nothing until the pointer comes. */
  g_assert_false (gtk_widget_get_visible (inspector));
  g_assert_null (ms_pixel_inspector_get_text (MS_PIXEL_INSPECTOR (inspector)));

  /* Two places: the text is that of the pixel under the pointer. */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *expected = NULL;

      point_at (window_id, MS_MAP_VIEW (view), i == 0 ? 300.5 : 220.5, i == 0 ? 200.5 : 130.5, &x, &y);
      expected = ms_blueprint_describe_pixel (bp, x, y);
      g_assert_true (gtk_widget_get_visible (inspector));
      g_assert_cmpstr (ms_pixel_inspector_get_text (MS_PIXEL_INSPECTOR (inspector)), ==, expected);
    }
  g_assert_cmpuint (reads, >=, 2);

  /* Off the window: hidden. */
  ms_test_xdotool ("mousemove", "1270", "790", NULL);
  ms_test_run_for (200);
  g_assert_false (gtk_widget_get_visible (inspector));

  /* Detached, it no longer follows the view. */
  ms_pixel_inspector_set_view (MS_PIXEL_INSPECTOR (inspector), NULL);
  reads = 0;
  point_at (window_id, MS_MAP_VIEW (view), 300.5, 200.5, &x, &y);
  g_assert_cmpuint (reads, ==, 0);
  g_assert_false (gtk_widget_get_visible (inspector));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pixel-inspector/follows-pointer", test_follows_pointer);
  return g_test_run ();
}
