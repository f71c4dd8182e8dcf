/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>
#include <string.h>

#include "ms-demo-blueprint.h"
#include "ms-test-compare.h"

gboolean
ms_test_compare_ready (gpointer data)
{
  MsCompareWindow *window = data;
  GtkWidget *a = GTK_WIDGET (ms_compare_window_get_view_a (window));
  GtkWidget *b = GTK_WIDGET (ms_compare_window_get_view_b (window));

  return gtk_widget_get_mapped (a) && gtk_widget_get_mapped (b) &&
         gtk_widget_get_width (a) > 1 && gtk_widget_get_width (b) > 1 &&
         !ms_compare_window_is_computing (window);
}

MsBlueprint *
ms_test_compare_demo (guint    size,
                      gint32   seed,
                      GBytes **bytes_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = ms_demo_blueprint_generate (size, seed, &error);
  g_autofree char *name = g_strdup_printf ("Seed %d", seed);
  MsBlueprint *bp;

  g_assert_no_error (error);
  bp = ms_blueprint_new_for_bytes (bytes, name, NULL, &error);
  g_assert_no_error (error);
  if (bytes_out != NULL)
    *bytes_out = g_steal_pointer (&bytes);
  return bp;
}

MsCompareWindow *
ms_test_compare_open (MsBlueprint *a,
                      MsBlueprint *b)
{
  MsCompareWindow *window = ms_compare_window_new (GTK_APPLICATION (ms_test_app ()), a, b);

  gtk_window_set_decorated (GTK_WINDOW (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 700);
  gtk_window_present (GTK_WINDOW (window));
  ms_test_iterate_until (ms_test_compare_ready, window, "the comparison");
  ms_test_run_for (100);
  g_assert_null (ms_compare_window_get_error (window));
  return window;
}

void
ms_test_assert_view (MsMapView *view,
                     double     zoom,
                     double     cx,
                     double     cy)
{
  MsViewport *viewport = ms_map_view_get_viewport (view);
  double x, y;

  ms_viewport_get_centre (viewport, &x, &y);
  g_assert_cmpfloat_with_epsilon (ms_viewport_get_zoom (viewport), zoom, 1e-9);
  g_assert_cmpfloat_with_epsilon (x, cx, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, cy, 1e-9);
}

/* @widget, two maps @a and @b over one another, mapped with no tile pending. */
static gboolean
pair_drawn (GtkWidget *widget,
            MsMapView *a,
            MsMapView *b)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 1 &&
         ms_tile_view_get_n_pending (MS_TILE_VIEW (a)) == 0 &&
         ms_tile_view_get_n_pending (MS_TILE_VIEW (b)) == 0;
}

gboolean
ms_test_swipe_drawn (gpointer data)
{
  MsSwipeView *swipe = data;

  return pair_drawn (GTK_WIDGET (swipe), ms_swipe_view_get_view_a (swipe), ms_swipe_view_get_view_b (swipe));
}

MsBlueprint *
ms_test_compare_tiny (guint n)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;
  float end = n == 256 ? 1.0f : 2.0f;

  ms_test_put_v2_head (a, (gint32) n, n);
  for (guint x = 0; x < n; x++)
    for (guint y = 0; y < n; y++)
      ms_test_put_f32 (p, n == 512 && x < 256 ? 0.5f : 0.25f);
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < n; x++)
    for (guint y = 0; y < n; y++)
      ms_test_put_u8 (p, x < 8 ? 1 : 4);
  ms_test_put_section (a, "BIOM", p->data, p->len);
  g_byte_array_set_size (p, 0);
  ms_test_put_u32 (p, 1);
  ms_test_put_u32 (p, 2);
  ms_test_put_f32 (p, 0);
  ms_test_put_f32 (p, 0);
  ms_test_put_f32 (p, 30 * end);
  ms_test_put_f32 (p, 40 * end);
  ms_test_put_section (a, "RDHW", p->data, p->len);

  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&a));
  bp = ms_blueprint_new_for_bytes (bytes, n == 256 ? "small" : "large", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

gboolean
ms_test_diff_drawn (gpointer data)
{
  MsMapView *view = data;

  return gtk_widget_get_mapped (GTK_WIDGET (view)) && gtk_widget_get_width (GTK_WIDGET (view)) > 1 &&
         ms_map_view_get_showing_difference (view) &&
         ms_tile_view_get_n_pending (MS_TILE_VIEW (view)) == 0;
}

gboolean
ms_test_blend_drawn (gpointer data)
{
  MsBlendView *blend = data;

  /* The minimap's image too: it is rendered on a worker once the view is
   * shown, and would change the picture later. */
  return pair_drawn (GTK_WIDGET (blend), ms_blend_view_get_view_a (blend), ms_blend_view_get_view_b (blend)) &&
         ms_minimap_get_texture (ms_blend_view_get_minimap (blend)) != NULL;
}

void
ms_test_blend_assert_renderer (MsBlendView *view)
{
  gboolean expect_gl = g_strcmp0 (g_getenv ("MAPSMITH_TEST_EXPECT_GL"), "0") != 0;

  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (ms_blend_view_get_view_a (view))), ==, expect_gl);
  g_assert_cmpint (ms_tile_view_get_using_gl (MS_TILE_VIEW (ms_blend_view_get_view_b (view))), ==, expect_gl);
}

#define BLOCK_N 256

MsBlueprint *
ms_test_compare_block (gboolean is_b)
{
  g_autoptr(GByteArray) a = g_byte_array_new ();
  g_autoptr(GByteArray) p = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  MsBlueprint *bp;

  ms_test_put_v2_head (a, is_b ? 2 : 1, BLOCK_N);
  for (guint x = 0; x < BLOCK_N; x++)
    for (guint y = 0; y < BLOCK_N; y++)
      ms_test_put_f32 (p, is_b && x >= 10 && x < 20 && y >= 20 && y < 30 ? 1.0f : 0.5f);
  ms_test_put_section (a, "HGTS", p->data, p->len);
  g_byte_array_set_size (p, 0);
  for (guint x = 0; x < BLOCK_N; x++)
    for (guint y = 0; y < BLOCK_N; y++)
      ms_test_put_u8 (p, is_b && x == 30 && y == 200 ? 1 /* Lake */ : 4 /* Grassland */);
  ms_test_put_section (a, "BIOM", p->data, p->len);

  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&a));
  bp = ms_blueprint_new_for_bytes (bytes, is_b ? "b" : "a", NULL, &error);
  g_assert_no_error (error);
  return bp;
}

void
ms_test_compare_point_at (const char *window_id,
                          MsMapView  *view,
                          double      mx,
                          double      my)
{
  double sx, sy, x, y;
  char tx[32], ty[32];

  ms_viewport_map_to_screen (ms_map_view_get_viewport (view), mx, my, &sx, &sy);
  ms_test_widget_to_surface (GTK_WIDGET (view), sx, sy, &x, &y);
  g_snprintf (tx, sizeof tx, "%d", (int) lround (x));
  g_snprintf (ty, sizeof ty, "%d", (int) lround (y));
  ms_test_xdotool ("mousemove", "--window", window_id, tx, ty, NULL);
  ms_test_run_for (250);
}

void
ms_test_compare_assert_block_readout (MsCompareWindow *window,
                                      const char      *window_id,
                                      MsMapView       *view)
{
  const char *text;

  ms_test_compare_point_at (window_id, view, 15.5, 25.5);
  text = gtk_label_get_text (ms_compare_window_get_readout (window));
  g_assert_nonnull (strstr (text, "A (15, 25) 0.5000 raw = 126 m, Grassland"));
  g_assert_nonnull (strstr (text, "B (15, 25) 1.0000 raw = 251 m, Grassland"));
  g_assert_nonnull (strstr (text, "B − A +0.5000 raw = +126 m"));
  g_assert_null (strstr (text, "biome changed"));
}
