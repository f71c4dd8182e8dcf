/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One worker for the whole folder rather than a task per file: the fused
 * pass already uses every processor, and one file at a time keeps the
 * memory to one file's row and thumbnail however many files there are.
 * The thumbnail comes out of the figures' pass (MS_STATS_OVERVIEW: the
 * render pyramid's top tile, cell for cell), so each file is read once.
 */
#define G_LOG_DOMAIN "ms-gallery"

#include "config.h"

#include <glib/gi18n.h>

#include "ms-blueprint-audit.h"
#include "ms-blueprint-grid.h"
#include "ms-blueprint-renderer.h"
#include "ms-gallery-item.h"
#include "ms-gallery-loader.h"

struct _MsGalleryLoader
{
  GObject           parent_instance;

  GPtrArray        *items;      /* MsGalleryItem, a snapshot of the list */
  MsProfile        *profile;
  MsBlueprintStyle  style;
  GCancellable     *cancellable;
  gboolean          running;
  guint             n_measured;
  guint             n_audited;
};

G_DEFINE_FINAL_TYPE (MsGalleryLoader, ms_gallery_loader, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];
static gint n_workers;

/* What the worker hands the main context about one file. */
typedef enum
{
  UPDATE_OPENED,
  UPDATE_MEASURED,
  UPDATE_AUDITED,
} UpdateKind;

typedef struct
{
  MsGalleryLoader  *loader;
  MsGalleryItem    *item;
  UpdateKind        kind;
  char             *subtitle;
  GBytes           *pixels;     /* UPDATE_OPENED: the thumbnail, ARGB32 premultiplied */
  guint             width, height, stride;
  MsBlueprintStats *stats;      /* UPDATE_MEASURED */
  guint             errors, warnings;  /* UPDATE_AUDITED */
  char             *error;
} Update;

static void
update_free (Update *u)
{
  g_clear_object (&u->loader);
  g_clear_object (&u->item);
  g_free (u->subtitle);
  g_clear_pointer (&u->pixels, g_bytes_unref);
  g_clear_pointer (&u->stats, ms_blueprint_stats_free);
  g_free (u->error);
  g_free (u);
}

static gboolean
apply_update (gpointer data)
{
  Update *u = data;
  MsGalleryLoader *self = u->loader;

  /* A cancelled loader's late results are still true of their files,
   * but the window that asked no longer wants them. */
  if (g_cancellable_is_cancelled (self->cancellable))
    return G_SOURCE_REMOVE;
  switch (u->kind)
    {
    case UPDATE_OPENED:
      {
        g_autoptr(GdkTexture) texture = NULL;

        if (u->pixels != NULL)
          texture = gdk_memory_texture_new ((int) u->width, (int) u->height, GDK_MEMORY_DEFAULT, u->pixels,
                                            u->stride);
        ms_gallery_item_set_opened (u->item, u->subtitle, texture);
        if (u->error != NULL)
          ms_gallery_item_set_error (u->item, u->error);
      }
      break;
    case UPDATE_MEASURED:
      ms_gallery_item_set_stats (u->item, g_steal_pointer (&u->stats));
      self->n_measured++;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
      break;
    case UPDATE_AUDITED:
      if (ms_gallery_item_get_stats (u->item) != NULL && u->error == NULL)
        ms_blueprint_stats_set_audit (ms_gallery_item_get_stats (u->item), u->errors, u->warnings);
      ms_gallery_item_stats_changed (u->item);
      self->n_audited++;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
      break;
    default:
      g_assert_not_reached ();
    }
  return G_SOURCE_REMOVE;
}

/* Always a source, never g_main_context_invoke (): from a thread without
 * a context of its own that calls the function right here whenever it can
 * acquire the default context, so GTK would be touched off the main
 * thread. */
static void
post (GMainContext *context,
      Update       *u)
{
  g_autoptr(GSource) source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, apply_update, u, (GDestroyNotify) update_free);
  g_source_set_static_name (source, "[mapsmith] gallery update");
  g_source_attach (source, context);
}

static Update *
update_new (MsGalleryLoader *self,
            MsGalleryItem   *item,
            UpdateKind       kind)
{
  Update *u = g_new0 (Update, 1);

  u->loader = g_object_ref (self);
  u->item = g_object_ref (item);
  u->kind = kind;
  return u;
}

/* The thumbnail: the pyramid's top tile in the viewer's style, from the
 * overview the figures' pass made (ms_blueprint_grid_from_overview ()). */
static void
post_opened (MsGalleryLoader  *self,
             GMainContext     *context,
             MsGalleryItem    *item,
             const char       *path,
             MsBlueprintStats *stats)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsBlueprint) bp = NULL;
  Update *u = update_new (self, item, UPDATE_OPENED);
  const guint32 *counts = NULL;
  const float *means;
  guint cell = 0, width = 0, height = 0;

  if (ms_blueprint_stats_get_error (stats) != NULL)
    {
      u->error = g_strdup (ms_blueprint_stats_get_error (stats));
      post (context, u);
      return;
    }
  /* The figures' pass has just checked this file's biomes. */
  bp = ms_blueprint_new_for_path_unchecked (path, self->profile, &error);
  means = ms_blueprint_stats_get_overview (stats, &cell, &width, &height, &counts);
  if (bp != NULL && means != NULL)
    {
      const MsBlueprintParams *params = ms_blueprint_get_params (bp);
      guint n = ms_blueprint_get_map_size (bp), level = 0;
      MsBlueprintGrid grid;
      cairo_surface_t *surface;

      /* A v1 file has no PRMS, so no seed. */
      if (params != NULL)
        u->subtitle = g_strdup_printf (_("Seed %d · %u²"), params->world_seed, n);
      else
        u->subtitle = g_strdup_printf (_("Version 1 · %u²"), n);
      while ((1u << level) < cell)
        level++;
      ms_blueprint_grid_from_overview (bp, means, counts, cell, width, height, &grid);
      surface = ms_blueprint_render_cells (bp, &self->style, &grid, width, height, level);
      ms_blueprint_grid_clear (&grid);
      u->width = (guint) cairo_image_surface_get_width (surface);
      u->height = (guint) cairo_image_surface_get_height (surface);
      u->stride = (guint) cairo_image_surface_get_stride (surface);
      u->pixels = g_bytes_new (cairo_image_surface_get_data (surface), (gsize) u->stride * u->height);
      cairo_surface_destroy (surface);
    }
  else if (bp == NULL)
    u->error = g_strdup (error->message);
  post (context, u);
}

static void
run (GTask        *task,
     gpointer      source_object,
     gpointer      task_data,
     GCancellable *cancellable)
{
  MsGalleryLoader *self = source_object;
  GMainContext *context = task_data;
  g_autoptr(GPtrArray) measured = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GArray) readable = g_array_new (FALSE, FALSE, sizeof (gboolean));

  g_atomic_int_inc (&n_workers);
  for (guint i = 0; i < self->items->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      MsGalleryItem *item = self->items->pdata[i];
      g_autofree char *path = g_file_get_path (ms_gallery_item_get_file (item));
      g_autoptr(GError) error = NULL;
      Update *u;

      u = update_new (self, item, UPDATE_MEASURED);
      u->stats = ms_blueprint_stats_measure (path, self->profile, 0, MS_STATS_OVERVIEW, cancellable, &error);
      if (u->stats == NULL)
        {
          update_free (u);
          break;
        }
      post_opened (self, context, item, path, u->stats);
      /* Measured files are audited after all the figures are in. */
      g_ptr_array_add (measured, g_object_ref (item));
      {
        gboolean ok = ms_blueprint_stats_get_error (u->stats) == NULL;

        g_array_append_val (readable, ok);
      }
      post (context, u);
    }
  /* The audit's counts go to the main thread, which owns the rows. */
  for (guint i = 0; i < measured->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      MsGalleryItem *item = measured->pdata[i];
      g_autofree char *path = g_file_get_path (ms_gallery_item_get_file (item));
      g_autoptr(GError) error = NULL;
      Update *u = update_new (self, item, UPDATE_AUDITED);

      /* A file that could not be read has no audit: its row says why. */
      if (!g_array_index (readable, gboolean, i))
        {
          post (context, u);
          continue;
        }
      if (!ms_blueprint_audit_counts (path, self->profile, &u->errors, &u->warnings, cancellable, &error))
        u->error = g_strdup (error->message);
      post (context, u);
    }
  g_atomic_int_dec_and_test (&n_workers);
  g_task_return_boolean (task, TRUE);
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  MsGalleryLoader *self = MS_GALLERY_LOADER (source);

  self->running = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
ms_gallery_loader_dispose (GObject *object)
{
  MsGalleryLoader *self = MS_GALLERY_LOADER (object);

  g_cancellable_cancel (self->cancellable);
  G_OBJECT_CLASS (ms_gallery_loader_parent_class)->dispose (object);
}

static void
ms_gallery_loader_finalize (GObject *object)
{
  MsGalleryLoader *self = MS_GALLERY_LOADER (object);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_object (&self->profile);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (ms_gallery_loader_parent_class)->finalize (object);
}

static void
ms_gallery_loader_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MsGalleryLoader *self = MS_GALLERY_LOADER (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, ms_gallery_loader_get_fraction (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_gallery_loader_class_init (MsGalleryLoaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ms_gallery_loader_dispose;
  object_class->finalize = ms_gallery_loader_finalize;
  object_class->get_property = ms_gallery_loader_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ms_gallery_loader_init (MsGalleryLoader *self)
{
  self->cancellable = g_cancellable_new ();
}

MsGalleryLoader *
ms_gallery_loader_new (GListModel             *items,
                       MsProfile              *profile,
                       const MsBlueprintStyle *style)
{
  MsGalleryLoader *self;
  guint n;

  g_return_val_if_fail (G_IS_LIST_MODEL (items), NULL);
  g_return_val_if_fail (MS_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (style != NULL, NULL);

  self = g_object_new (MS_TYPE_GALLERY_LOADER, NULL);
  n = g_list_model_get_n_items (items);
  self->items = g_ptr_array_new_full (n, g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (self->items, g_list_model_get_item (items, i));
  self->profile = g_object_ref (profile);
  self->style = *style;
  return self;
}

void
ms_gallery_loader_start (MsGalleryLoader *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MS_IS_GALLERY_LOADER (self));
  g_return_if_fail (!self->running);

  self->running = TRUE;
  task = g_task_new (self, self->cancellable, on_done, NULL);
  g_task_set_source_tag (task, ms_gallery_loader_start);
  g_task_set_task_data (task, g_main_context_ref_thread_default (), (GDestroyNotify) g_main_context_unref);
  g_task_run_in_thread (task, run);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
ms_gallery_loader_cancel (MsGalleryLoader *self)
{
  g_return_if_fail (MS_IS_GALLERY_LOADER (self));
  g_cancellable_cancel (self->cancellable);
}

gboolean
ms_gallery_loader_is_running (MsGalleryLoader *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_LOADER (self), FALSE);
  return self->running;
}

guint
ms_gallery_loader_get_n_measured (MsGalleryLoader *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_LOADER (self), 0);
  return self->n_measured;
}

guint
ms_gallery_loader_get_n_audited (MsGalleryLoader *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_LOADER (self), 0);
  return self->n_audited;
}

double
ms_gallery_loader_get_fraction (MsGalleryLoader *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_LOADER (self), 0);

  if (self->items->len == 0)
    return 1.0;
  /* The figures' pass is most of the work; the audit reads less. */
  return (0.7 * self->n_measured + 0.3 * self->n_audited) / self->items->len;
}

guint
ms_gallery_loader_get_n_workers (void)
{
  return (guint) g_atomic_int_get (&n_workers);
}
