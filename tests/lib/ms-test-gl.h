/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A headless GL context for render tests: EGL on Mesa's surfaceless
 * platform, an RGBA8 framebuffer object to draw into, and read-back in
 * image order (row 0 at the top).  CI installs Mesa; a missing GL is a
 * failure, not a skip.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _MsTestGl MsTestGl;

MsTestGl *ms_test_gl_new        (int       width,
                                 int       height);
void      ms_test_gl_free       (MsTestGl *gl);
/* Binds the framebuffer; the caller draws. */
void      ms_test_gl_bind       (MsTestGl *gl);
/* width × height ARGB32 (0xAARRGGBB), row 0 at the top. */
guint32  *ms_test_gl_read       (MsTestGl *gl);
int       ms_test_gl_max_texture_size (MsTestGl *gl);

G_END_DECLS
