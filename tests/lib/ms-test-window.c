/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ms-demo-blueprint.h"
#include "ms-settings.h"
#include "ms-test-display.h"
#include "ms-test-window.h"

MsApplication *
ms_test_window_start (int    *argc,
                      char ***argv)
{
  return ms_test_app_start (argc, argv, "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", NULL);
}

MsWindow *
ms_test_window_new (void)
{
  GSettings *settings = ms_application_get_settings (ms_test_app ());
  MsWindow *window;

  g_settings_set_boolean (settings, MS_SETTINGS_SHOW_TOWNS, FALSE);
  g_settings_set_boolean (settings, MS_SETTINGS_SHOW_ROADS, FALSE);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_WIDTH, 1000);
  g_settings_set_int (settings, MS_SETTINGS_WINDOW_HEIGHT, 700);
  window = ms_window_new (GTK_APPLICATION (ms_test_app ()));
  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  return window;
}

gboolean
ms_test_window_not_loading (gpointer data)
{
  return !ms_window_is_loading (data);
}

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

void
ms_test_window_settle (MsWindow *window)
{
  ms_test_settle (tiles_done, window, 300, "the map to draw");
}

GBytes *
ms_test_write_demo (const char *path,
                    guint       size,
                    gint32      seed)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = ms_demo_blueprint_generate (size, seed, &error);

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL));
  return bytes;
}
