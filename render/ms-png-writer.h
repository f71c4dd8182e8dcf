/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <cairo.h>
#include <gio/gio.h>

G_BEGIN_DECLS

/* Encodes @surface as PNG (cairo's encoder) through the atomic, verified
 * save path. */
gboolean ms_png_save (cairo_surface_t  *surface,
                      const char       *path,
                      GCancellable     *cancellable,
                      GError          **error);

G_END_DECLS
