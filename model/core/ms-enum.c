/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-enum"

#include "config.h"

#include "ms-enum.h"

const char *
ms_enum_get_nick (GType enum_type,
                  int   value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (enum_type);
  GEnumValue *v = g_enum_get_value (klass, value);

  /* Nicks are the static strings of the registered type. */
  return v != NULL ? v->value_nick : NULL;
}

gboolean
ms_enum_from_nick (GType       enum_type,
                   const char *nick,
                   int        *value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (enum_type);
  GEnumValue *v = nick != NULL ? g_enum_get_value_by_nick (klass, nick) : NULL;

  if (v == NULL)
    return FALSE;
  *value = v->value;
  return TRUE;
}

const char *
ms_flags_get_nick (GType flags_type,
                   guint flag)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (flags_type);
  GFlagsValue *v = g_flags_get_first_value (klass, flag);

  return v != NULL && v->value == flag ? v->value_nick : NULL;
}

gboolean
ms_flags_from_nicks (GType        flags_type,
                     const char  *nicks,
                     guint       *flags,
                     char       **bad_nick)
{
  g_autoptr(GFlagsClass) klass = g_type_class_ref (flags_type);
  g_auto(GStrv) parts = g_strsplit (nicks, ",", -1);
  guint result = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *nick = g_strstrip (parts[i]);
      GFlagsValue *v;

      if (nick[0] == '\0')
        continue;
      v = g_flags_get_value_by_nick (klass, nick);
      if (v == NULL)
        {
          if (bad_nick != NULL)
            *bad_nick = g_strdup (nick);
          return FALSE;
        }
      result |= v->value;
    }
  *flags = result;
  return TRUE;
}
