/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* How a banner reads: its tint and its default icon. */
typedef enum
{
  MS_BANNER_INFO,
  MS_BANNER_WARNING,
  MS_BANNER_ERROR,
} MsBannerStyle;

#define MS_TYPE_BANNER_STYLE (ms_banner_style_get_type ())
GType ms_banner_style_get_type (void);

/* A bar across the top of a window that slides in with a message: a title,
 * optional smaller details under it, an optional button (its label and the
 * GtkActionable action-name/action-target, as AdwBanner has) and a close
 * button.  What GTK 4.8 lacks without libadwaita's AdwBanner, and what
 * GtkInfoBar (deprecated in 4.10) did.
 *
 * The close button runs "banner.close" (hide, then emit "closed") unless
 * close-action-name names the owner's action, which is then expected to
 * hide the banner.  In a .ui file, <child type="action"> adds a widget
 * (another button, a progress bar) before the button. */
#define MS_TYPE_BANNER (ms_banner_get_type ())
G_DECLARE_FINAL_TYPE (MsBanner, ms_banner, MS, BANNER, GtkWidget)

GtkWidget     *ms_banner_new                   (const char    *title);

void           ms_banner_set_title             (MsBanner      *self,
                                                const char    *title);
const char    *ms_banner_get_title             (MsBanner      *self);
/* Smaller text under the title, selectable (a file's path, the model's own
 * words for a bug report); NULL or "" hides it. */
void           ms_banner_set_details           (MsBanner      *self,
                                                const char    *details);
const char    *ms_banner_get_details           (MsBanner      *self);
/* NULL or "" hides the button. */
void           ms_banner_set_button_label      (MsBanner      *self,
                                                const char    *label);
const char    *ms_banner_get_button_label      (MsBanner      *self);
/* The button as the window's one suggested action (AdwBanner's
 * button-style "suggested"). */
void           ms_banner_set_button_suggested  (MsBanner      *self,
                                                gboolean       suggested);
gboolean       ms_banner_get_button_suggested  (MsBanner      *self);
void           ms_banner_set_style             (MsBanner      *self,
                                                MsBannerStyle  style);
MsBannerStyle  ms_banner_get_style             (MsBanner      *self);
/* NULL: the style's own icon; "": none. */
void           ms_banner_set_icon_name         (MsBanner      *self,
                                                const char    *icon_name);
const char    *ms_banner_get_icon_name         (MsBanner      *self);
void           ms_banner_set_show_close        (MsBanner      *self,
                                                gboolean       show_close);
gboolean       ms_banner_get_show_close        (MsBanner      *self);
/* NULL: the banner's own "banner.close". */
void           ms_banner_set_close_action_name (MsBanner      *self,
                                                const char    *action_name);
const char    *ms_banner_get_close_action_name (MsBanner      *self);
void           ms_banner_set_revealed          (MsBanner      *self,
                                                gboolean       revealed);
gboolean       ms_banner_get_revealed          (MsBanner      *self);
/* Does any of it show: revealed, or still sliding away? */
gboolean       ms_banner_get_child_revealed    (MsBanner      *self);
/* Is it fully in (TRUE) or fully out (FALSE), its slide done? */
gboolean       ms_banner_is_settled            (MsBanner      *self);
/* Sets @style and @title, clears the details and slides the banner in. */
void           ms_banner_show                  (MsBanner      *self,
                                                MsBannerStyle  style,
                                                const char    *title);
/* Packs @widget before the button, as <child type="action"> does. */
void           ms_banner_add_action_widget     (MsBanner      *self,
                                                GtkWidget     *widget);

G_END_DECLS
