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
/* For a column of ms_list_columns_add (), before its rows show: it takes
 * the room left and ellipsizes its text, each cell's tooltip giving the
 * whole text (then the column's tooltip), so a narrow list needs no
 * horizontal scrolling to read it. */
void                 ms_list_columns_ellipsize (GtkColumnViewColumn *column);
GtkColumnViewColumn *ms_list_columns_find (GtkColumnView *view,
                                           const char    *property);

/* Columns whose model is a list of placeholders (a GtkStringList) kept in
 * step with an array the owner holds, so a row's position is its index in
 * that array, and each cell is a label the owner fills from that index:
 * the app's dialogs. */

/* Shapes a fresh cell's label for @column (alignment, ellipsis, CSS). */
typedef void (*MsListColumnsSetup) (GtkLabel *label,
                                    int       column);
/* Fills the label of row @position in @column; @owner as given below. */
typedef void (*MsListColumnsBind)  (gpointer  owner,
                                    GtkLabel *label,
                                    guint     position,
                                    int       column);

/* Appends a resizable column of labels; @owner is not referenced (the
 * column view is the owner's child and goes first). */
void ms_list_columns_add_positional (GtkColumnView       *view,
                                     const char          *title,
                                     int                  column,
                                     gboolean             expand,
                                     MsListColumnsSetup   setup,
                                     MsListColumnsBind    bind,
                                     gpointer             owner);
/* For the owner's dispose: unsets the view's model (NULL: the template has
 * gone already) and drops *@selection. */
void ms_list_columns_release        (GtkColumnView       *view,
                                     GtkSingleSelection **selection);

G_END_DECLS
