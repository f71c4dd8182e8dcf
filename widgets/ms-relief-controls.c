/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-relief-controls.h"

GtkWidget *
ms_contour_interval_spin_new (double      lower,
                              double      upper,
                              double      step,
                              const char *what)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (lower, upper, step);
  /* Translators: %s is a unit, "metres" or "height units". */
  g_autofree char *tip = g_strdup_printf (_("Contour interval, in %s"), what);

  gtk_widget_set_name (spin, "contour-interval");
  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), 1);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (spin, tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, tip, -1);
  return spin;
}

GtkWidget *
ms_multidirectional_check_new (void)
{
  GtkWidget *check = gtk_check_button_new_with_mnemonic (_("_Multi"));

  gtk_widget_set_name (check, "hillshade-multidirectional");
  gtk_widget_set_tooltip_text (check, _("Light the relief from four directions (225°, 270°, 315°, 360°), "
                                        "weighted by each slope's aspect, as gdaldem -multidirectional "
                                        "does; the light direction is then not used"));
  return check;
}
