/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-gallery"

#include "config.h"

#include <math.h>

#include "ms-gallery-item.h"

struct _MsGalleryItem
{
  GObject           parent_instance;

  GFile            *file;
  char             *name;
  char             *subtitle;
  GdkTexture       *thumbnail;
  MsBlueprintStats *stats;
  char             *error;
};

G_DEFINE_FINAL_TYPE (MsGalleryItem, ms_gallery_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_SUBTITLE,
  PROP_THUMBNAIL,
  PROP_STATS,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ms_gallery_item_finalize (GObject *object)
{
  MsGalleryItem *self = MS_GALLERY_ITEM (object);

  g_clear_object (&self->file);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->subtitle, g_free);
  g_clear_object (&self->thumbnail);
  g_clear_pointer (&self->stats, ms_blueprint_stats_free);
  g_clear_pointer (&self->error, g_free);
  G_OBJECT_CLASS (ms_gallery_item_parent_class)->finalize (object);
}

static void
ms_gallery_item_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MsGalleryItem *self = MS_GALLERY_ITEM (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_SUBTITLE:
      g_value_set_string (value, self->subtitle);
      break;
    case PROP_THUMBNAIL:
      g_value_set_object (value, self->thumbnail);
      break;
    case PROP_STATS:
      g_value_set_pointer (value, self->stats);
      break;
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_gallery_item_class_init (MsGalleryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ms_gallery_item_finalize;
  object_class->get_property = ms_gallery_item_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_SUBTITLE] =
    g_param_spec_string ("subtitle", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_THUMBNAIL] =
    g_param_spec_object ("thumbnail", NULL, NULL, GDK_TYPE_TEXTURE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Notified when the row is set and when it changes in place. */
  properties[PROP_STATS] =
    g_param_spec_pointer ("stats", NULL, NULL, G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ms_gallery_item_init (MsGalleryItem *self)
{
}

MsGalleryItem *
ms_gallery_item_new (GFile *file)
{
  MsGalleryItem *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (MS_TYPE_GALLERY_ITEM, NULL);
  self->file = g_object_ref (file);
  self->name = g_file_get_basename (file);
  return self;
}

GFile *
ms_gallery_item_get_file (MsGalleryItem *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_ITEM (self), NULL);
  return self->file;
}

const char *
ms_gallery_item_get_name (MsGalleryItem *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_ITEM (self), NULL);
  return self->name;
}

const char *
ms_gallery_item_get_subtitle (MsGalleryItem *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_ITEM (self), NULL);
  return self->subtitle;
}

GdkTexture *
ms_gallery_item_get_thumbnail (MsGalleryItem *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_ITEM (self), NULL);
  return self->thumbnail;
}

MsBlueprintStats *
ms_gallery_item_get_stats (MsGalleryItem *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_ITEM (self), NULL);
  return self->stats;
}

const char *
ms_gallery_item_get_error (MsGalleryItem *self)
{
  g_return_val_if_fail (MS_IS_GALLERY_ITEM (self), NULL);
  return self->error;
}

double
ms_gallery_item_get_value (MsGalleryItem *self,
                           guint          index)
{
  const MsStat *stat;

  g_return_val_if_fail (MS_IS_GALLERY_ITEM (self), NAN);

  if (self->stats == NULL || index >= ms_blueprint_stats_get_n_fields (self->stats))
    return NAN;
  stat = ms_blueprint_stats_get_field (self->stats, index);
  switch (stat->kind)
    {
    case MS_STAT_INT:
      return (double) stat->i;
    case MS_STAT_DOUBLE:
      return stat->d;
    case MS_STAT_NULL:
    case MS_STAT_STRING:
    default:
      return NAN;
    }
}

void
ms_gallery_item_set_opened (MsGalleryItem *self,
                            const char    *subtitle,
                            GdkTexture    *thumbnail)
{
  g_return_if_fail (MS_IS_GALLERY_ITEM (self));

  g_free (self->subtitle);
  self->subtitle = g_strdup (subtitle);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUBTITLE]);
  if (g_set_object (&self->thumbnail, thumbnail))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THUMBNAIL]);
}

void
ms_gallery_item_set_stats (MsGalleryItem    *self,
                           MsBlueprintStats *stats)
{
  g_return_if_fail (MS_IS_GALLERY_ITEM (self));

  g_clear_pointer (&self->stats, ms_blueprint_stats_free);
  self->stats = stats;
  if (stats != NULL && ms_blueprint_stats_get_error (stats) != NULL)
    ms_gallery_item_set_error (self, ms_blueprint_stats_get_error (stats));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATS]);
}

void
ms_gallery_item_set_error (MsGalleryItem *self,
                           const char    *message)
{
  g_return_if_fail (MS_IS_GALLERY_ITEM (self));

  if (g_strcmp0 (self->error, message) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

void
ms_gallery_item_stats_changed (MsGalleryItem *self)
{
  g_return_if_fail (MS_IS_GALLERY_ITEM (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATS]);
}
