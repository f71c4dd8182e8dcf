/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib-object.h>

#include "ms-blueprint.h"

G_BEGIN_DECLS

/* One TOWN entry as a list item.  Properties: "index" (its place in the
 * file), "tier" (ordinal) and "tier-name" (the profile's label), "x" and
 * "y" (file coordinates: x the outer index, y the inner one),
 * "highway-node" (boolean) and "highway" ("Yes"/"No", translated). */
#define MS_TYPE_TOWN_ROW (ms_town_row_get_type ())
G_DECLARE_FINAL_TYPE (MsTownRow, ms_town_row, MS, TOWN_ROW, GObject)

MsTownRow    *ms_town_row_new       (guint         index,
                                     const MsTown *town,
                                     const char   *tier_name);
guint         ms_town_row_get_index (MsTownRow    *self);
const MsTown *ms_town_row_get_town  (MsTownRow    *self);

G_END_DECLS
