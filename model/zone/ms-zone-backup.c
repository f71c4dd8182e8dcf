/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "ms-mapping.h"
#include "ms-save.h"
#include "ms-zone-backup.h"

char *
ms_zone_backup_default_root (void)
{
  return g_build_filename (g_get_user_data_dir (), "mapsmith", "backups", NULL);
}

static gboolean
set_mkdir_error (GError     **error,
                 const char  *path)
{
  int saved_errno = errno;
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "Could not make the backup folder “%s”: %s", display, g_strerror (saved_errno));
  return FALSE;
}

/* A new folder under @parent named for now; -2, -3, … if that exists. */
static char *
make_stamp_folder (const char  *parent,
                   GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  if (g_mkdir_with_parents (parent, 0700) != 0)
    {
      set_mkdir_error (error, parent);
      return NULL;
    }
  for (guint n = 1; n < 1000; n++)
    {
      g_autofree char *name = n == 1 ? g_strdup (stamp) : g_strdup_printf ("%s-%u", stamp, n);
      g_autofree char *path = g_build_filename (parent, name, NULL);

      if (g_mkdir (path, 0700) == 0)
        return g_steal_pointer (&path);
      if (errno != EEXIST)
        {
          set_mkdir_error (error, path);
          return NULL;
        }
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
               "Too many backups this second in “%s”", parent);
  return NULL;
}

char *
ms_zone_backup_layers (MsZone        *zone,
                       const char    *backup_root,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autofree char *root = NULL;
  g_autofree char *parent = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *zone_folder = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *zone_name = NULL;

  g_return_val_if_fail (MS_IS_ZONE (zone), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      const char *path = ms_zone_get_layer_path (zone, l);
      g_autoptr(MsMapping) mapping = NULL;
      GBytes *bytes;
      g_autofree char *name = NULL;
      g_autofree char *target = NULL;

      if (!ms_zone_is_layer_dirty (zone, l) || !g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      if (folder == NULL)
        {
          root = backup_root != NULL ? g_strdup (backup_root) : ms_zone_backup_default_root ();
          parent = g_path_get_dirname (path);
          dir = g_canonicalize_filename (parent, NULL);
          base = g_path_get_basename (dir);
          zone_name = g_strdup_printf ("%s-%04u", base, ms_zone_get_id (zone));
          zone_folder = g_build_filename (root, zone_name, NULL);
          folder = make_stamp_folder (zone_folder, error);
          if (folder == NULL)
            return NULL;
        }
      /* Mapped, so a large layer is not read into memory first. */
      mapping = ms_mapping_new_for_path (path, error);
      if (mapping == NULL)
        return NULL;
      bytes = ms_mapping_get_bytes (mapping);  /* borrowed */
      name = g_path_get_basename (path);
      target = g_build_filename (folder, name, NULL);
      if (!ms_save_bytes (target, NULL, MS_SAVE_FLAGS_NONE, bytes, cancellable, error))
        return NULL;
    }
  return g_steal_pointer (&folder);
}
