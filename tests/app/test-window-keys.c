/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view's zoom keys work wherever the focus is in the window (issue
 * #36, point 4): with a check box of the sidebar focused, real key presses
 * (xdotool) zoom the viewer's map and the painter's zone; in a text entry
 * they stay the entry's.
 */
#include "config.h"

#include "ms-map-view.h"
#include "ms-test-window.h"
#include "ms-test-zone-window.h"
#include "ms-zone-overlays-panel.h"
#include "ms-zone-view.h"

static MsViewport *
viewport_of (GtkWidget *view)
{
  return MS_IS_MAP_VIEW (view) ? ms_map_view_get_viewport (MS_MAP_VIEW (view))
                               : ms_zone_view_get_viewport (MS_ZONE_VIEW (view));
}

/* Focuses @focus, then presses @keys: the zoom of @view's viewport is
 * multiplied by @factor (or unchanged, @factor 1), the focus stays. */
static void
assert_key_zooms (GtkWidget  *view,
                  GtkWidget  *focus,
                  const char *keys,
                  double      factor)
{
  MsViewport *viewport = viewport_of (view);
  double before;

  g_assert_true (gtk_widget_grab_focus (focus));
  g_assert_true (gtk_widget_has_focus (focus));
  before = ms_viewport_get_zoom (viewport);
  ms_test_xdotool ("key", keys, NULL);
  ms_test_run_for (300);
  if (factor == 1.0)
    g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), before, 1e-12);
  else
    g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport) / before, factor, 1e-6);
  g_assert_true (gtk_widget_has_focus (focus));
}

static void
check_keys (GtkWidget *window,
            GtkWidget *view,
            GtkWidget *sidebar)
{
  GtkWidget *check = ms_test_find_type (sidebar, GTK_TYPE_CHECK_BUTTON);
  GtkWidget *entry = ms_test_find_type (window, GTK_TYPE_TEXT);
  MsViewport *viewport = viewport_of (view);
  double step;

  g_assert_nonnull (check);
  /* One step in, measured on the view itself, then the same by key from
   * the sidebar: plus, minus, the keypad's. */
  {
    double z0 = ms_viewport_get_zoom (viewport);

    g_assert_true (gtk_widget_activate_action (view, MS_IS_MAP_VIEW (view) ? "map.zoom-in" : "zone-view.zoom-in",
                                               NULL));
    step = ms_viewport_get_zoom (viewport) / z0;
    g_assert_cmpfloat (step, >, 1.01);
  }
  assert_key_zooms (view, check, "plus", step);
  assert_key_zooms (view, check, "minus", 1.0 / step);
  assert_key_zooms (view, check, "KP_Add", step);
  assert_key_zooms (view, check, "KP_Subtract", 1.0 / step);
  /* Ctrl+0 fits: zoomed in first, so that fitting changes the zoom; the
   * view's own zoom-fit then leaves it as it is. */
  assert_key_zooms (view, check, "plus", step);
  {
    double zoomed = ms_viewport_get_zoom (viewport), fitted;

    g_assert_true (gtk_widget_grab_focus (check));
    ms_test_xdotool ("key", "ctrl+0", NULL);
    ms_test_run_for (300);
    fitted = ms_viewport_get_zoom (viewport);
    g_assert_cmpfloat (fitted, <, zoomed / 1.01);
    g_assert_true (gtk_widget_activate_action (view, MS_IS_MAP_VIEW (view) ? "map.zoom-fit" : "zone-view.zoom-fit",
                                               NULL));
    g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), fitted, 1e-9 * fitted);
  }
  /* In a text entry the keys are the entry's. */
  if (entry != NULL && gtk_widget_is_sensitive (entry) && gtk_widget_get_mapped (entry))
    assert_key_zooms (view, entry, "ctrl+0", 1.0);
}

static void
test_viewer (void)
{
  MsWindow *window = ms_test_window_new ();
  g_autofree char *id = NULL;

  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_window_settle (window);
  /* A title of its own, after the map's, for xdotool to find it by. */
  gtk_window_set_title (GTK_WINDOW (window), "window-keys-test");
  ms_test_run_for (200);
  id = ms_test_x_window_id ("window-keys-test");
  ms_test_xdotool ("windowfocus", "--sync", id, NULL);
  check_keys (GTK_WIDGET (window), GTK_WIDGET (ms_window_get_map_view (window)),
              gtk_paned_get_start_child (GTK_PANED (ms_test_find_type (GTK_WIDGET (window), GTK_TYPE_PANED))));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_painter (MsTestPainter *f,
              gconstpointer  data)
{
  GtkWidget *view = GTK_WIDGET (ms_zone_window_get_view (f->window));
  GtkWidget *panel = ms_test_find_type (GTK_WIDGET (f->window), MS_TYPE_ZONE_OVERLAYS_PANEL);
  GtkStack *stack = GTK_STACK (gtk_widget_get_ancestor (panel, GTK_TYPE_STACK));

  ms_test_painter_settle (f->window);
  /* The View page's check boxes. */
  gtk_stack_set_visible_child_name (stack, "view");
  ms_test_iterate_until (ms_test_widget_mapped, panel, "the View page");
  check_keys (GTK_WIDGET (f->window), view, panel);
}

int
main (int argc, char **argv)
{
  ms_test_painter_start (&argc, &argv);
  g_test_add_func ("/window-keys/viewer", test_viewer);
  ms_test_painter_add ("/window-keys/painter", test_painter);
  return ms_test_app_run ();
}
