/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MsPixelPaintable enlarges without smoothing: every screen pixel is the
 * colour of exactly one image pixel, chosen by nearest sampling.
 */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-pixel-paintable.h"

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guint8 *row = cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface);

  return ((const guint32 *) row)[x];
}

static void
test_enlarges_sharply (void)
{
  /* A 3×2 image, premultiplied BGRA in memory (cairo ARGB32 on LE). */
  static const guint32 image[6] = {
    0xffff0000, 0xff0000ff, 0xff00ff00,
    0xff000000, 0xffffffff, 0xff808080,
  };
  g_autoptr(GBytes) bytes = g_bytes_new_static (image, sizeof image);
  g_autoptr(GdkTexture) texture = gdk_memory_texture_new (3, 2, GDK_MEMORY_DEFAULT, bytes, 3 * 4);
  g_autoptr(MsPixelPaintable) paintable = ms_pixel_paintable_new (texture);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_assert_cmpint (gdk_paintable_get_intrinsic_width (GDK_PAINTABLE (paintable)), ==, 3);
  g_assert_cmpint (gdk_paintable_get_intrinsic_height (GDK_PAINTABLE (paintable)), ==, 2);
  g_assert_true (ms_pixel_paintable_get_texture (paintable) == texture);

  /* Drawn 10× larger: screen (sx, sy) shows image (sx / 10, sy / 10). */
  gdk_paintable_snapshot (GDK_PAINTABLE (paintable), snapshot, 30, 20);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 30, 20);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  for (int sy = 0; sy < 20; sy++)
    for (int sx = 0; sx < 30; sx++)
      g_assert_cmphex (pixel_at (surface, sx, sy), ==, image[(sy / 10) * 3 + sx / 10]);
  cairo_surface_destroy (surface);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pixel-paintable/enlarges-sharply", test_enlarges_sharply);
  return g_test_run ();
}
