/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The sidebar's picks on the map: a water body, town, road or audit
 * finding chosen in its list is outlined (and its pixels tinted) on the
 * map, which zooms to it.  One pick at a time: choosing a row in one list
 * drops the selection of the others.
 */
#define G_LOG_DOMAIN "mapsmith"

#include "config.h"

#include <math.h>

#include "ms-blueprint-audit.h"
#include "ms-blueprint-summary.h"
#include "ms-window-private.h"

/* One pick at a time on the map: choosing a row in one list drops the
 * selection of the others, so no list shows a row the map no longer does. */
static void
clear_other_picks (MsWindow  *self,
                   GtkWidget *chosen)
{
  if (chosen != GTK_WIDGET (self->water_list))
    ms_water_body_list_select (self->water_list, GTK_INVALID_LIST_POSITION);
  if (chosen != GTK_WIDGET (self->town_list))
    ms_town_list_select (self->town_list, GTK_INVALID_LIST_POSITION);
  if (chosen != GTK_WIDGET (self->road_list))
    ms_road_list_select (self->road_list, GTK_INVALID_LIST_POSITION);
  if (chosen != GTK_WIDGET (self->findings_list))
    ms_findings_list_select (self->findings_list, G_MAXUINT);
}

static void
on_body_selected (MsWaterBodyList *list,
                  MsWaterBodyRow  *row,
                  MsWindow        *self)
{
  const MsWaterBodyBounds *b = ms_water_body_row_get_bounds (row);
  MsRect rect = { b->x, b->y, b->width, b->height };

  clear_other_picks (self, GTK_WIDGET (list));
  ms_map_view_set_marks (self->map_view, NULL, NULL, NULL);
  ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view), b->x, b->y, b->width, b->height);
  ms_map_view_set_highlight (self->map_view, &rect);
}

typedef struct
{
  MsBlueprint    *bp;
  MsAuditFinding  finding;
} Marks;

static void
marks_free (Marks *marks)
{
  g_clear_object (&marks->bp);
  g_free (marks);
}

static gboolean
marks_pixel (guint    x,
             guint    y,
             gpointer user_data)
{
  Marks *marks = user_data;
  return ms_audit_finding_marks_pixel (marks->bp, &marks->finding, x, y);
}

static void
on_finding_selected (MsFindingsList *list,
                     guint           index,
                     MsWindow       *self)
{
  const MsAuditFinding *finding;
  Marks *marks;

  if (self->findings == NULL || index >= self->findings->len)
    return;
  finding = g_ptr_array_index (self->findings, index);

  marks = g_new0 (Marks, 1);
  marks->bp = g_object_ref (self->blueprint);
  marks->finding = *finding;
  marks->finding.message = NULL;  /* not needed, not owned */
  clear_other_picks (self, GTK_WIDGET (list));
  ms_map_view_set_marks (self->map_view, marks_pixel, marks, (GDestroyNotify) marks_free);
  /* A finding without a pixel has no outline: drop the last pick's. */
  ms_map_view_set_highlight (self->map_view, NULL);

  if (finding->has_location)
    {
      MsRect rect = { finding->x, finding->y, 1, 1 };

      /* Close enough that single pixels show, with the surroundings. */
      ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view),
                            (double) finding->x - 32, (double) finding->y - 32, 65, 65);
      ms_map_view_set_highlight (self->map_view, &rect);
    }
}

static void
on_town_selected (MsTownList *list,
                  MsTownRow  *row,
                  MsWindow   *self)
{
  const MsTown *town = ms_town_row_get_town (row);
  const double r = MS_TOWN_LIST_NEIGHBOURHOOD;
  MsRect rect = { (guint) MAX (floorf (town->x), 0.0f), (guint) MAX (floorf (town->y), 0.0f), 1, 1 };

  clear_other_picks (self, GTK_WIDGET (list));
  ms_map_view_set_marks (self->map_view, NULL, NULL, NULL);
  ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view),
                        rect.x - r, rect.y - r, 2 * r + 1, 2 * r + 1);
  ms_map_view_set_highlight (self->map_view, &rect);
}

/* A road's pixels, sorted x * map_size + y, for the map's marks. */
typedef struct
{
  GArray *pixels;
  guint   map_size;
} PathMarks;

static void
path_marks_free (PathMarks *marks)
{
  g_array_unref (marks->pixels);
  g_free (marks);
}

static gboolean
path_marks_pixel (guint    x,
                  guint    y,
                  gpointer user_data)
{
  PathMarks *marks = user_data;
  guint32 key = (guint32) x * marks->map_size + y;
  guint lo = 0, hi = marks->pixels->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint32 value = g_array_index (marks->pixels, guint32, mid);

      if (value == key)
        return TRUE;
      if (value < key)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

static void
on_road_selected (MsRoadList *list,
                  MsRoadRow  *row,
                  MsWindow   *self)
{
  const MsPathBounds *b = ms_road_row_get_bounds (row);
  MsRect rect = { b->x, b->y, b->width, b->height };
  guint n_points;
  const MsPoint *points;
  PathMarks *marks;

  if (self->blueprint == NULL || b->width == 0)
    return;
  clear_other_picks (self, GTK_WIDGET (list));

  /* The path itself tinted, its bounds outlined: the outline finds it
   * zoomed out, the tint shows which way it runs. */
  points = ms_blueprint_get_path (self->blueprint, ms_road_row_get_tier (row), ms_road_row_get_index (row),
                                  &n_points);
  marks = g_new0 (PathMarks, 1);
  marks->map_size = ms_blueprint_get_map_size (self->blueprint);
  marks->pixels = ms_road_path_pixels (points, n_points, marks->map_size);
  ms_map_view_set_marks (self->map_view, path_marks_pixel, marks, (GDestroyNotify) path_marks_free);
  /* The tint is only drawn zoomed in: the line shows the road's course
   * at every zoom, an 8192² map whole included. */
  ms_map_view_set_marks_path (self->map_view, points, n_points);

  ms_viewport_fit_rect (ms_map_view_get_viewport (self->map_view), b->x, b->y, b->width, b->height);
  ms_map_view_set_highlight (self->map_view, &rect);
}

void
_ms_window_init_picks (MsWindow *self)
{
  g_signal_connect (self->water_list, "body-selected", G_CALLBACK (on_body_selected), self);
  g_signal_connect (self->town_list, "town-selected", G_CALLBACK (on_town_selected), self);
  g_signal_connect (self->road_list, "road-selected", G_CALLBACK (on_road_selected), self);
  g_signal_connect (self->findings_list, "finding-selected", G_CALLBACK (on_finding_selected), self);
}
