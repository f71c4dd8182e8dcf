/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ms-click-count.h"

#include <math.h>

guint
ms_click_count_press (MsClickCount *count,
                      guint32       time,
                      double        x,
                      double        y,
                      guint         max_time,
                      guint         max_distance)
{
  gboolean repeat;

  g_return_val_if_fail (count != NULL, 1);

  /* Unsigned difference: the server's millisecond clock wraps. */
  repeat = count->n_press > 0 && time != 0 && count->time != 0 &&
           (guint32) (time - count->time) <= max_time &&
           fabs (x - count->x) < max_distance && fabs (y - count->y) < max_distance;
  count->n_press = repeat ? count->n_press + 1 : 1;
  count->time = time;
  /* Like GTK, distance is measured from the first press of a series. */
  if (!repeat)
    {
      count->x = x;
      count->y = y;
    }
  return count->n_press;
}

guint
ms_click_count_press_event (MsClickCount       *count,
                            GtkEventController *controller,
                            double              x,
                            double              y)
{
  GtkWidget *widget;
  guint max_time = 400, max_distance = 5;

  g_return_val_if_fail (GTK_IS_EVENT_CONTROLLER (controller), 1);

  widget = gtk_event_controller_get_widget (controller);
  if (widget != NULL)
    g_object_get (gtk_widget_get_settings (widget),
                  "gtk-double-click-time", &max_time,
                  "gtk-double-click-distance", &max_distance,
                  NULL);
  return ms_click_count_press (count, gtk_event_controller_get_current_event_time (controller),
                               x, y, max_time, max_distance);
}

void
ms_click_count_reset (MsClickCount *count)
{
  g_return_if_fail (count != NULL);

  *count = (MsClickCount) { 0 };
}
