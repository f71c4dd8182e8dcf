/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * MAPSMITH_BENCH_GALLERY=FILE: what bench/gallery times, from inside the
 * app, in wall-clock microseconds (g_get_real_time (), which the script
 * compares with the moment it launched the app): the frame painted after
 * the first thumbnail came in, the frame after the last, every figure in,
 * every audit in; and how late a 10 ms timer on the main thread ran at
 * worst from the window's first frame until the folder was read (a frame
 * waiting on a file would show here).  Then the app quits.  Nothing happens without the variable.
 */
#define G_LOG_DOMAIN "ms-gallery"

#include "config.h"

#include "ms-gallery-window.h"

typedef struct
{
  MsGalleryWindow *window;
  char            *path;
  guint            n_items;
  guint            n_thumbnails;
  gint64           opened, first_thumbnail, cards, figures, audits;
  gint64           last_tick, worst_late;
  gboolean         paint_pending;    /* a thumbnail arrived: time the next paint */
  guint            timer_id;
  gulong           paint_id;
} Bench;

static void
bench_finish (Bench *b)
{
  g_autofree char *report = NULL;
  g_autoptr(GError) error = NULL;
  GApplication *app = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (b->window)));

  g_clear_handle_id (&b->timer_id, g_source_remove);
  report = g_strdup_printf ("files %u\nopened_us %" G_GINT64_FORMAT "\nfirst_thumbnail_us %" G_GINT64_FORMAT
                            "\ncards_us %" G_GINT64_FORMAT "\nfigures_us %" G_GINT64_FORMAT
                            "\naudits_us %" G_GINT64_FORMAT "\nmain_loop_worst_late_us %" G_GINT64_FORMAT "\n",
                            b->n_items, b->opened, b->first_thumbnail, b->cards, b->figures, b->audits,
                            b->worst_late);
  if (!g_file_set_contents (b->path, report, -1, &error))
    g_printerr ("MAPSMITH_BENCH_GALLERY: %s\n", error->message);
  g_application_quit (app);
}

static gboolean
on_tick (gpointer user_data)
{
  Bench *b = user_data;
  gint64 now = g_get_monotonic_time ();

  if (b->last_tick != 0)
    b->worst_late = MAX (b->worst_late, now - b->last_tick - 10000);
  b->last_tick = now;
  return G_SOURCE_CONTINUE;
}

static void
on_after_paint (GdkFrameClock *clock,
                Bench         *b)
{
  gint64 now = g_get_real_time ();

  /* The main thread's lateness counts from the first frame on: before
   * it, the window is being made (GL, fonts), not waiting on a file. */
  if (b->timer_id == 0)
    b->timer_id = g_timeout_add (10, on_tick, b);
  if (!b->paint_pending)
    return;
  b->paint_pending = FALSE;
  if (b->first_thumbnail == 0)
    b->first_thumbnail = now;
  if (b->n_thumbnails == b->n_items && b->cards == 0)
    b->cards = now;
}

static void
on_thumbnail (MsGalleryItem *item,
              GParamSpec    *pspec,
              Bench         *b)
{
  b->n_thumbnails++;
  b->paint_pending = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (b->window));
}

/* Thumbnails may come in before the window has a frame clock: their
 * paint is then the window's first. */
static void
on_realize (GtkWidget *widget,
            Bench     *b)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);

  if (b->paint_id == 0 && clock != NULL)
    b->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), b);
}

static void
on_loader_notify (MsGalleryLoader *loader,
                  GParamSpec      *pspec,
                  Bench           *b)
{
  gint64 now = g_get_real_time ();

  if (b->figures == 0 && ms_gallery_loader_get_n_measured (loader) == b->n_items)
    b->figures = now;
  if (!ms_gallery_loader_is_running (loader) && b->audits == 0)
    {
      b->audits = now;
      /* A last thumbnail's paint may still be due. */
      if (b->cards == 0)
        b->cards = now;
      bench_finish (b);
    }
}

void
ms_gallery_window_start_bench (MsGalleryWindow *self,
                               const char      *report_path)
{
  GListModel *items = G_LIST_MODEL (ms_gallery_window_get_selection (self));
  Bench *b = g_new0 (Bench, 1);

  b->window = self;
  b->path = g_strdup (report_path);
  b->opened = g_get_real_time ();
  b->n_items = g_list_model_get_n_items (items);
  for (guint i = 0; i < b->n_items; i++)
    {
      g_autoptr(MsGalleryItem) item = g_list_model_get_item (items, i);

      g_signal_connect (item, "notify::thumbnail", G_CALLBACK (on_thumbnail), b);
    }
  g_signal_connect (ms_gallery_window_get_loader (self), "notify", G_CALLBACK (on_loader_notify), b);
  g_signal_connect (self, "realize", G_CALLBACK (on_realize), b);
  if (gtk_widget_get_realized (GTK_WIDGET (self)))
    on_realize (GTK_WIDGET (self), b);
  /* The report lives as long as the process: the app quits after it. */
}
