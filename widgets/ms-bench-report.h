/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The benchmarks' replays (bench/pan-zoom, bench/zone-stroke) report a
 * spread of values (GArray of double) the same way: sorts @values and
 * appends "<prefix>median_<unit> V", p95 (nearest rank), max and mean
 * lines to @out.  Nothing for an empty array. */
void ms_bench_report_append_spread (GString    *out,
                                    const char *prefix,
                                    const char *unit,
                                    GArray     *values);

G_END_DECLS
