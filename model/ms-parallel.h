/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef void (*MsParallelFunc) (guint    index,
                                gpointer user_data);

/* Calls @func for every index in [0, n) on a shared pool of worker threads,
 * one per processor, and returns when all calls have returned. */
void ms_parallel_for (guint          n,
                      MsParallelFunc func,
                      gpointer       user_data);

G_END_DECLS
