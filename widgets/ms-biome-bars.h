/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The biome shares of several maps: a horizontal bar a map (a row), its
 * label on the left, split into segments in the biomes' colours and
 * stretched to the whole bar (100 %-stacked), with a key of the biomes
 * that appear below.  Hovering a segment shows its biome and share
 * ("Forest: 23.4 %").  With no row it says what to do. */
#define MS_TYPE_BIOME_BARS (ms_biome_bars_get_type ())
G_DECLARE_FINAL_TYPE (MsBiomeBars, ms_biome_bars, MS, BIOME_BARS, GtkWidget)

GtkWidget *ms_biome_bars_new          (void);
/* The names and colours of the biomes by ordinal, as the game profile's
 * biome table gives them (copied).  A share of an ordinal beyond them is
 * drawn grey and named by its number. */
void       ms_biome_bars_set_biomes   (MsBiomeBars        *self,
                                       guint               n_biomes,
                                       const char *const  *names,
                                       const GdkRGBA      *colours);
void       ms_biome_bars_clear        (MsBiomeBars        *self);
/* A map's row: @pct[i], i < @n, is the percent of all its pixels in biome
 * ordinal i.  They need not sum to exactly 100: the bar shows each share
 * of their sum, the tooltip the percent given.  The data is copied. */
void       ms_biome_bars_add_row      (MsBiomeBars        *self,
                                       const char         *label,
                                       const double       *pct,
                                       guint               n);
guint      ms_biome_bars_get_n_rows   (MsBiomeBars        *self);

/* What is under widget point (@x, @y): the row and the biome ordinal of the
 * segment there, FALSE (and nothing set) off every segment. */
gboolean   ms_biome_bars_hit          (MsBiomeBars        *self,
                                       double              x,
                                       double              y,
                                       guint              *row,
                                       guint              *biome);
/* Where row @row's bar is drawn, in widget coordinates; FALSE when there is
 * no such row or no room. */
gboolean   ms_biome_bars_get_bar_area (MsBiomeBars        *self,
                                       guint               row,
                                       graphene_rect_t    *area);

G_END_DECLS
