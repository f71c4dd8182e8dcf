/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The mouse wheel over @control (a slider, a spin button) changes it only
 * while it holds the keyboard focus (a click or Tab gives it); otherwise
 * the wheel scrolls the panel it sits in, as over the rest of the panel.
 * Idempotent. */
void ms_wheel_guard_add     (GtkWidget *control);
/* The same for every GtkRange and GtkSpinButton under @panel (itself
 * included): one call for a window's side panel. */
void ms_wheel_guard_add_all (GtkWidget *panel);

G_END_DECLS
