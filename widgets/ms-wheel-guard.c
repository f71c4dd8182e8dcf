/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sliders and spin buttons that leave the wheel to their panel unless
 * focused (issue #36, point 6): scrolling a side panel with the wheel
 * moved whichever slider passed under the pointer, and the light direction
 * (a setting) changed without the user noticing.
 *
 * GTK delivers a scroll to the widget under the pointer, and GtkRange's
 * and GtkSpinButton's own scroll controllers (bubble phase) take it before
 * the GtkScrolledWindow above them sees it.  A capture-phase controller on
 * the control runs first: with the focus elsewhere it scrolls the panel
 * itself, by the step GtkScrolledWindow takes for that event, and stops
 * the event there.
 */
#define G_LOG_DOMAIN "ms-wheel-guard"

#include "config.h"

#include <math.h>

#include "ms-wheel-guard.h"

#define GUARD_KEY "ms-wheel-guard"

/* GtkScrolledWindow's step: a wheel detent moves the page's size to the
 * power 2/3; a touchpad's deltas are pixels already. */
static void
scroll_adjustment (GtkAdjustment  *adjustment,
                   double          delta,
                   GdkScrollUnit   unit)
{
  double step;

  if (adjustment == NULL || delta == 0.0)
    return;
  step = unit == GDK_SCROLL_UNIT_WHEEL ? pow (gtk_adjustment_get_page_size (adjustment), 2.0 / 3.0) : 1.0;
  /* GtkAdjustment clamps to [lower, upper − page size]. */
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + delta * step);
}

static gboolean
on_scroll (GtkEventControllerScroll *scroll,
           double                    dx,
           double                    dy,
           gpointer                  user_data)
{
  GtkEventControllerFocus *focus = user_data;
  GtkWidget *control = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (scroll));
  GtkWidget *panel;
  GdkScrollUnit unit;

  if (gtk_event_controller_focus_contains_focus (focus))
    return GDK_EVENT_PROPAGATE;
  panel = gtk_widget_get_ancestor (control, GTK_TYPE_SCROLLED_WINDOW);
  if (panel != NULL)
    {
      GtkScrolledWindow *scrolled = GTK_SCROLLED_WINDOW (panel);

      unit = gtk_event_controller_scroll_get_unit (scroll);
      scroll_adjustment (gtk_scrolled_window_get_vadjustment (scrolled), dy, unit);
      scroll_adjustment (gtk_scrolled_window_get_hadjustment (scrolled), dx, unit);
    }
  /* Out of a panel too: an unfocused control never takes the wheel. */
  return GDK_EVENT_STOP;
}

void
ms_wheel_guard_add (GtkWidget *control)
{
  GtkEventController *focus;
  GtkEventController *scroll;

  g_return_if_fail (GTK_IS_WIDGET (control));

  if (g_object_get_data (G_OBJECT (control), GUARD_KEY) != NULL)
    return;
  focus = gtk_event_controller_focus_new ();
  gtk_widget_add_controller (control, focus);
  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (on_scroll), focus);
  gtk_widget_add_controller (control, scroll);
  g_object_set_data (G_OBJECT (control), GUARD_KEY, scroll);
}

void
ms_wheel_guard_add_all (GtkWidget *panel)
{
  g_return_if_fail (GTK_IS_WIDGET (panel));

  /* A scrollbar's range is the panel's own: the wheel over it scrolls. */
  if (GTK_IS_SCROLLBAR (panel))
    return;
  if (GTK_IS_RANGE (panel) || GTK_IS_SPIN_BUTTON (panel))
    {
      ms_wheel_guard_add (panel);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (panel); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ms_wheel_guard_add_all (child);
}
