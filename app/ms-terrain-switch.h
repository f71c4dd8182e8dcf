/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-terrain-pane.h"

G_BEGIN_DECLS

/* What a window adds to the 3D switch. */
typedef struct
{
  /* A new source for the 2D view's content, or NULL when it shows none. */
  MsTerrainSource *(*make_source) (gpointer window);
  /* After every switch, with the dimension now shown. */
  void             (*switched)    (gpointer window,
                                   gboolean three_d);
} MsTerrainSwitchHooks;

/* The 2D/3D switch both map windows have: win.view-3d (the header's "3D"
 * toggle, F3), a boolean state, swaps the 2D view for an MsTerrainPane in
 * a stack with "2d" and "3d" pages.  The source is made on the first
 * switch to 3D, from the tiles the 2D view already has, and dropped when
 * the 2D view's content changes.  Embed it in the window's instance
 * struct: the action's handler holds its address. */
typedef struct
{
  const MsTerrainSwitchHooks *hooks;
  GtkWidget                  *window;
  GtkStack                   *stack;
  MsTerrainPane              *pane;
  GtkWidget                  *view_2d;   /* takes the keys in 2D */
  MsViewport                 *viewport;  /* view_2d's: where 3D looks first */
  GSimpleAction              *action;    /* win.view-3d */
  MsTerrainSource            *source;    /* made on the first switch to 3D */
} MsTerrainSwitch;

/* Adds win.view-3d to @window (a GActionMap), disabled until a reset says
 * there is something to show. */
void             ms_terrain_switch_init       (MsTerrainSwitch            *terrain,
                                               GtkWidget                  *window,
                                               const MsTerrainSwitchHooks *hooks,
                                               GtkStack                   *stack,
                                               MsTerrainPane              *pane,
                                               GtkWidget                  *view_2d,
                                               MsViewport                 *viewport);
/* The 2D view's content changed: a new source on the next switch; in 3D,
 * at once.  @available: whether the 2D view shows anything 3D can. */
void             ms_terrain_switch_reset      (MsTerrainSwitch            *terrain,
                                               gboolean                    available);
/* The source made, or NULL. */
MsTerrainSource *ms_terrain_switch_get_source (MsTerrainSwitch            *terrain);
/* For the window's dispose. */
void             ms_terrain_switch_dispose    (MsTerrainSwitch            *terrain);

G_END_DECLS
