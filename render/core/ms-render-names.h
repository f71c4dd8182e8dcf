/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

#include "ms-enum.h"

G_BEGIN_DECLS

/* The names of the render enums (ramps, layers, palettes) are their GType
 * nicks: the words the CLI, the settings and the presets use. */

/* Declares the two functions MS_RENDER_DEFINE_NAMES () defines:
 * prefix_to_string () (NULL for a value out of range) and
 * prefix_from_string () (FALSE for a name that is none of them). */
#define MS_RENDER_DECLARE_NAMES(prefix, Type)                                \
  const char *prefix##_to_string   (Type        value);                     \
  gboolean    prefix##_from_string (const char *name,                       \
                                    Type       *value)

/* Defines @prefix##_to_string () and @prefix##_from_string () for the enum
 * @Type, registered as @gtype (ms-render-enums.h), by its nicks; @n is the
 * number of its values. */
#define MS_RENDER_DEFINE_NAMES(prefix, Type, gtype, n)                       \
  const char *                                                               \
  prefix##_to_string (Type value)                                            \
  {                                                                          \
    g_return_val_if_fail ((guint) value < (n), NULL);                        \
    return ms_enum_get_nick ((gtype), (int) value);                          \
  }                                                                          \
                                                                             \
  gboolean                                                                   \
  prefix##_from_string (const char *name,                                    \
                        Type       *value)                                   \
  {                                                                          \
    int v;                                                                   \
                                                                             \
    if (!ms_enum_from_nick ((gtype), name, &v))                              \
      return FALSE;                                                          \
    *value = (Type) v;                                                       \
    return TRUE;                                                             \
  }

G_END_DECLS
