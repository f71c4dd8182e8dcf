/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-gallery-item.h"
#include "ms-gallery-loader.h"

G_BEGIN_DECLS

/* The seed gallery (issue #38): many blueprints side by side, as cards
 * and as a table of their figures, sortable and filtered by a typed
 * expression; the selection's hypsometric curves and biome shares; Open,
 * Compare, and the table's export. */
#define MS_TYPE_GALLERY_WINDOW (ms_gallery_window_get_type ())
G_DECLARE_FINAL_TYPE (MsGalleryWindow, ms_gallery_window, MS, GALLERY_WINDOW, GtkApplicationWindow)

typedef enum
{
  MS_GALLERY_FORMAT_CSV,
  MS_GALLERY_FORMAT_JSON_LINES,
} MsGalleryFormat;

/* The .dat files of @folder, by name (a natural order for file names);
 * an empty array for a folder without any. */
GPtrArray       *ms_gallery_list_folder        (GFile            *folder,
                                                GError          **error);

/* A gallery of @files (GFile), read at once; @title names it (a folder's
 * name).  The window reads its settings (profile, style) from @application's
 * schema. */
MsGalleryWindow *ms_gallery_window_new         (GtkApplication   *application,
                                                GPtrArray        *files,
                                                const char       *title);

/* The rows as shown: filtered, sorted, with the selection. */
GtkSelectionModel *ms_gallery_window_get_selection (MsGalleryWindow *self);
MsGalleryLoader *ms_gallery_window_get_loader  (MsGalleryWindow  *self);
GtkColumnView   *ms_gallery_window_get_column_view (MsGalleryWindow *self);
GtkGridView     *ms_gallery_window_get_grid_view (MsGalleryWindow *self);
GtkEntry        *ms_gallery_window_get_filter_entry (MsGalleryWindow *self);
/* The filter's error, or NULL when the text is a valid filter. */
const char      *ms_gallery_window_get_filter_error (MsGalleryWindow *self);
/* The table's column for figure @key ("land_pct", …), "name" for the file's. */
GtkColumnViewColumn *ms_gallery_window_get_column (MsGalleryWindow *self,
                                                   const char      *key);
GtkWidget       *ms_gallery_window_get_plot    (MsGalleryWindow  *self);
GtkWidget       *ms_gallery_window_get_bars    (MsGalleryWindow  *self);
/* The rows shown, in the table's order, as `mapsmith-cli stats` writes
 * them (CSV with its header, or JSON Lines). */
GBytes          *ms_gallery_window_serialize   (MsGalleryWindow  *self,
                                                MsGalleryFormat   format);

/* MAPSMITH_BENCH_GALLERY=FILE (bench/gallery): times the first and the
 * last card on screen, the figures and the audits, writes them to
 * @report_path and quits; ms-gallery-window-bench.c. */
void             ms_gallery_window_start_bench (MsGalleryWindow  *self,
                                                const char       *report_path);

G_END_DECLS
