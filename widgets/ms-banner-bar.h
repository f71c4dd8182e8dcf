/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The row inside an MsBanner: what comes before its text (the icon), the
 * text (its first horizontally expanding child), the controls after it and,
 * last, the close button.  Wide enough, all in one row as a GtkBox lays
 * them out; narrower, the controls between the text and the close button
 * wrap to a second row at the end, so the text keeps a readable width and
 * a window with a banner stays as narrow and short as one without
 * (AdwBanner does the same on a phone). */
#define MS_TYPE_BANNER_BAR (ms_banner_bar_get_type ())
G_DECLARE_FINAL_TYPE (MsBannerBar, ms_banner_bar, MS, BANNER_BAR, GtkWidget)

/* Is the bar in two rows at its current width? */
gboolean ms_banner_bar_get_wrapped (MsBannerBar *self);

G_END_DECLS
