/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game profile names the ordinals the file formats store as bare numbers.
 * It is a GKeyFile; see data/default.profile for the form and the default.
 */
#define G_LOG_DOMAIN "ms-profile"

#include "config.h"

#include <stdlib.h>

#include "ms-profile.h"
#include "ms-model-resources.h"

#define DEFAULT_PROFILE_RESOURCE "/io/github/mapsmith/Mapsmith/model/default.profile"
#define MAX_ENTRIES 256  /* every profiled enum is stored in a byte */

struct _MsProfile
{
  GObject  parent_instance;

  char    *name;
  char    *source;
  GArray  *entries[MS_PROFILE_N_ENUMS];  /* of MsProfileEntry */
};

G_DEFINE_FINAL_TYPE (MsProfile, ms_profile, G_TYPE_OBJECT)
G_DEFINE_QUARK (ms-profile-error-quark, ms_profile_error)

static const char * const group_names[MS_PROFILE_N_ENUMS] = {
  [MS_PROFILE_BIOMES] = "Biomes",
  [MS_PROFILE_TOWN_TIERS] = "TownTiers",
  [MS_PROFILE_PLANT_TYPES] = "PlantTypes",
  [MS_PROFILE_GROUND_TYPES] = "GroundTypes",
};

static void
clear_entry (gpointer data)
{
  MsProfileEntry *entry = data;
  g_clear_pointer (&entry->name, g_free);
}

static GArray *
new_entry_array (void)
{
  GArray *array = g_array_new (FALSE, TRUE, sizeof (MsProfileEntry));
  g_array_set_clear_func (array, clear_entry);
  return array;
}

static void
ms_profile_finalize (GObject *object)
{
  MsProfile *self = MS_PROFILE (object);

  for (guint i = 0; i < MS_PROFILE_N_ENUMS; i++)
    g_clear_pointer (&self->entries[i], g_array_unref);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->source, g_free);

  G_OBJECT_CLASS (ms_profile_parent_class)->finalize (object);
}

static void
ms_profile_class_init (MsProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ms_profile_finalize;
}

static void
ms_profile_init (MsProfile *self)
{
}

static gboolean
parse_colour (const char *text,
              guint8     *r,
              guint8     *g,
              guint8     *b)
{
  guint value = 0;

  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return FALSE;
  for (guint i = 1; i < 7; i++)
    {
      int digit = g_ascii_xdigit_value (text[i]);
      if (digit < 0)
        return FALSE;
      value = value * 16 + (guint) digit;
    }
  *r = (value >> 16) & 0xff;
  *g = (value >> 8) & 0xff;
  *b = value & 0xff;
  return TRUE;
}

static gboolean
parse_group (GKeyFile       *key_file,
             const char     *display_name,
             MsProfileEnum   kind,
             GArray        **out,
             GError        **error)
{
  const char *group = group_names[kind];
  g_auto(GStrv) keys = NULL;
  g_autoptr(GArray) entries = new_entry_array ();
  gsize n_keys = 0;

  keys = g_key_file_get_keys (key_file, group, &n_keys, NULL);
  if (keys == NULL || n_keys == 0)
    {
      *out = NULL;
      return TRUE;
    }
  if (n_keys > MAX_ENTRIES)
    {
      g_set_error (error, MS_PROFILE_ERROR, MS_PROFILE_ERROR_INVALID,
                   "%s: [%s] has %" G_GSIZE_FORMAT " entries; at most %d fit in a byte",
                   display_name, group, n_keys, MAX_ENTRIES);
      return FALSE;
    }

  g_array_set_size (entries, n_keys);

  for (gsize i = 0; i < n_keys; i++)
    {
      g_auto(GStrv) fields = NULL;
      MsProfileEntry *entry;
      gsize n_fields = 0;
      char *end = NULL;
      guint64 ordinal;

      ordinal = g_ascii_strtoull (keys[i], &end, 10);
      if (end == keys[i] || *end != '\0' || ordinal >= n_keys)
        {
          g_set_error (error, MS_PROFILE_ERROR, MS_PROFILE_ERROR_INVALID,
                       "%s: [%s] key “%s” is not an ordinal between 0 and %" G_GSIZE_FORMAT
                       " (keys must count from 0 without gaps)",
                       display_name, group, keys[i], n_keys - 1);
          return FALSE;
        }

      entry = &g_array_index (entries, MsProfileEntry, ordinal);
      if (entry->name != NULL)
        {
          g_set_error (error, MS_PROFILE_ERROR, MS_PROFILE_ERROR_INVALID,
                       "%s: [%s] ordinal %s is given twice", display_name, group, keys[i]);
          return FALSE;
        }

      fields = g_key_file_get_string_list (key_file, group, keys[i], &n_fields, NULL);
      if (fields == NULL || n_fields < 2 || n_fields > 3 || fields[0][0] == '\0' ||
          !parse_colour (g_strstrip (fields[1]), &entry->red, &entry->green, &entry->blue))
        {
          g_set_error (error, MS_PROFILE_ERROR, MS_PROFILE_ERROR_INVALID,
                       "%s: [%s] %s: expected “Name;#rrggbb%s”", display_name, group, keys[i],
                       kind == MS_PROFILE_BIOMES ? "[;water|;ocean]" : "");
          return FALSE;
        }
      if (n_fields == 3)
        {
          const char *flag = g_strstrip (fields[2]);

          /* “ocean” is a water biome that is the sea (stats' ocean and
           * coastline in files without WBID). */
          if (kind != MS_PROFILE_BIOMES || (g_strcmp0 (flag, "water") != 0 && g_strcmp0 (flag, "ocean") != 0))
            {
              g_set_error (error, MS_PROFILE_ERROR, MS_PROFILE_ERROR_INVALID,
                           "%s: [%s] %s: unknown third field “%s”%s", display_name, group,
                           keys[i], fields[2],
                           kind == MS_PROFILE_BIOMES ? " (only “water” and “ocean” are known)" : "");
              return FALSE;
            }
          entry->water = TRUE;
          entry->ocean = g_str_equal (flag, "ocean");
        }
      entry->name = g_strdup (g_strstrip (fields[0]));
    }

  *out = g_steal_pointer (&entries);
  return TRUE;
}

static MsProfile *
load_key_file (GKeyFile   *key_file,
               const char *display_name,
               MsProfile  *fallback,
               GError    **error)
{
  g_autoptr(MsProfile) self = g_object_new (MS_TYPE_PROFILE, NULL);

  for (guint kind = 0; kind < MS_PROFILE_N_ENUMS; kind++)
    {
      if (!parse_group (key_file, display_name, kind, &self->entries[kind], error))
        return NULL;

      if (self->entries[kind] != NULL)
        continue;

      /* Biomes and town tiers are what a blueprint profile is for; plant and
       * ground types default to the server's known values. */
      if (fallback == NULL || kind == MS_PROFILE_BIOMES || kind == MS_PROFILE_TOWN_TIERS)
        {
          g_set_error (error, MS_PROFILE_ERROR, MS_PROFILE_ERROR_INVALID,
                       "%s: the [%s] group is missing or empty", display_name, group_names[kind]);
          return NULL;
        }
      self->entries[kind] = g_array_ref (fallback->entries[kind]);
    }

  self->name = g_key_file_get_string (key_file, "Profile", "Name", NULL);
  if (self->name == NULL)
    self->name = g_strdup (display_name);
  self->source = g_strdup (display_name);

  return g_steal_pointer (&self);
}

MsProfile *
ms_profile_new_default (void)
{
  static GMutex lock;
  static MsProfile *default_profile;
  MsProfile *ret;

  g_mutex_lock (&lock);
  if (default_profile == NULL)
    {
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GKeyFile) key_file = g_key_file_new ();
      g_autoptr(GError) error = NULL;

      bytes = g_resource_lookup_data (ms_model_get_resource (), DEFAULT_PROFILE_RESOURCE,
                                      G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
      if (bytes == NULL ||
          !g_key_file_load_from_bytes (key_file, bytes, G_KEY_FILE_NONE, &error) ||
          (default_profile = load_key_file (key_file, "default profile", NULL, &error)) == NULL)
        g_error ("The built-in default profile is broken: %s", error->message);
    }
  ret = g_object_ref (default_profile);
  g_mutex_unlock (&lock);

  return ret;
}

MsProfile *
ms_profile_new_for_data (const char  *data,
                         gsize        length,
                         const char  *display_name,
                         GError     **error)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(MsProfile) fallback = ms_profile_new_default ();

  if (!g_key_file_load_from_data (key_file, data, length, G_KEY_FILE_NONE, error))
    {
      g_prefix_error (error, "%s: ", display_name);
      return NULL;
    }

  return load_key_file (key_file, display_name, fallback, error);
}

MsProfile *
ms_profile_new_for_path (const char  *path,
                         GError     **error)
{
  g_autofree char *contents = NULL;
  g_autofree char *display_name = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  display_name = g_filename_display_name (path);
  return ms_profile_new_for_data (contents, length, display_name, error);
}

const char *
ms_profile_get_name (MsProfile *self)
{
  g_return_val_if_fail (MS_IS_PROFILE (self), NULL);
  return self->name;
}

const char *
ms_profile_get_source (MsProfile *self)
{
  g_return_val_if_fail (MS_IS_PROFILE (self), NULL);
  return self->source;
}

guint
ms_profile_get_count (MsProfile     *self,
                      MsProfileEnum  kind)
{
  g_return_val_if_fail (MS_IS_PROFILE (self), 0);
  g_return_val_if_fail (kind < MS_PROFILE_N_ENUMS, 0);
  return self->entries[kind]->len;
}

const MsProfileEntry *
ms_profile_get_entry (MsProfile     *self,
                      MsProfileEnum  kind,
                      guint          ordinal)
{
  g_return_val_if_fail (MS_IS_PROFILE (self), NULL);
  g_return_val_if_fail (kind < MS_PROFILE_N_ENUMS, NULL);

  if (ordinal >= self->entries[kind]->len)
    return NULL;
  return &g_array_index (self->entries[kind], MsProfileEntry, ordinal);
}

const char *
ms_profile_get_label (MsProfile     *self,
                      MsProfileEnum  kind,
                      guint          ordinal)
{
  const MsProfileEntry *entry = ms_profile_get_entry (self, kind, ordinal);
  return entry ? entry->name : NULL;
}

gboolean
ms_profile_is_water_biome (MsProfile *self,
                           guint      ordinal)
{
  const MsProfileEntry *entry = ms_profile_get_entry (self, MS_PROFILE_BIOMES, ordinal);
  return entry != NULL && entry->water;
}

gboolean
ms_profile_is_ocean_biome (MsProfile *self,
                           guint      ordinal)
{
  const MsProfileEntry *entry = ms_profile_get_entry (self, MS_PROFILE_BIOMES, ordinal);
  return entry != NULL && entry->ocean;
}
