/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-render"

#include "config.h"

#include <gio/gio.h>

#include "ms-contours.h"

MsRgb
ms_contour_colour (MsRgb colour,
                   float opacity)
{
  MsRgb line = { MS_CONTOUR_RED, MS_CONTOUR_GREEN, MS_CONTOUR_BLUE };

  return opacity >= 1.0f ? line : ms_colour_mix (colour, line, opacity);
}

MsRgb
ms_contours_over (const MsContours *contours,
                  float             opacity,
                  const float      *heights,
                  gsize             width,
                  guint             cx,
                  guint             cy,
                  MsRgb             colour)
{
  if (heights == NULL || !(opacity > 0.0f) ||
      !ms_contour_at_cell (contours, heights, width, (gsize) cy * width + cx))
    return colour;
  return ms_contour_colour (colour, MIN (opacity, 1.0f));
}

void
ms_contours_mark_row (const MsContours *contours,
                      const float      *heights,
                      guint             width,
                      guint             cy,
                      guint             cx0,
                      guint             n,
                      guint8           *marks)
{
  g_return_if_fail (cy >= 1 && cx0 >= 1 && cx0 + n < width);

  for (guint i = 0; i < n; i++)
    marks[i] = ms_contour_at_cell (contours, heights, width, (gsize) cy * width + cx0 + i);
}

gboolean
ms_contours_parse (const char  *text,
                   const char  *what,
                   float       *interval,
                   float       *opacity,
                   GError     **error)
{
  char *end = NULL;
  double i, o = *opacity;

  g_return_val_if_fail (text != NULL, FALSE);

  i = g_ascii_strtod (text, &end);
  if (end == text || !(i > 0.0 && i < 1e9) || (*end != '\0' && *end != ':'))
    goto fail;
  if (*end == ':')
    {
      const char *start = end + 1;

      o = g_ascii_strtod (start, &end);
      if (end == start || *end != '\0' || !(o >= 0.0 && o <= 1.0))
        goto fail;
    }
  *interval = (float) i;
  *opacity = (float) o;
  return TRUE;

fail:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               "%s takes INTERVAL[:OPACITY], an interval above 0 and an opacity from 0 to 1, "
               "as in “%s:10” or “%s:10:0.5”, not “%s”", what, what, what, text);
  return FALSE;
}
