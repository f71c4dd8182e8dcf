/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hook tests use to check the CPU colouring's vector path against the
 * scalar one on one machine.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether the blueprint colouring may colour four cells at a time (it does
 * by default where the build targets SSE2); FALSE: cell by cell. */
void _ms_blueprint_colour_use_vectors_for_testing (gboolean use);

G_END_DECLS
