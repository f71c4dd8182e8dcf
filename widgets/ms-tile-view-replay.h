/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ms-tile-view.h"

G_BEGIN_DECLS

/* With MAPSMITH_BENCH_REPLAY=FILE set: the first of the views given here
 * to show a whole picture replays bench/pan-zoom's path and writes its
 * frame times to FILE (see the .c).  Otherwise nothing. */
void ms_tile_view_replay_attach (MsTileView *view);

G_END_DECLS
