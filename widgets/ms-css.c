/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Style sheets from resources, each loaded once per display.
 */
#define G_LOG_DOMAIN "ms-css"

#include "config.h"

#include "ms-css.h"
#include "ms-widgets-resources.h"

void
ms_css_ensure (GdkDisplay *display,
               const char *resource_path)
{
  g_autoptr(GtkCssProvider) provider = NULL;

  g_return_if_fail (GDK_IS_DISPLAY (display));
  g_return_if_fail (resource_path != NULL);

  /* The display keeps each provider under its path: asked again, nothing. */
  if (g_object_get_data (G_OBJECT (display), resource_path) != NULL)
    return;
  /* Referenced, so that a static library keeps the widgets' resource
   * (and its constructor registering it) in every program. */
  g_assert (ms_widgets_get_resource () != NULL);
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, resource_path);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), resource_path, g_object_ref (provider), g_object_unref);
}
