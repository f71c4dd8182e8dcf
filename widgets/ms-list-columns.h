/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Appends a sortable column to @view whose cells show @property of the
 * rows (GObjects of @item_type): strings as they are, doubles with
 * @decimals decimals, other numbers as integers; numbers right-aligned.
 * The column sorts by @sort_property (NULL: @property), numerically when
 * that is a number or a boolean.  @tooltip (may be NULL) goes on each
 * cell.  The column remembers @property; see ms_list_columns_find(). */
GtkColumnViewColumn *ms_list_columns_add  (GtkColumnView *view,
                                           GType          item_type,
                                           const char    *title,
                                           const char    *property,
                                           const char    *sort_property,
                                           guint          decimals,
                                           const char    *tooltip);
/* The column added for @property, or NULL. */
GtkColumnViewColumn *ms_list_columns_find (GtkColumnView *view,
                                           const char    *property);

G_END_DECLS
