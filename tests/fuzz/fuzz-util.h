/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the libFuzzer harnesses share: a scratch folder of their own (on
 * tmpfs when there is one, so that writing an input costs no disk), and
 * files written into it.  Harness code, not model code: failures abort.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The process's scratch folder, made on first use and removed at exit. */
const char *fuzz_scratch_dir  (void);
/* @dir/@name := @length bytes of @data; returns the path (owned by the
 * caller). */
char       *fuzz_write_file   (const char   *dir,
                               const char   *name,
                               const void   *data,
                               gsize         length);
/* Removes @dir/@name when it exists. */
void        fuzz_remove_file  (const char   *dir,
                               const char   *name);
/* A folder under the scratch folder, made if missing (owned by the caller). */
char       *fuzz_subdir       (const char   *name);

G_END_DECLS
