/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-terrain-view.h"

G_BEGIN_DECLS

/* With MAPSMITH_BENCH_ORBIT=FILE set: the first 3D view to show a complete
 * picture orbits and flies in as bench-terrain-frames --orbit-only does
 * and writes its frame times to FILE (see the .c).  Otherwise nothing. */
void ms_terrain_view_replay_attach (MsTerrainView *view);

G_END_DECLS
