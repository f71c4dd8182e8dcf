/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every window fits a small screen (issue #36, point 3): the viewer, the
 * zone painter, the comparison and the zone picker open within the
 * monitor, and their minimum size stays within 800 × 600 with every
 * banner shown (long titles, details, every button) and every sidebar
 * page in place.  The minimum is GTK's own: the window measured for no
 * width, then for the height its narrowest width needs.
 */
#include "config.h"

#include <string.h>

#include "ms-banner.h"
#include "ms-demo-zone.h"
#include "ms-map-view.h"
#include "ms-settings.h"
#include "ms-test-compare.h"
#include "ms-test-window.h"
#include "ms-zone-picker.h"
#include "ms-zone-window.h"

#define MAX_MIN_WIDTH  800
#define MAX_MIN_HEIGHT 600

static const char long_title[] =
  "This banner says something at length, as a real one does when a file changed on disk while "
  "it was open and the edits made since are kept in the journal next to it, to be offered back.";
static const char long_details[] =
  "/home/someone/.local/share/Steam/steamapps/common/Game/Saves/ServerData/zones/0070/"
  "control.0070.bin, 512 × 512 tiles, changed at 12:34:56 by another program";

static void
show_banners (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (MS_IS_BANNER (child))
        {
          MsBanner *banner = MS_BANNER (child);

          if (!ms_banner_get_revealed (banner))
            ms_banner_show (banner, MS_BANNER_WARNING, long_title);
          ms_banner_set_details (banner, long_details);
        }
      /* Every button a banner can show, shown. */
      if (GTK_IS_BUTTON (child) && gtk_widget_get_ancestor (child, MS_TYPE_BANNER) != NULL)
        gtk_widget_set_visible (child, TRUE);
      show_banners (child);
    }
}

static void
hide_banners (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (MS_IS_BANNER (child))
        ms_banner_set_revealed (MS_BANNER (child), FALSE);
      hide_banners (child);
    }
}

/* The height between the header bar and the map: with no banner in, none
 * (a scrolled window asks for its scrollbar's height even when empty). */
static int
height_above_map (MsWindow *window)
{
  GtkWidget *view = ms_test_find_type (GTK_WIDGET (window), MS_TYPE_MAP_VIEW);
  GtkWidget *content = gtk_window_get_child (GTK_WINDOW (window));
  graphene_point_t p;

  g_assert_nonnull (view);
  g_assert_true (gtk_widget_compute_point (view, content, &GRAPHENE_POINT_INIT (0, 0), &p));
  return (int) p.y;
}

static gboolean
banners_settled (gpointer data)
{
  GtkWidget *root = data;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (MS_IS_BANNER (child) && !ms_banner_is_settled (MS_BANNER (child)))
        return FALSE;
      if (!banners_settled (child))
        return FALSE;
    }
  return TRUE;
}

static guint
count_banners (GtkWidget *root,
               gboolean   revealed)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (MS_IS_BANNER (child) && (!revealed || ms_banner_get_revealed (MS_BANNER (child))))
        n++;
      n += count_banners (child, revealed);
    }
  return n;
}

static void
get_monitor_geometry (GtkWidget    *widget,
                      GdkRectangle *geometry)
{
  GListModel *monitors = gdk_display_get_monitors (gtk_widget_get_display (widget));
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);

  g_assert_nonnull (monitor);
  gdk_monitor_get_geometry (monitor, geometry);
}

/* The window's minimum and that of its child, each its narrowest width
 * and the height it needs there (and for no width at all). */
static void
assert_fits (GtkWindow  *window,
             const char *what)
{
  GtkWidget *widgets[] = { GTK_WIDGET (window), gtk_window_get_child (window) };

  for (guint i = 0; i < G_N_ELEMENTS (widgets); i++)
    {
      int min_width, min_height, any_height, nat;

      gtk_widget_measure (widgets[i], GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &nat, NULL, NULL);
      gtk_widget_measure (widgets[i], GTK_ORIENTATION_VERTICAL, min_width, &min_height, &nat, NULL, NULL);
      gtk_widget_measure (widgets[i], GTK_ORIENTATION_VERTICAL, -1, &any_height, &nat, NULL, NULL);
      g_test_message ("%s (%s): minimum %d × %d, %d for any width", what,
                      G_OBJECT_TYPE_NAME (widgets[i]), min_width, min_height, any_height);
      g_assert_cmpint (min_width, <=, MAX_MIN_WIDTH);
      g_assert_cmpint (min_height, <=, MAX_MIN_HEIGHT);
      g_assert_cmpint (any_height, <=, MAX_MIN_HEIGHT);
    }
}

static void
assert_opens_within_monitor (GtkWindow *window)
{
  GdkRectangle monitor;
  int width, height;

  get_monitor_geometry (GTK_WIDGET (window), &monitor);
  gtk_window_get_default_size (window, &width, &height);
  g_assert_cmpint (width, <=, monitor.width);
  g_assert_cmpint (height, <=, monitor.height);
  ms_test_iterate_until (ms_test_widget_mapped, window, "the window");
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, monitor.width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), <=, monitor.height);
}

static void
show_all_and_check (GtkWindow  *window,
                    const char *what)
{
  show_banners (GTK_WIDGET (window));
  ms_test_iterate_until (banners_settled, window, "the banners");
  g_assert_cmpuint (count_banners (GTK_WIDGET (window), TRUE), ==, count_banners (GTK_WIDGET (window), FALSE));
  assert_fits (window, what);
}

/* The first window of a run, a size saved on a larger screen: within the
 * monitor, and the welcome banner over the demo does not stretch it. */
static void
test_viewer (void)
{
  GSettings *settings = ms_application_get_settings (ms_test_app ());
  MsWindow *window;

  g_settings_set_int (settings, MS_SETTINGS_WINDOW_WIDTH, 5000);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_HEIGHT, 4000);
  g_settings_set_boolean (settings, MS_SETTINGS_SIDEBAR_VISIBLE, TRUE);
  window = ms_window_new (GTK_APPLICATION (ms_test_app ()));
  ms_window_open_demo (window);
  gtk_window_present (GTK_WINDOW (window));
  assert_opens_within_monitor (GTK_WINDOW (window));
  /* The welcome banner alone first, as a new user sees it. */
  g_assert_cmpuint (count_banners (GTK_WIDGET (window), TRUE), ==, 1);
  ms_test_iterate_until (banners_settled, window, "the welcome banner");
  assert_fits (GTK_WINDOW (window), "viewer, welcome");
  show_all_and_check (GTK_WINDOW (window), "viewer, every banner");
  g_assert_cmpint (height_above_map (window), >, 0);

  /* Every banner gone: the map starts right under the header bar. */
  hide_banners (GTK_WIDGET (window));
  ms_test_iterate_until (banners_settled, window, "the banners to go");
  ms_test_run_for (100);
  g_assert_cmpint (height_above_map (window), ==, 0);

  g_settings_reset (settings, MS_SETTINGS_WINDOW_WIDTH);
  g_settings_reset (settings, MS_SETTINGS_WINDOW_HEIGHT);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_zone_window (void)
{
  g_autoptr(GError) error = NULL;
  MsZoneWindow *window = ms_zone_window_new (GTK_APPLICATION (ms_test_app ()));

  g_assert_true (ms_zone_window_open_demo (window, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  assert_opens_within_monitor (GTK_WINDOW (window));
  show_all_and_check (GTK_WINDOW (window), "zone painter");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_compare_window (void)
{
  g_autoptr(MsBlueprint) a = ms_test_compare_demo (256, 1, NULL);
  g_autoptr(MsBlueprint) b = ms_test_compare_demo (256, 2, NULL);
  MsCompareWindow *window = ms_compare_window_new (GTK_APPLICATION (ms_test_app ()), a, b);
  GdkRectangle monitor;
  int width, height;

  get_monitor_geometry (GTK_WIDGET (window), &monitor);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, <=, monitor.width);
  g_assert_cmpint (height, <=, monitor.height);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_compare_ready, window, "the comparison");
  show_all_and_check (GTK_WINDOW (window), "comparison");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_zone_picker (void)
{
  g_autofree char *dir = ms_test_make_tmpdir ();
  g_autoptr(GError) error = NULL;
  MsWindow *parent = ms_test_window_new ();
  MsZonePicker *picker;

  for (guint id = 70; id < 73; id++)
    {
      g_assert_true (ms_demo_zone_write (dir, id, 64, id % 2 == 0, &error));
      g_assert_no_error (error);
    }
  gtk_window_present (GTK_WINDOW (parent));
  picker = ms_zone_picker_new (GTK_WINDOW (parent), dir);
  gtk_window_present (GTK_WINDOW (picker));
  assert_opens_within_monitor (GTK_WINDOW (picker));
  ms_test_run_for (300);
  assert_fits (GTK_WINDOW (picker), "zone picker");
  gtk_window_destroy (GTK_WINDOW (picker));
  gtk_window_destroy (GTK_WINDOW (parent));
  ms_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  ms_test_window_start (&argc, &argv);
  g_test_add_func ("/window-size/viewer", test_viewer);
  g_test_add_func ("/window-size/zone-window", test_zone_window);
  g_test_add_func ("/window-size/compare-window", test_compare_window);
  g_test_add_func ("/window-size/zone-picker", test_zone_picker);
  return ms_test_app_run ();
}
