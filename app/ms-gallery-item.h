/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint-stats.h"

G_BEGIN_DECLS

/* One blueprint of the seed gallery: its file, and what the gallery's
 * reader has made of it so far (the thumbnail, then the row of figures,
 * then the audit's counts).  Nothing of the map itself stays here. */
#define MS_TYPE_GALLERY_ITEM (ms_gallery_item_get_type ())
G_DECLARE_FINAL_TYPE (MsGalleryItem, ms_gallery_item, MS, GALLERY_ITEM, GObject)

MsGalleryItem    *ms_gallery_item_new           (GFile            *file);
GFile            *ms_gallery_item_get_file      (MsGalleryItem    *self);
/* The file's name, for the card and the table. */
const char       *ms_gallery_item_get_name      (MsGalleryItem    *self);
/* "Seed 42 · 8192²" once the file is open, else NULL. */
const char       *ms_gallery_item_get_subtitle  (MsGalleryItem    *self);
GdkTexture       *ms_gallery_item_get_thumbnail (MsGalleryItem    *self);
/* NULL until measured. */
MsBlueprintStats *ms_gallery_item_get_stats     (MsGalleryItem    *self);
/* What could not be read (the reader's message), or NULL. */
const char       *ms_gallery_item_get_error     (MsGalleryItem    *self);
/* Figure @index of the row (the keys' order, ms_blueprint_stats_get_keys ())
 * as a number: NAN for a null, a string, or a row not measured yet. */
double            ms_gallery_item_get_value     (MsGalleryItem    *self,
                                                 guint             index);

/* For the gallery's reader, on the main thread; each notifies. */
void              ms_gallery_item_set_opened    (MsGalleryItem    *self,
                                                 const char       *subtitle,
                                                 GdkTexture       *thumbnail);
void              ms_gallery_item_set_stats     (MsGalleryItem    *self,
                                                 MsBlueprintStats *stats);
void              ms_gallery_item_set_error     (MsGalleryItem    *self,
                                                 const char       *message);
/* The row changed in place (the audit's counts came in). */
void              ms_gallery_item_stats_changed (MsGalleryItem    *self);

G_END_DECLS
