/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-click-count.h"
#include "ms-zone-outline.h"
#include "ms-zone-view.h"

G_BEGIN_DECLS

#define VIEWPORT(self) ms_tile_view_get_viewport (MS_TILE_VIEW (self))

struct _MsZoneView
{
  MsTileView         parent_instance;

  MsZone            *zone;
  MsZonePyramid     *pyramid;
  MsZoneStyle        style;

  MsZoneOutline      tools;
  MsClickCount       clicks;   /* the primary button's, for double clicks */
};

/* ms-zone-view-tools.c: the painter's outlines and pointer input. */
void _ms_zone_view_class_init_tools (MsZoneViewClass *klass);
void _ms_zone_view_init_tools       (MsZoneView      *self);
void _ms_zone_view_snapshot_tools   (MsZoneView      *self,
                                     GtkSnapshot     *snapshot);

G_END_DECLS
