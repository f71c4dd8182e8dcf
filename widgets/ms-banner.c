/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one banner of every window: a GtkRevealer around a bar, like
 * AdwBanner (which GTK 4.8 without libadwaita lacks) with GtkInfoBar's
 * message types, details and extra action widgets.
 */
#define G_LOG_DOMAIN "ms-banner"

#include "config.h"


#include "ms-banner.h"
#include "ms-banner-bar.h"
#include "ms-css.h"
#include "ms-widgets-resources.h"

struct _MsBanner
{
  GtkWidget      parent_instance;

  MsBannerStyle  style;
  char          *icon_name;

  /* Template widgets */
  GtkRevealer   *revealer;
  GtkImage      *icon;
  GtkLabel      *title_label;
  GtkLabel      *details_label;
  GtkBox        *actions;
  GtkButton     *button;
  GtkButton     *close_button;
};

static void ms_banner_buildable_init  (GtkBuildableIface  *iface);
static void ms_banner_actionable_init (GtkActionableInterface *iface);

G_DEFINE_ENUM_TYPE (MsBannerStyle, ms_banner_style,
                    G_DEFINE_ENUM_VALUE (MS_BANNER_INFO, "info"),
                    G_DEFINE_ENUM_VALUE (MS_BANNER_WARNING, "warning"),
                    G_DEFINE_ENUM_VALUE (MS_BANNER_ERROR, "error"))

G_DEFINE_FINAL_TYPE_WITH_CODE (MsBanner, ms_banner, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, ms_banner_buildable_init)
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_ACTIONABLE, ms_banner_actionable_init))

enum {
  PROP_0,
  PROP_TITLE,
  PROP_DETAILS,
  PROP_BUTTON_LABEL,
  PROP_BUTTON_SUGGESTED,
  PROP_STYLE,
  PROP_ICON_NAME,
  PROP_SHOW_CLOSE,
  PROP_CLOSE_ACTION_NAME,
  PROP_REVEALED,
  PROP_CHILD_REVEALED,
  N_PROPS,
  /* GtkActionable's, forwarded to the button. */
  PROP_ACTION_NAME = N_PROPS,
  PROP_ACTION_TARGET,
};

enum {
  CLOSED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];
static GtkBuildableIface *parent_buildable_iface;

static const char * const style_classes[] = {
  [MS_BANNER_INFO] = "info",
  [MS_BANNER_WARNING] = "warning",
  [MS_BANNER_ERROR] = "error",
};

static const char * const style_icons[] = {
  [MS_BANNER_INFO] = "dialog-information-symbolic",
  [MS_BANNER_WARNING] = "dialog-warning-symbolic",
  [MS_BANNER_ERROR] = "dialog-error-symbolic",
};

/* ------------------------------------------------------------- public --- */

GtkWidget *
ms_banner_new (const char *title)
{
  return g_object_new (MS_TYPE_BANNER, "title", title, NULL);
}

void
ms_banner_set_title (MsBanner   *self,
                     const char *title)
{
  g_return_if_fail (MS_IS_BANNER (self));

  if (g_strcmp0 (gtk_label_get_text (self->title_label), title != NULL ? title : "") == 0)
    return;
  gtk_label_set_text (self->title_label, title);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

const char *
ms_banner_get_title (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), NULL);
  return gtk_label_get_text (self->title_label);
}

void
ms_banner_set_details (MsBanner   *self,
                       const char *details)
{
  g_return_if_fail (MS_IS_BANNER (self));

  if (g_strcmp0 (gtk_label_get_text (self->details_label), details != NULL ? details : "") == 0)
    return;
  gtk_label_set_text (self->details_label, details);
  gtk_widget_set_visible (GTK_WIDGET (self->details_label), details != NULL && details[0] != '\0');
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DETAILS]);
}

const char *
ms_banner_get_details (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), NULL);
  return gtk_label_get_text (self->details_label);
}

void
ms_banner_set_button_label (MsBanner   *self,
                            const char *label)
{
  g_return_if_fail (MS_IS_BANNER (self));

  if (g_strcmp0 (gtk_button_get_label (self->button), label) == 0)
    return;
  gtk_button_set_label (self->button, label);
  gtk_widget_set_visible (GTK_WIDGET (self->button), label != NULL && label[0] != '\0');
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUTTON_LABEL]);
}

const char *
ms_banner_get_button_label (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), NULL);
  return gtk_button_get_label (self->button);
}

void
ms_banner_set_button_suggested (MsBanner *self,
                                gboolean  suggested)
{
  g_return_if_fail (MS_IS_BANNER (self));

  if (ms_banner_get_button_suggested (self) == !!suggested)
    return;
  if (suggested)
    gtk_widget_add_css_class (GTK_WIDGET (self->button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->button), "suggested-action");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUTTON_SUGGESTED]);
}

gboolean
ms_banner_get_button_suggested (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), FALSE);
  return gtk_widget_has_css_class (GTK_WIDGET (self->button), "suggested-action");
}

static void
update_icon (MsBanner *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->icon), g_strcmp0 (self->icon_name, "") != 0);
  gtk_image_set_from_icon_name (self->icon, self->icon_name != NULL ? self->icon_name
                                                                    : style_icons[self->style]);
}

void
ms_banner_set_style (MsBanner      *self,
                     MsBannerStyle  style)
{
  g_return_if_fail (MS_IS_BANNER (self));
  g_return_if_fail (style <= MS_BANNER_ERROR);

  if (self->style == style)
    return;
  gtk_widget_remove_css_class (GTK_WIDGET (self), style_classes[self->style]);
  self->style = style;
  gtk_widget_add_css_class (GTK_WIDGET (self), style_classes[style]);
  update_icon (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STYLE]);
}

MsBannerStyle
ms_banner_get_style (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), MS_BANNER_INFO);
  return self->style;
}

void
ms_banner_set_icon_name (MsBanner   *self,
                         const char *icon_name)
{
  g_return_if_fail (MS_IS_BANNER (self));

  if (g_strcmp0 (self->icon_name, icon_name) == 0)
    return;
  g_free (self->icon_name);
  self->icon_name = g_strdup (icon_name);
  update_icon (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ICON_NAME]);
}

const char *
ms_banner_get_icon_name (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), NULL);
  return self->icon_name;
}

void
ms_banner_set_show_close (MsBanner *self,
                          gboolean  show_close)
{
  g_return_if_fail (MS_IS_BANNER (self));

  show_close = !!show_close;
  if (gtk_widget_get_visible (GTK_WIDGET (self->close_button)) == show_close)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->close_button), show_close);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_CLOSE]);
}

gboolean
ms_banner_get_show_close (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->close_button));
}

void
ms_banner_set_close_action_name (MsBanner   *self,
                                 const char *action_name)
{
  g_return_if_fail (MS_IS_BANNER (self));

  if (g_strcmp0 (ms_banner_get_close_action_name (self), action_name) == 0)
    return;
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->close_button),
                                  action_name != NULL ? action_name : "banner.close");
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOSE_ACTION_NAME]);
}

const char *
ms_banner_get_close_action_name (MsBanner *self)
{
  const char *name;

  g_return_val_if_fail (MS_IS_BANNER (self), NULL);
  name = gtk_actionable_get_action_name (GTK_ACTIONABLE (self->close_button));
  return g_strcmp0 (name, "banner.close") == 0 ? NULL : name;
}

static void
on_child_revealed (MsBanner *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD_REVEALED]);
}

void
ms_banner_set_revealed (MsBanner *self,
                        gboolean  revealed)
{
  g_return_if_fail (MS_IS_BANNER (self));

  revealed = !!revealed;
  if (gtk_revealer_get_reveal_child (self->revealer) == revealed)
    return;
  gtk_revealer_set_reveal_child (self->revealer, revealed);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CHILD_REVEALED]);
}

gboolean
ms_banner_get_revealed (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), FALSE);
  return gtk_revealer_get_reveal_child (self->revealer);
}

gboolean
ms_banner_get_child_revealed (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), FALSE);
  return gtk_revealer_get_reveal_child (self->revealer) || gtk_revealer_get_child_revealed (self->revealer);
}

gboolean
ms_banner_is_settled (MsBanner *self)
{
  g_return_val_if_fail (MS_IS_BANNER (self), FALSE);
  return gtk_revealer_get_child_revealed (self->revealer) == gtk_revealer_get_reveal_child (self->revealer);
}

void
ms_banner_show (MsBanner      *self,
                MsBannerStyle  style,
                const char    *title)
{
  g_return_if_fail (MS_IS_BANNER (self));

  ms_banner_set_style (self, style);
  ms_banner_set_title (self, title);
  ms_banner_set_details (self, NULL);
  ms_banner_set_revealed (self, TRUE);
}

void
ms_banner_add_action_widget (MsBanner  *self,
                             GtkWidget *widget)
{
  g_return_if_fail (MS_IS_BANNER (self));
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_box_append (self->actions, widget);
  gtk_widget_set_visible (GTK_WIDGET (self->actions), TRUE);
}

/* ----------------------------------------------------------- internal --- */

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  MsBanner *self = MS_BANNER (widget);

  ms_banner_set_revealed (self, FALSE);
  g_signal_emit (self, signals[CLOSED], 0);
}

/* ------------------------------------------------------------ buildable --- */

static void
ms_banner_buildable_add_child (GtkBuildable *buildable,
                               GtkBuilder   *builder,
                               GObject      *child,
                               const char   *type)
{
  MsBanner *self = MS_BANNER (buildable);

  if (g_strcmp0 (type, "action") == 0 && GTK_IS_WIDGET (child))
    ms_banner_add_action_widget (self, GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
ms_banner_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = ms_banner_buildable_add_child;
}

/* ----------------------------------------------------------- actionable --- */

static const char *
ms_banner_get_action_name (GtkActionable *actionable)
{
  return gtk_actionable_get_action_name (GTK_ACTIONABLE (MS_BANNER (actionable)->button));
}

static void
ms_banner_set_action_name (GtkActionable *actionable,
                           const char    *action_name)
{
  MsBanner *self = MS_BANNER (actionable);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->button), action_name);
  g_object_notify (G_OBJECT (self), "action-name");
}

static GVariant *
ms_banner_get_action_target_value (GtkActionable *actionable)
{
  return gtk_actionable_get_action_target_value (GTK_ACTIONABLE (MS_BANNER (actionable)->button));
}

static void
ms_banner_set_action_target_value (GtkActionable *actionable,
                                   GVariant      *target)
{
  MsBanner *self = MS_BANNER (actionable);

  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->button), target);
  g_object_notify (G_OBJECT (self), "action-target");
}

static void
ms_banner_actionable_init (GtkActionableInterface *iface)
{
  iface->get_action_name = ms_banner_get_action_name;
  iface->set_action_name = ms_banner_set_action_name;
  iface->get_action_target_value = ms_banner_get_action_target_value;
  iface->set_action_target_value = ms_banner_set_action_target_value;
}

/* --------------------------------------------------------------- object --- */

static void
ms_banner_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  MsBanner *self = MS_BANNER (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, ms_banner_get_title (self));
      break;
    case PROP_DETAILS:
      g_value_set_string (value, ms_banner_get_details (self));
      break;
    case PROP_BUTTON_LABEL:
      g_value_set_string (value, ms_banner_get_button_label (self));
      break;
    case PROP_BUTTON_SUGGESTED:
      g_value_set_boolean (value, ms_banner_get_button_suggested (self));
      break;
    case PROP_STYLE:
      g_value_set_enum (value, self->style);
      break;
    case PROP_ICON_NAME:
      g_value_set_string (value, self->icon_name);
      break;
    case PROP_SHOW_CLOSE:
      g_value_set_boolean (value, ms_banner_get_show_close (self));
      break;
    case PROP_CLOSE_ACTION_NAME:
      g_value_set_string (value, ms_banner_get_close_action_name (self));
      break;
    case PROP_REVEALED:
      g_value_set_boolean (value, ms_banner_get_revealed (self));
      break;
    case PROP_CHILD_REVEALED:
      g_value_set_boolean (value, ms_banner_get_child_revealed (self));
      break;
    case PROP_ACTION_NAME:
      g_value_set_string (value, ms_banner_get_action_name (GTK_ACTIONABLE (self)));
      break;
    case PROP_ACTION_TARGET:
      g_value_set_variant (value, ms_banner_get_action_target_value (GTK_ACTIONABLE (self)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ms_banner_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  MsBanner *self = MS_BANNER (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      ms_banner_set_title (self, g_value_get_string (value));
      break;
    case PROP_DETAILS:
      ms_banner_set_details (self, g_value_get_string (value));
      break;
    case PROP_BUTTON_LABEL:
      ms_banner_set_button_label (self, g_value_get_string (value));
      break;
    case PROP_BUTTON_SUGGESTED:
      ms_banner_set_button_suggested (self, g_value_get_boolean (value));
      break;
    case PROP_STYLE:
      ms_banner_set_style (self, g_value_get_enum (value));
      break;
    case PROP_ICON_NAME:
      ms_banner_set_icon_name (self, g_value_get_string (value));
      break;
    case PROP_SHOW_CLOSE:
      ms_banner_set_show_close (self, g_value_get_boolean (value));
      break;
    case PROP_CLOSE_ACTION_NAME:
      ms_banner_set_close_action_name (self, g_value_get_string (value));
      break;
    case PROP_REVEALED:
      ms_banner_set_revealed (self, g_value_get_boolean (value));
      break;
    case PROP_ACTION_NAME:
      ms_banner_set_action_name (GTK_ACTIONABLE (self), g_value_get_string (value));
      break;
    case PROP_ACTION_TARGET:
      ms_banner_set_action_target_value (GTK_ACTIONABLE (self), g_value_get_variant (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The revealer's size: asked for no width, the bar answers for its
 * natural width (one row), which is what a container that is not
 * height-for-width (a GtkScrolledWindow) then gives it. */
static void
ms_banner_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  gtk_widget_measure (GTK_WIDGET (MS_BANNER (widget)->revealer), orientation, for_size, minimum, natural,
                      NULL, NULL);
}

static void
ms_banner_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  gtk_widget_allocate (GTK_WIDGET (MS_BANNER (widget)->revealer), width, height, -1, NULL);
}

static GtkSizeRequestMode
ms_banner_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ms_banner_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MS_TYPE_BANNER);
  G_OBJECT_CLASS (ms_banner_parent_class)->dispose (object);
}

static void
ms_banner_finalize (GObject *object)
{
  g_free (MS_BANNER (object)->icon_name);
  G_OBJECT_CLASS (ms_banner_parent_class)->finalize (object);
}

static void
ms_banner_class_init (MsBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  g_autoptr(GBytes) template = NULL;

  object_class->get_property = ms_banner_get_property;
  object_class->set_property = ms_banner_set_property;
  object_class->dispose = ms_banner_dispose;
  object_class->finalize = ms_banner_finalize;
  widget_class->measure = ms_banner_measure;
  widget_class->size_allocate = ms_banner_size_allocate;
  widget_class->get_request_mode = ms_banner_get_request_mode;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DETAILS] =
    g_param_spec_string ("details", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUTTON_LABEL] =
    g_param_spec_string ("button-label", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BUTTON_SUGGESTED] =
    g_param_spec_boolean ("button-suggested", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STYLE] =
    g_param_spec_enum ("style", NULL, NULL, MS_TYPE_BANNER_STYLE, MS_BANNER_INFO,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ICON_NAME] =
    g_param_spec_string ("icon-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_CLOSE] =
    g_param_spec_boolean ("show-close", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLOSE_ACTION_NAME] =
    g_param_spec_string ("close-action-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REVEALED] =
    g_param_spec_boolean ("revealed", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* TRUE while any of the banner shows: revealed, or still sliding in or
   * away; what a container of banners hides itself by. */
  properties[PROP_CHILD_REVEALED] =
    g_param_spec_boolean ("child-revealed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_ACTION_NAME, "action-name");
  g_object_class_override_property (object_class, PROP_ACTION_TARGET, "action-target");

  /**
   * MsBanner::closed:
   *
   * The close button hid the banner (not emitted with close-action-name
   * set, nor by ms_banner_set_revealed ()).
   */
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /* Looked up in this library's own resource: that also links it in (a
   * static library drops an object nothing references). */
  g_type_ensure (MS_TYPE_BANNER_BAR);
  template = g_resource_lookup_data (ms_widgets_get_resource (), MS_WIDGETS_RESOURCE_PATH "ms-banner.ui",
                                     0, NULL);
  g_assert (template != NULL);
  gtk_widget_class_set_template (widget_class, template);
  gtk_widget_class_bind_template_child (widget_class, MsBanner, revealer);
  gtk_widget_class_bind_template_child (widget_class, MsBanner, icon);
  gtk_widget_class_bind_template_child (widget_class, MsBanner, title_label);
  gtk_widget_class_bind_template_child (widget_class, MsBanner, details_label);
  gtk_widget_class_bind_template_child (widget_class, MsBanner, actions);
  gtk_widget_class_bind_template_child (widget_class, MsBanner, button);
  gtk_widget_class_bind_template_child (widget_class, MsBanner, close_button);

  gtk_widget_class_install_action (widget_class, "banner.close", NULL, close_action);

  gtk_widget_class_set_css_name (widget_class, "banner");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ms_banner_init (MsBanner *self)
{
  ms_css_ensure (gtk_widget_get_display (GTK_WIDGET (self)),
                 MS_WIDGETS_RESOURCE_PATH "ms-banner.css");
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_add_css_class (GTK_WIDGET (self), style_classes[self->style]);
  update_icon (self);
  g_signal_connect_object (self->revealer, "notify::child-revealed",
                           G_CALLBACK (on_child_revealed), self, G_CONNECT_SWAPPED);
}
