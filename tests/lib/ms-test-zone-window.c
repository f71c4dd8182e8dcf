/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <math.h>

#include "ms-settings.h"
#include "ms-test-zone-window.h"

const char *const ms_test_layer_files[6] = {
  "blocks.0042.bin", "control.0042.bin", "plants.0042.bin", "altitude.0042.bin",
  "altitude_blend.0042.bin", "altitude_original.0042.bin",
};

MsApplication *
ms_test_painter_start (int    *argc,
                       char ***argv)
{
  return ms_test_app_start (argc, argv, "XDG_STATE_HOME", NULL);
}

gboolean
ms_test_painter_drawn (gpointer data)
{
  MsZoneView *view = ms_zone_window_get_view (data);

  return gtk_widget_get_mapped (GTK_WIDGET (view)) && ms_tile_view_get_n_pending (MS_TILE_VIEW (view)) == 0;
}

void
ms_test_painter_settle (MsZoneWindow *window)
{
  ms_test_settle (ms_test_painter_drawn, window, 300, "the zone to draw");
}

gboolean
ms_test_painter_gone (gpointer data)
{
  MsTestPainter *f = data;

  return f->window == NULL;
}

void
ms_test_painter_add (const char        *path,
                     MsTestPainterFunc  func)
{
  g_test_add (path, MsTestPainter, NULL, ms_test_painter_set_up, func, ms_test_painter_tear_down);
}

void
ms_test_painter_set_up (MsTestPainter *f,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  f->dir = ms_test_make_tmpdir ();
  g_assert_true (ms_demo_zone_write (f->dir, ZONE_ID, SIZE, TRUE, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    {
      g_autofree char *path = g_build_filename (f->dir, ms_test_layer_files[i], NULL);
      char *contents;
      gsize length;

      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      f->original[i] = g_bytes_new_take (contents, length);
    }

  ms_test_painter_open (f, ZONE_ID);
}

void
ms_test_painter_open (MsTestPainter *f,
                      guint          id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  g_autofree char *zone_name = g_strdup_printf ("Zone %u", id);

  f->window = ms_zone_window_new (GTK_APPLICATION (ms_test_app ()));
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1000, 700);
  g_assert_true (ms_zone_window_open (f->window, f->dir, id, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (f->window));
  ms_test_painter_settle (f->window);

  /* The title names the zone; a unique one finds the X window. */
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), zone_name));
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f->window)), "•"));
  title = g_path_get_basename (f->dir);
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (f->window)), title));
  /* A name of its own, only to find the X window by. */
  gtk_window_set_title (GTK_WINDOW (f->window), "zone-window-test");
  ms_test_run_for (200);
  f->window_id = ms_test_x_window_id ("zone-window-test");
  ms_test_widget_to_surface (GTK_WIDGET (ms_zone_window_get_view (f->window)), 0, 0,
                             &f->origin_x, &f->origin_y);
  ms_test_xdotool ("windowfocus", "--sync", f->window_id, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (ms_zone_window_get_view (f->window)));
}

void
ms_test_painter_tear_down (MsTestPainter *f,
                           gconstpointer  data)
{
  GSettings *settings = ms_application_get_settings (ms_test_app ());
  const char *keys[] = { MS_SETTINGS_ZONE_OVERLAYS, MS_SETTINGS_ZONE_CONTROL_FLAGS,
                         MS_SETTINGS_ZONE_BLOCKING_FLAGS, MS_SETTINGS_ZONE_TINT_ALTITUDE,
                         MS_SETTINGS_ZONE_OVERLAY_OPACITIES, MS_SETTINGS_ZONE_LIGHT_AZIMUTH,
                         MS_SETTINGS_ZONE_BACKUPS };

  /* Each test opens on the defaults, whatever the last one chose. */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
  /* A test may have closed the window itself. */
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  ms_test_run_for (50);
  for (guint i = 0; i < G_N_ELEMENTS (ms_test_layer_files); i++)
    g_bytes_unref (f->original[i]);
  ms_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->window_id);
}

MsTestSpot
ms_test_spot (MsTestPainter *f,
              double         x,
              double         y)
{
  MsViewport *vp = ms_zone_view_get_viewport (ms_zone_window_get_view (f->window));
  double wx, wy, mx, my;
  int px, py;
  MsTestSpot s;

  ms_viewport_map_to_screen (vp, x, y, &wx, &wy);
  px = (int) lround (f->origin_x + wx);
  py = (int) lround (f->origin_y + wy);
  g_snprintf (s.sx, sizeof s.sx, "%d", px);
  g_snprintf (s.sy, sizeof s.sy, "%d", py);
  ms_viewport_screen_to_map (vp, px - f->origin_x, py - f->origin_y, &mx, &my);
  s.tx = (guint) floor (mx);
  s.ty = (guint) floor (my);
  s.mx = mx;
  s.my = my;
  return s;
}

void
ms_test_move_to (MsTestPainter    *f,
                 const MsTestSpot *s)
{
  ms_test_xdotool ("mousemove", "--window", f->window_id, s->sx, s->sy, NULL);
  ms_test_run_for (150);
}

void
ms_test_drag (MsTestPainter    *f,
              const MsTestSpot *a,
              const MsTestSpot *b)
{
  ms_test_move_to (f, a);
  ms_test_xdotool ("mousedown", "1", NULL);
  ms_test_run_for (100);
  ms_test_move_to (f, b);
  ms_test_xdotool ("mouseup", "1", NULL);
  ms_test_run_for (300);
}

void
ms_test_key (const char *keys)
{
  ms_test_xdotool ("key", keys, NULL);
  ms_test_run_for (200);
}

void
ms_test_drag_rect (MsTestPainter *f,
                   double         x0,
                   double         y0,
                   double         x1,
                   double         y1,
                   guint          out[4])
{
  MsTestSpot a = ms_test_spot (f, x0, y0), b = ms_test_spot (f, x1, y1);

  ms_test_key ("r");
  ms_test_drag (f, &a, &b);
  out[0] = MIN (a.tx, b.tx);
  out[1] = MIN (a.ty, b.ty);
  out[2] = MAX (a.tx, b.tx) + 1;
  out[3] = MAX (a.ty, b.ty) + 1;
}

gboolean
ms_test_in_box (const guint box[4],
                guint       x,
                guint       y)
{
  return x >= box[0] && x < box[2] && y >= box[1] && y < box[3];
}

void
ms_test_set_target (MsTestPainter *f,
                    guint          row)
{
  gtk_drop_down_set_selected (GTK_DROP_DOWN (ms_test_get_named (GTK_WIDGET (f->window), "paint-target")), row);
  ms_test_run_for (50);
}

guint
ms_test_spawn_row (guint which)
{
  guint n_flags;

  ms_zone_control_flags (&n_flags);
  return 2 * n_flags + which;
}

gboolean
ms_test_painter_answer_save (MsTestPainter *f,
                             int            answer)
{
  GtkWindow *dialog = ms_zone_window_get_save_dialog (f->window);

  if (dialog == NULL)
    return FALSE;
  gtk_dialog_response (GTK_DIALOG (dialog), answer);
  ms_test_run_for (50);
  return TRUE;
}

GtkWidget *
ms_test_find_rule_dialog (MsTestPainter *f)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (gtk_window_get_transient_for (w) == GTK_WINDOW (f->window) &&
          ms_test_find_named (GTK_WIDGET (w), "rule-apply") != NULL)
        return GTK_WIDGET (w);
    }
  return NULL;
}

GBytes *
ms_test_read_layer_named (MsTestPainter *f,
                          const char    *name)
{
  g_autofree char *path = g_build_filename (f->dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  return g_bytes_new_take (contents, length);
}

GBytes *
ms_test_read_layer (MsTestPainter *f,
                    guint          i)
{
  return ms_test_read_layer_named (f, ms_test_layer_files[i]);
}

guint16
ms_test_control_at (const guint8 *control,
                    guint         bpt,
                    gsize         t)
{
  return bpt == 2 ? (guint16) (control[2 * t] | control[2 * t + 1] << 8) : control[t];
}
