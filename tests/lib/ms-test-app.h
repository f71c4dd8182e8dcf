/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application the window tests drive (tests/app/): one MsApplication
 * per test program, non-unique and registered, so that its windows, their
 * actions and its settings behave as in the running app, with the XDG
 * folders it writes to made private to the run.
 */
#pragma once

#include "ms-application.h"

G_BEGIN_DECLS

/* Points each XDG variable named (NULL-terminated, e.g. "XDG_STATE_HOME")
 * at a new temporary folder, runs gtk_test_init () and makes the
 * application.  The programs' own main () calls it first. */
MsApplication *ms_test_app_start         (int         *argc,
                                          char      ***argv,
                                          const char  *first_xdg_variable,
                                          ...) G_GNUC_NULL_TERMINATED;
/* The application ms_test_app_start () made. */
MsApplication *ms_test_app               (void);
/* Runs the tests added, then drops the application and the folders;
 * g_test_run ()'s status. */
int            ms_test_app_run           (void);

G_END_DECLS
