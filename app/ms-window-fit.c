/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Default sizes clamped to the screen's work area (issue #36: a window
 * opened 1200 × 1104 on a 1280 × 800 screen), and side panels that hide.
 */
#define G_LOG_DOMAIN "ms-window-fit"

#include "config.h"

#include "ms-window-fit.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

static GdkMonitor *
find_monitor (GtkWindow *window)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (window));
  GtkWindow *near = gtk_window_get_transient_for (window);
  GtkApplication *application = gtk_window_get_application (window);
  GListModel *monitors = gdk_display_get_monitors (display);
  g_autoptr(GdkMonitor) first = NULL;

  if (near == NULL && application != NULL)
    near = gtk_application_get_active_window (application);
  if (near != NULL && near != window)
    {
      GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (near));

      if (surface != NULL)
        {
          GdkMonitor *monitor = gdk_display_get_monitor_at_surface (display, surface);

          if (monitor != NULL)
            return monitor;
        }
    }
  if (g_list_model_get_n_items (monitors) == 0)
    return NULL;
  /* The list holds its own reference. */
  first = g_list_model_get_item (monitors, 0);
  return first;
}

gboolean
ms_window_get_work_area (GtkWindow    *window,
                         GdkRectangle *area)
{
  GdkMonitor *monitor;

  g_return_val_if_fail (GTK_IS_WINDOW (window), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  monitor = find_monitor (window);
  if (monitor == NULL)
    return FALSE;
#ifdef GDK_WINDOWING_X11
  if (GDK_IS_X11_MONITOR (monitor))
    {
      gdk_x11_monitor_get_workarea (monitor, area);
      return area->width > 0 && area->height > 0;
    }
#endif
  gdk_monitor_get_geometry (monitor, area);
  return area->width > 0 && area->height > 0;
}

void
ms_window_fit_default_size (GtkWindow *window,
                            int        width,
                            int        height)
{
  GdkRectangle area;

  g_return_if_fail (GTK_IS_WINDOW (window));

  if (ms_window_get_work_area (window, &area))
    {
      width = MIN (width, area.width);
      height = MIN (height, area.height);
    }
  gtk_window_set_default_size (window, width, height);
}

void
ms_window_add_sidebar_action (GtkWindow *window,
                              GtkWidget *panel)
{
  g_autoptr(GPropertyAction) action = NULL;

  g_return_if_fail (GTK_IS_APPLICATION_WINDOW (window));
  g_return_if_fail (GTK_IS_WIDGET (panel));

  /* A boolean property's action toggles when activated without a value:
   * F9 and the header bar's toggle button both just activate it. */
  action = g_property_action_new ("sidebar-visible", panel, "visible");
  g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
}
