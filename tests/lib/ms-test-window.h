/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer window (app/ms-window.c) as its tests open it: a window of
 * the test application at a known size, waits for its map to be drawn or
 * its file loaded, and demo blueprints written to files.
 */
#pragma once

#include "ms-test-app.h"
#include "ms-window.h"

G_BEGIN_DECLS

/* ms_test_app_start () for the viewer's tests: the demo zone is written
 * under the cache folder, journals under the state folder, recent files
 * to GtkRecentManager's file under the data folder, each a private one. */
MsApplication *ms_test_window_start       (int          *argc,
                                           char       ***argv);
/* A new viewer window of ms_test_app () at 1000 × 700, undecorated, towns
 * and roads off (settings the tests that want them turn on). */
MsWindow      *ms_test_window_new         (void);
/* As an MsTestDoneFunc: is the window @data not loading a file? */
gboolean       ms_test_window_not_loading (gpointer       data);
/* Until the map is loaded, sized and every tile of it drawn, and a moment
 * after. */
void           ms_test_window_settle      (MsWindow      *window);
/* A demo blueprint of @size² from @seed written to @path; its bytes. */
GBytes        *ms_test_write_demo         (const char    *path,
                                           guint          size,
                                           gint32         seed);

G_END_DECLS
