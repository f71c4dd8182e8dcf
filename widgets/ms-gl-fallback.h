/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The GL-or-CPU switch the map views share: a GtkGLArea child of a view
 * (GL 3.3, rendered on demand, never a pointer target) until GL fails, then
 * none.  GL handlers run inside GTK's own realize and render, so a failure
 * reported there is acted on from an idle: the area is unparented (which
 * unrealizes it: the view frees its GL objects then) and "fell-back" is
 * emitted; the view then draws on the CPU. */
#define MS_TYPE_GL_FALLBACK (ms_gl_fallback_get_type ())
G_DECLARE_FINAL_TYPE (MsGlFallback, ms_gl_fallback, MS, GL_FALLBACK, GObject)

/* Adds the GL area to @view as its child; the view keeps the reference and
 * must call ms_gl_fallback_remove () in its dispose. */
MsGlFallback *ms_gl_fallback_new         (GtkWidget    *view);
/* The GL area, or NULL once fallen back. */
GtkGLArea    *ms_gl_fallback_get_area    (MsGlFallback *self);
/* Falls back from an idle, once; @why says why (for the user). */
void          ms_gl_fallback_fail        (MsGlFallback *self,
                                          const char   *why);
/* Why the view draws on the CPU, or NULL while it uses GL. */
const char   *ms_gl_fallback_get_problem (MsGlFallback *self);
/* Unparents the area without falling back: for the view's dispose. */
void          ms_gl_fallback_remove      (MsGlFallback *self);

G_END_DECLS
