/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each zone found is opened with ms_zone_new_for_dir () and dropped again:
 * opening maps the files without reading them, and it is the only way to be
 * sure the listing says what opening the zone will do (size rules, legacy
 * control files, terraformable).
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <string.h>

#include "ms-zone.h"
#include "ms-zone-directory.h"

void
ms_zone_dir_entry_free (MsZoneDirEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->problem);
  g_free (entry);
}

gboolean
ms_zone_parse_layer_filename (const char  *basename,
                              MsZoneLayer *out_layer,
                              guint       *out_id)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *canonical = NULL;
  MsZoneLayer layer;
  guint64 id;

  g_return_val_if_fail (basename != NULL, FALSE);

  parts = g_strsplit (basename, ".", -1);
  if (g_strv_length (parts) != 3 || !g_str_equal (parts[2], "bin") ||
      !ms_zone_layer_from_name (parts[0], &layer) ||
      !g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT, &id, NULL))
    return FALSE;
  /* The server formats the id, so only its spelling names a loaded file. */
  canonical = ms_zone_layer_filename (layer, (guint) id);
  if (!g_str_equal (canonical, basename))
    return FALSE;
  if (out_layer != NULL)
    *out_layer = layer;
  if (out_id != NULL)
    *out_id = (guint) id;
  return TRUE;
}

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  guint ia = *(const guint *) a, ib = *(const guint *) b;

  return ia < ib ? -1 : ia > ib;
}

GArray *
ms_zone_directory_list_ids (const char  *dir,
                            GError     **error)
{
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, NULL);

  d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return NULL;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      guint id;

      if (ms_zone_parse_layer_filename (name, NULL, &id) &&
          g_hash_table_add (seen, GUINT_TO_POINTER (id + 1)))
        g_array_append_val (ids, id);
    }
  g_array_sort (ids, compare_ids);
  return g_steal_pointer (&ids);
}

typedef struct
{
  char *name;
  char *key;   /* g_utf8_collate_key_for_filename () */
} FolderName;

static int
compare_folder_names (gconstpointer a,
                      gconstpointer b)
{
  return strcmp (((const FolderName *) a)->key, ((const FolderName *) b)->key);
}

GStrv
ms_zone_directory_find_zone_folders (const char  *dir,
                                     GError     **error)
{
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (FolderName));
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, NULL);

  d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return NULL;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GArray) ids = NULL;

      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      /* A folder we may not read holds no zone we could open. */
      ids = ms_zone_directory_list_ids (path, NULL);
      if (ids != NULL && ids->len > 0)
        {
          FolderName f = { g_strdup (name), g_utf8_collate_key_for_filename (name, -1) };

          g_array_append_val (found, f);
        }
    }
  g_array_sort (found, compare_folder_names);
  for (guint i = 0; i < found->len; i++)
    {
      FolderName *f = &g_array_index (found, FolderName, i);

      g_strv_builder_add (builder, f->name);
      g_free (f->name);
      g_free (f->key);
    }
  return g_strv_builder_end (builder);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const MsZoneDirEntry *ea = *(MsZoneDirEntry * const *) a;
  const MsZoneDirEntry *eb = *(MsZoneDirEntry * const *) b;

  return ea->id < eb->id ? -1 : ea->id > eb->id;
}

GPtrArray *
ms_zone_directory_scan (const char    *dir,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) ms_zone_dir_entry_free);
  g_autoptr(GHashTable) by_id = g_hash_table_new (NULL, NULL);
  g_autoptr(GDir) d = NULL;
  const char *name;

  g_return_val_if_fail (dir != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return NULL;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      MsZoneDirEntry *entry;
      MsZoneLayer layer;
      guint id;

      if (!ms_zone_parse_layer_filename (name, &layer, &id))
        continue;
      entry = g_hash_table_lookup (by_id, GUINT_TO_POINTER (id + 1));
      if (entry == NULL)
        {
          entry = g_new0 (MsZoneDirEntry, 1);
          entry->id = id;
          g_ptr_array_add (entries, entry);
          g_hash_table_insert (by_id, GUINT_TO_POINTER (id + 1), entry);
        }
      entry->layers |= 1u << layer;
    }

  g_ptr_array_sort (entries, compare_entries);

  for (guint i = 0; i < entries->len; i++)
    {
      MsZoneDirEntry *entry = g_ptr_array_index (entries, i);
      g_autoptr(GError) local_error = NULL;
      g_autoptr(MsZone) zone = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      zone = ms_zone_new_for_dir (dir, entry->id, 0, 0, NULL, &local_error);
      if (zone == NULL)
        {
          entry->problem = g_strdup (local_error->message);
          entry->terraformable = (entry->layers & (1u << MS_ZONE_LAYER_ALTITUDE_BLEND)) != 0;
          continue;
        }
      entry->width = ms_zone_get_width (zone);
      entry->height = ms_zone_get_height (zone);
      entry->terraformable = ms_zone_is_terraformable (zone);
    }
  return g_steal_pointer (&entries);
}

static void
scan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *entries = ms_zone_directory_scan (task_data, cancellable, &error);

  if (entries == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, entries, (GDestroyNotify) g_ptr_array_unref);
}

void
ms_zone_directory_scan_async (const char          *dir,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (dir != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ms_zone_directory_scan_async);
  g_task_set_task_data (task, g_strdup (dir), g_free);
  g_task_run_in_thread (task, scan_thread);
}

GPtrArray *
ms_zone_directory_scan_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ms_zone_directory_scan_async,
                        NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
