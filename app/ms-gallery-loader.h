/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-blueprint-style.h"
#include "ms-profile.h"

G_BEGIN_DECLS

/* Reads the seed gallery's blueprints (MsGalleryItem) on one worker
 * thread, in the list's order, each file once and then let go: its
 * figures and its thumbnail (the pyramid's top tile in the viewer's
 * style) from stats' one fused pass on all processors; the audit's counts
 * come last, for every file, after all the figures.
 * Results reach the items on the main context.  Cancelling, or dropping
 * the loader, stops the worker at its next check. */
#define MS_TYPE_GALLERY_LOADER (ms_gallery_loader_get_type ())
G_DECLARE_FINAL_TYPE (MsGalleryLoader, ms_gallery_loader, MS, GALLERY_LOADER, GObject)

MsGalleryLoader *ms_gallery_loader_new       (GListModel             *items,
                                              MsProfile              *profile,
                                              const MsBlueprintStyle *style);
void             ms_gallery_loader_start     (MsGalleryLoader        *self);
void             ms_gallery_loader_cancel    (MsGalleryLoader        *self);
gboolean         ms_gallery_loader_is_running (MsGalleryLoader       *self);
/* Files whose figures are in, and whose audit is. */
guint            ms_gallery_loader_get_n_measured (MsGalleryLoader   *self);
guint            ms_gallery_loader_get_n_audited  (MsGalleryLoader   *self);
/* 0..1 over both passes. */
double           ms_gallery_loader_get_fraction   (MsGalleryLoader   *self);

/* Worker threads of any loader still running: for the tests' check that
 * closing the gallery leaves none behind. */
guint            ms_gallery_loader_get_n_workers  (void);

G_END_DECLS
