/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <gtk/gtk.h>

#include "ms-test-app.h"
#include "ms-test-util.h"

static MsApplication *app;
static GPtrArray *private_dirs;

MsApplication *
ms_test_app_start (int         *argc,
                   char      ***argv,
                   const char  *first_xdg_variable,
                   ...)
{
  g_autoptr(GError) error = NULL;
  va_list args;

  g_assert_null (app);
  private_dirs = g_ptr_array_new_with_free_func (g_free);
  va_start (args, first_xdg_variable);
  for (const char *name = first_xdg_variable; name != NULL; name = va_arg (args, const char *))
    {
      char *dir = ms_test_make_tmpdir ();

      g_setenv (name, dir, TRUE);
      g_ptr_array_add (private_dirs, dir);
    }
  va_end (args);

  gtk_test_init (argc, argv, NULL);
  app = ms_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  return app;
}

MsApplication *
ms_test_app (void)
{
  g_assert_nonnull (app);
  return app;
}

int
ms_test_app_run (void)
{
  int status = g_test_run ();

  g_clear_object (&app);
  for (guint i = 0; i < private_dirs->len; i++)
    ms_test_remove_tree (g_ptr_array_index (private_dirs, i));
  g_clear_pointer (&private_dirs, g_ptr_array_unref);
  return status;
}
