/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MS_TYPE_APPLICATION (ms_application_get_type ())
G_DECLARE_FINAL_TYPE (MsApplication, ms_application, MS, APPLICATION, GtkApplication)

MsApplication *ms_application_new          (void);
/* The app's own GSettings; the windows make theirs (same schema, same
 * backend), so this is for tests and the app alone. */
GSettings     *ms_application_get_settings (MsApplication *self);

/* A seed gallery of @files (GFile blueprints), titled @title. */
void           ms_application_open_gallery (GtkApplication *app,
                                            GPtrArray      *files,
                                            const char     *title);

G_END_DECLS
