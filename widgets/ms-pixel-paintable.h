/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* An image that scales without smoothing: each image pixel stays a sharp
 * square when enlarged and a pixel-exact sample when reduced, so a mask or
 * a difference map shows what is in it, not a blur.  (GTK 4.8 scales
 * textures linearly; this draws through cairo with a nearest filter.) */
#define MS_TYPE_PIXEL_PAINTABLE (ms_pixel_paintable_get_type ())
G_DECLARE_FINAL_TYPE (MsPixelPaintable, ms_pixel_paintable, MS, PIXEL_PAINTABLE, GObject)

MsPixelPaintable *ms_pixel_paintable_new         (GdkTexture       *texture);
GdkTexture       *ms_pixel_paintable_get_texture (MsPixelPaintable *self);

G_END_DECLS
