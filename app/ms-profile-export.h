/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-profile-pane.h"

G_BEGIN_DECLS

/* The profile pane's export, for both windows' win.export-profile:
 * @format "csv", "png" or "svg".  What is written is made at once (the
 * plot draws with the widget's fonts), and saved on a worker through the
 * project's one save path (ms_save_bytes); @done gets the sentence to
 * show, the path and size, or why it failed.  Nothing for a cancelled
 * dialog. */
typedef void (*MsProfileExportDone) (GtkWindow  *window,
                                     const char *message,
                                     gboolean    failed);

/* Asks where first (a file chooser named after @base, the map's file name
 * without its extension, nullable). */
void ms_profile_export_ask     (GtkWindow           *window,
                                MsProfilePane       *pane,
                                const char          *format,
                                const char          *base,
                                MsProfileExportDone  done);
void ms_profile_export_to_path (GtkWindow           *window,
                                MsProfilePane       *pane,
                                const char          *format,
                                const char          *path,
                                MsProfileExportDone  done);

G_END_DECLS
