/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* For tests: whether this build deflates with ISA-L, and a switch to zlib
 * (process-wide) so both deflaters are checked in one build. */
gboolean ms_png_writer_has_isal (void);
void     ms_png_writer_use_zlib (gboolean zlib_only);

G_END_DECLS
