/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Writes a seed corpus for fuzz-blueprint into the folder given: the demo at
 * the minimum size (v2) and a minimal v1 file.
 */
#include "config.h"

#include "ms-demo-blueprint.h"
#include "ms-test-util.h"

int
main (int argc, char **argv)
{
  g_autoptr(GBytes) demo = NULL;
  g_autoptr(GByteArray) v1 = g_byte_array_new ();
  g_autofree char *v2_path = NULL;
  g_autofree char *v1_path = NULL;
  g_autoptr(GError) error = NULL;

  if (argc != 2)
    {
      g_printerr ("usage: make-fuzz-seeds DIR\n");
      return 2;
    }
  g_mkdir_with_parents (argv[1], 0755);

  demo = ms_demo_blueprint_generate (256, 1, &error);
  g_assert_no_error (error);
  v2_path = g_build_filename (argv[1], "demo-256.dat", NULL);
  g_file_set_contents (v2_path, g_bytes_get_data (demo, NULL), g_bytes_get_size (demo), &error);
  g_assert_no_error (error);

  ms_test_put_string (v1, "ISLA_V1");
  ms_test_put_u32 (v1, 256);
  for (guint i = 0; i < 256 * 256; i++)
    {
      ms_test_put_f32 (v1, (float) i);
      ms_test_put_u32 (v1, i % 12);
    }
  ms_test_put_u32 (v1, 1);
  ms_test_put_f32 (v1, 1.0f); ms_test_put_f32 (v1, 2.0f); ms_test_put_u32 (v1, 1);
  for (guint t = 0; t < 4; t++)
    {
      ms_test_put_u32 (v1, 1);
      ms_test_put_u32 (v1, 2);
      for (guint k = 0; k < 4; k++)
        ms_test_put_f32 (v1, (float) k);
    }
  v1_path = g_build_filename (argv[1], "v1-256.dat", NULL);
  g_file_set_contents (v1_path, (const char *) v1->data, v1->len, &error);
  g_assert_no_error (error);
  return 0;
}
