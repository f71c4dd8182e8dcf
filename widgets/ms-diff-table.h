/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint-diff.h"

G_BEGIN_DECLS

/* The figures of a comparison, one row per figure of an MsBlueprintDiff
 * (grid counts when the sizes differ, road lengths in metres): columns A,
 * B and B − A; a row whose A and B differ has the "warning" style class on
 * every cell.  Selectable, tabular figures. */
#define MS_TYPE_DIFF_TABLE (ms_diff_table_get_type ())
G_DECLARE_FINAL_TYPE (MsDiffTable, ms_diff_table, MS, DIFF_TABLE, GtkWidget)

GtkWidget *ms_diff_table_new      (void);
/* Replaces the rows with those of @diff, the comparison of @a with @b
 * (whose profiles name the biomes and town tiers). */
void       ms_diff_table_set_diff (MsDiffTable           *self,
                                   MsBlueprint           *a,
                                   MsBlueprint           *b,
                                   const MsBlueprintDiff *diff);
/* The label of row @key ("towns:Village", "water-pixels", …) in @column
 * (0 A, 1 B, 2 the difference), or NULL. */
GtkLabel  *ms_diff_table_get_cell (MsDiffTable           *self,
                                   const char            *key,
                                   guint                  column);

G_END_DECLS
