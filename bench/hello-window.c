/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The floor under bench/app-startup's "window" column: a GtkApplication
 * whose window holds one label, of the size the app's window opens at.
 * Launched the same way as the app, it shows what GTK, the display and
 * the GL driver take on this machine before any application code runs.
 */
#include <gtk/gtk.h>

static void
on_activate (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);

  gtk_window_set_title (GTK_WINDOW (window), "hello");
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_set_child (GTK_WINDOW (window), gtk_label_new ("hello"));
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GtkApplication) app = gtk_application_new ("io.github.mapsmith.BenchHelloWindow",
                                                       G_APPLICATION_NON_UNIQUE);

  g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
