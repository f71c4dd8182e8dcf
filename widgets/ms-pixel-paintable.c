/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ms-pixel-paintable.h"

struct _MsPixelPaintable
{
  GObject          parent_instance;

  GdkTexture      *texture;
  cairo_surface_t *surface;   /* the texture's pixels, downloaded once */
};

static void ms_pixel_paintable_iface_init (GdkPaintableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MsPixelPaintable, ms_pixel_paintable, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GDK_TYPE_PAINTABLE, ms_pixel_paintable_iface_init))

static void
ms_pixel_paintable_snapshot (GdkPaintable *paintable,
                             GdkSnapshot  *snapshot,
                             double        width,
                             double        height)
{
  MsPixelPaintable *self = MS_PIXEL_PAINTABLE (paintable);
  int w = cairo_image_surface_get_width (self->surface);
  int h = cairo_image_surface_get_height (self->surface);
  cairo_t *cr;

  if (width <= 0 || height <= 0 || w == 0 || h == 0)
    return;

  cr = gtk_snapshot_append_cairo (GTK_SNAPSHOT (snapshot),
                                  &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_scale (cr, width / w, height / h);
  cairo_set_source_surface (cr, self->surface, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_destroy (cr);
}

static int
ms_pixel_paintable_get_intrinsic_width (GdkPaintable *paintable)
{
  return gdk_texture_get_width (MS_PIXEL_PAINTABLE (paintable)->texture);
}

static int
ms_pixel_paintable_get_intrinsic_height (GdkPaintable *paintable)
{
  return gdk_texture_get_height (MS_PIXEL_PAINTABLE (paintable)->texture);
}

static GdkPaintableFlags
ms_pixel_paintable_get_flags (GdkPaintable *paintable)
{
  return GDK_PAINTABLE_STATIC_SIZE | GDK_PAINTABLE_STATIC_CONTENTS;
}

static void
ms_pixel_paintable_iface_init (GdkPaintableInterface *iface)
{
  iface->snapshot = ms_pixel_paintable_snapshot;
  iface->get_intrinsic_width = ms_pixel_paintable_get_intrinsic_width;
  iface->get_intrinsic_height = ms_pixel_paintable_get_intrinsic_height;
  iface->get_flags = ms_pixel_paintable_get_flags;
}

static void
ms_pixel_paintable_finalize (GObject *object)
{
  MsPixelPaintable *self = MS_PIXEL_PAINTABLE (object);

  g_clear_object (&self->texture);
  g_clear_pointer (&self->surface, cairo_surface_destroy);

  G_OBJECT_CLASS (ms_pixel_paintable_parent_class)->finalize (object);
}

static void
ms_pixel_paintable_class_init (MsPixelPaintableClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_pixel_paintable_finalize;
}

static void
ms_pixel_paintable_init (MsPixelPaintable *self)
{
}

/* Textures are immutable, so the pixels are read once, here. */
MsPixelPaintable *
ms_pixel_paintable_new (GdkTexture *texture)
{
  MsPixelPaintable *self;
  int width, height;

  g_return_val_if_fail (GDK_IS_TEXTURE (texture), NULL);

  self = g_object_new (MS_TYPE_PIXEL_PAINTABLE, NULL);
  self->texture = g_object_ref (texture);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  /* cairo's ARGB32 is GDK_MEMORY_DEFAULT, the layout download () writes. */
  self->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  gdk_texture_download (texture, cairo_image_surface_get_data (self->surface),
                        cairo_image_surface_get_stride (self->surface));
  cairo_surface_mark_dirty (self->surface);
  return self;
}

GdkTexture *
ms_pixel_paintable_get_texture (MsPixelPaintable *self)
{
  g_return_val_if_fail (MS_IS_PIXEL_PAINTABLE (self), NULL);
  return self->texture;
}
