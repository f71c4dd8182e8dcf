/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-blueprint-pyramid.h"
#include "ms-diff-pyramid.h"
#include "ms-map-marks.h"
#include "ms-map-view.h"

G_BEGIN_DECLS

struct _MsMapView
{
  MsTileView          parent_instance;

  MsBlueprint        *blueprint;
  MsBlueprintPyramid *pyramid;
  MsBlueprintStyle    style;
  MsDiffPyramid      *diff;         /* showing a difference, not a blueprint */


  MsMapMarks          marks;
};

/* ms-map-view-difference.c: the texture path of a difference. */
void _ms_map_view_class_init_difference (MsTileViewClass *view_class);

G_END_DECLS
