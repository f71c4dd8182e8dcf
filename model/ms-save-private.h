/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Fault injection so tests can prove that a save failing at any step leaves
 * the original untouched and no temporary file behind.
 */
#pragma once

#include "ms-save.h"

G_BEGIN_DECLS

typedef enum
{
  MS_SAVE_FAULT_NONE,
  MS_SAVE_FAULT_WRITE,        /* write() fails with ENOSPC half-way */
  MS_SAVE_FAULT_FSYNC,        /* fsync() of the temporary file fails with EIO */
  MS_SAVE_FAULT_VERIFY,       /* the read-back sees a flipped byte */
  MS_SAVE_FAULT_RENAME,       /* rename() fails with EXDEV */
} MsSaveFault;

void _ms_save_inject_fault_for_testing (MsSaveFault fault);

G_END_DECLS
