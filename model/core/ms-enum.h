/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Names of enums and flags by their registered nicks (the types come from
 * gnome.mkenums_simple: MS_TYPE_RAMP, MS_TYPE_ZONE_LAYER, …), so the names
 * the CLI, the settings and the files use live in one place, the enum.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The nick of @value, or %NULL when @enum_type has no such value. */
const char *ms_enum_get_nick    (GType        enum_type,
                                 int          value);
/* @nick's value; FALSE (and @value untouched) for an unknown or %NULL nick. */
gboolean    ms_enum_from_nick   (GType        enum_type,
                                 const char  *nick,
                                 int         *value);
/* The nick of exactly one flag, or %NULL. */
const char *ms_flags_get_nick   (GType        flags_type,
                                 guint        flag);
/* A comma-separated list of nicks (spaces around them and empty items are
 * ignored) to their flags; on an unknown nick returns FALSE and, when
 * @bad_nick is given, that nick. */
gboolean    ms_flags_from_nicks (GType        flags_type,
                                 const char  *nicks,
                                 guint       *flags,
                                 char       **bad_nick);

G_END_DECLS
