/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The column view the recovery dialog and the zone picker share: its model
 * is a list of placeholders (a GtkStringList) kept in step with an array
 * the dialog owns, so a row's position is its index in that array, and each
 * cell is a label the dialog fills from that index. */

/* Shapes a fresh cell's label for @column (alignment, ellipsis, CSS). */
typedef void (*MsDialogListSetup) (GtkLabel *label,
                                   int       column);
/* Fills the label of row @position in @column; @owner as given below. */
typedef void (*MsDialogListBind)  (gpointer  owner,
                                   GtkLabel *label,
                                   guint     position,
                                   int       column);

/* Appends a resizable column of labels; @owner is not referenced (the
 * column view is the owner's child and goes first). */
void ms_dialog_list_add_column (GtkColumnView     *view,
                                const char        *title,
                                int                column,
                                gboolean           expand,
                                MsDialogListSetup  setup,
                                MsDialogListBind   bind,
                                gpointer           owner);
/* For the owner's dispose: unsets the view's model (NULL: the template has
 * gone already) and drops *@selection. */
void ms_dialog_list_release    (GtkColumnView       *view,
                                GtkSingleSelection **selection);

G_END_DECLS
