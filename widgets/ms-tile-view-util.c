/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view maths and drawing steps the map view and the zone view share,
 * so the two views show a map alike whatever they draw it from.
 */
#define G_LOG_DOMAIN "ms-tile-view"

#include "config.h"

#include <epoxy/gl.h>

#include "ms-tile-view-util.h"

/* The views' background, in GL and in GSK alike. */
#define BACKGROUND_R 0.16f
#define BACKGROUND_G 0.16f
#define BACKGROUND_B 0.18f

void
ms_tile_view_init_widget (GtkWidget *view)
{
  gtk_widget_set_focusable (view, TRUE);
  gtk_widget_set_hexpand (view, TRUE);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_widget_set_overflow (view, GTK_OVERFLOW_HIDDEN);
}

MsGlView
ms_tile_view_current_view (GtkWidget  *view,
                           MsViewport *viewport)
{
  int scale = gtk_widget_get_scale_factor (view);
  double x0, y0;
  MsGlView gl_view;

  ms_viewport_screen_to_map (viewport, 0, 0, &x0, &y0);
  gl_view.x0 = x0;
  gl_view.y0 = y0;
  gl_view.zoom = ms_viewport_get_zoom (viewport) * scale;
  gl_view.width = MAX (1, gtk_widget_get_width (view) * scale);
  gl_view.height = MAX (1, gtk_widget_get_height (view) * scale);
  return gl_view;
}

void
ms_tile_view_get_visible (GtkWidget  *view,
                          MsViewport *viewport,
                          double     *x0,
                          double     *y0,
                          double     *x1,
                          double     *y1)
{
  ms_viewport_screen_to_map (viewport, 0, 0, x0, y0);
  ms_viewport_screen_to_map (viewport, gtk_widget_get_width (view), gtk_widget_get_height (view), x1, y1);
}

void
ms_tile_view_show_map (GtkWidget  *view,
                       MsViewport *viewport,
                       double      width,
                       double      height)
{
  ms_viewport_set_map_size (viewport, width, height);
  ms_viewport_set_size (viewport, gtk_widget_get_width (view), gtk_widget_get_height (view));
  ms_viewport_fit (viewport);
}

void
ms_tile_view_redraw (GtkWidget *view,
                     GtkWidget *gl_area)
{
  if (gl_area != NULL)
    gtk_gl_area_queue_render (GTK_GL_AREA (gl_area));
  gtk_widget_queue_draw (view);
}

void
ms_tile_view_allocate (GtkWidget  *view,
                       MsViewport *viewport,
                       gboolean    has_map,
                       GtkWidget  *gl_area,
                       int         width,
                       int         height,
                       int         baseline)
{
  double old_w = ms_viewport_get_width (viewport);
  double old_h = ms_viewport_get_height (viewport);

  ms_viewport_set_size (viewport, width, height);
  /* A fresh map is shown fitted to the first real size the view gets. */
  if (has_map && old_w <= 1.0 && old_h <= 1.0 && width > 1 && height > 1)
    ms_viewport_fit (viewport);

  if (gl_area != NULL)
    gtk_widget_allocate (gl_area, width, height, baseline, NULL);
}

void
ms_tile_view_get_background (GdkRGBA *rgba)
{
  *rgba = (GdkRGBA) { BACKGROUND_R, BACKGROUND_G, BACKGROUND_B, 1.0f };
}

void
ms_tile_view_snapshot_background (GtkWidget   *view,
                                  GtkSnapshot *snapshot)
{
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { BACKGROUND_R, BACKGROUND_G, BACKGROUND_B, 1.0f },
                             &GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (view),
                                                  (float) gtk_widget_get_height (view)));
}

cairo_t *
ms_tile_view_append_map_cairo (GtkWidget   *view,
                               MsViewport  *viewport,
                               GtkSnapshot *snapshot)
{
  double zoom = ms_viewport_get_zoom (viewport);
  double x0, y0;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot,
                                           &GRAPHENE_RECT_INIT (0, 0, (float) gtk_widget_get_width (view),
                                                                (float) gtk_widget_get_height (view)));

  ms_viewport_screen_to_map (viewport, 0, 0, &x0, &y0);
  cairo_scale (cr, zoom, zoom);
  cairo_translate (cr, -x0, -y0);
  return cr;
}

gboolean
ms_tile_view_gl_make_current (GtkWidget *gl_area)
{
  if (gl_area == NULL || !gtk_widget_get_realized (gl_area))
    return FALSE;
  gtk_gl_area_make_current (GTK_GL_AREA (gl_area));
  return gtk_gl_area_get_error (GTK_GL_AREA (gl_area)) == NULL;
}

void
ms_tile_view_gl_clear (void)
{
  glClearColor (BACKGROUND_R, BACKGROUND_G, BACKGROUND_B, 1.0f);
  glClear (GL_COLOR_BUFFER_BIT);
}

GtkWidget *
ms_tile_view_add_gl (GtkWidget     *view,
                     MsGlFallback **gl,
                     GCallback      on_fell_back,
                     GCallback      on_realize,
                     GCallback      on_unrealize,
                     GCallback      on_render)
{
  GtkWidget *area;

  *gl = ms_gl_fallback_new (view);
  area = GTK_WIDGET (ms_gl_fallback_get_area (*gl));
  g_signal_connect_swapped (*gl, "fell-back", on_fell_back, view);
  g_signal_connect (area, "realize", on_realize, view);
  g_signal_connect (area, "unrealize", on_unrealize, view);
  g_signal_connect (area, "render", on_render, view);
  return area;
}

gboolean
ms_tile_view_gl_realize_ok (GtkGLArea    *area,
                            MsGlFallback *gl)
{
  GError *error;

  gtk_gl_area_make_current (area);
  error = gtk_gl_area_get_error (area);
  if (error != NULL)
    {
      ms_gl_fallback_fail (gl, error->message);
      return FALSE;
    }
  return TRUE;
}

void
ms_tile_view_dispose_parts (MsTileViewQueue **tiles,
                            MsViewGestures  **gestures,
                            MsGlFallback    **gl,
                            GtkWidget       **gl_area)
{
  if (*tiles != NULL)
    ms_tile_view_queue_reset (*tiles);
  g_clear_object (tiles);
  if (*gestures != NULL)
    ms_view_gestures_stop_kinetic (*gestures);
  g_clear_object (gestures);
  if (*gl != NULL)
    ms_gl_fallback_remove (*gl);
  *gl_area = NULL;
  g_clear_object (gl);
}
