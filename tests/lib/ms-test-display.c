/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-test-display.h"

GtkWidget *
ms_test_find_named (GtkWidget  *root,
                    const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ms_test_find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

GtkWidget *
ms_test_get_named (GtkWidget  *root,
                   const char *format,
                   ...)
{
  g_autofree char *name = NULL;
  GtkWidget *widget;
  va_list args;

  va_start (args, format);
  name = g_strdup_vprintf (format, args);
  va_end (args);
  widget = ms_test_find_named (root, name);
  if (widget == NULL)
    g_error ("No widget named %s", name);
  return widget;
}

GtkWidget *
ms_test_find_type (GtkWidget *root,
                   GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ms_test_find_type (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

gboolean
ms_test_widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

gboolean
ms_test_revealer_settled (gpointer data)
{
  GtkRevealer *revealer = data;

  return gtk_revealer_get_child_revealed (revealer) == gtk_revealer_get_reveal_child (revealer);
}

GtkWidget *
ms_test_find_action_button (GtkWidget  *root,
                            const char *action)
{
  if (GTK_IS_BUTTON (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ms_test_find_action_button (child, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

guint32 *
ms_test_capture (GtkWidget *widget,
                 int        width,
                 int        height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  guint32 *pixels = g_new (guint32, (gsize) width * height);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  /* A widget waiting for its allocation snapshots nothing: let the frame
   * clock run (a slow, sanitized build meets this). */
  for (guint tries = 0; node == NULL && tries < 40; tries++)
    {
      ms_test_run_for (50);
      snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, width);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
  /* CAIRO_FORMAT_ARGB32 words, as ms_render_* and cairo give them. */
  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  return pixels;
}

guint
ms_test_count_unlike (cairo_surface_t *image,
                      guint            width,
                      guint            height,
                      const guint32   *shown,
                      int              shown_width,
                      int              x,
                      int              y,
                      guint            tolerance)
{
  const guint8 *data = cairo_image_surface_get_data (image);
  int stride = cairo_image_surface_get_stride (image);
  guint bad = 0;

  for (guint j = 0; j < height; j++)
    for (guint i = 0; i < width; i++)
      {
        guint32 a = ((const guint32 *) (gconstpointer) (data + (gsize) j * stride))[i];
        guint32 b = shown[(gsize) (y + (int) j) * shown_width + x + (int) i];
        guint d = 0;

        for (guint shift = 0; shift < 24; shift += 8)
          d = MAX (d, (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
        if (d > tolerance)
          bad++;
      }
  return bad;
}

void
ms_test_widget_to_surface (GtkWidget *widget,
                           double     x,
                           double     y,
                           double    *surface_x,
                           double    *surface_y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t at;
  double tx, ty;

  g_assert_nonnull (native);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (x, y), &at));
  gtk_native_get_surface_transform (native, &tx, &ty);
  *surface_x = at.x + tx;
  *surface_y = at.y + ty;
}

void
ms_test_click_widget (GtkWidget  *widget,
                      const char *window_id,
                      guint       n_clicks)
{
  double x, y;
  char sx[16], sy[16], n[16];

  g_assert_cmpuint (n_clicks, >, 0);
  ms_test_widget_to_surface (widget, gtk_widget_get_width (widget) / 2.0,
                             gtk_widget_get_height (widget) / 2.0, &x, &y);
  g_snprintf (sx, sizeof sx, "%d", (int) lround (x));
  g_snprintf (sy, sizeof sy, "%d", (int) lround (y));
  g_snprintf (n, sizeof n, "%u", n_clicks);
  ms_test_xdotool ("mousemove", "--window", window_id, sx, sy, NULL);
  ms_test_run_for (150);
  ms_test_xdotool ("click", "--repeat", n, "--delay", "80", "1", NULL);
  ms_test_run_for (300);
}
