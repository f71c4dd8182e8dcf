/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What size a zone is: the size asked for, checked against every present
 * layer file, or else 2048x2048 when they all fit it, or else the square
 * size they agree on.  Files that fit none are named in the error, with the
 * lengths the game's zones have.
 */
#define G_LOG_DOMAIN "ms-zone"

#include "config.h"

#include <math.h>

#include "ms-zone-private.h"

static gboolean
square_side (guint64  tiles,
             guint   *out_side)
{
  guint64 side = (guint64) sqrt ((double) tiles);

  while (side * side > tiles)
    side--;
  while ((side + 1) * (side + 1) <= tiles)
    side++;
  if (tiles == 0 || side * side != tiles || side > G_MAXUINT16)
    return FALSE;
  *out_side = (guint) side;
  return TRUE;
}

/* Does the layer's file fit width x height?  Sets its bytes per tile. */
static gboolean
layer_fits (MsZoneLayer       layer,
            MsZoneLayerState *state,
            guint             width,
            guint             height)
{
  guint64 tiles = (guint64) width * height;
  guint64 length = ms_mapping_get_length (state->mapping);

  state->file_bpt = ms_zone_layer_get_bytes_per_tile (layer);
  if (length == tiles * state->file_bpt)
    return TRUE;
  /* The server widens a control file whose length is the tile count. */
  if (layer == MS_ZONE_LAYER_CONTROL && length == tiles)
    {
      state->file_bpt = 1;
      return TRUE;
    }
  return FALSE;
}

/* The sizes zones have in the live game, largest first. */
static const guint live_sides[] = { 2048, 1024, 512, 256 };

/* ", e.g. a 2048² zone's control file is 8388608 bytes, 1024²: …" */
static char *
describe_live_lengths (MsZoneLayer layer)
{
  GString *text = g_string_new (NULL);
  guint bpt = ms_zone_layer_get_bytes_per_tile (layer);

  for (guint i = 0; i < G_N_ELEMENTS (live_sides); i++)
    {
      guint64 length = (guint64) live_sides[i] * live_sides[i] * bpt;

      if (i == 0)
        g_string_append_printf (text, "; the game's zones are %u×%u (%" G_GUINT64_FORMAT " bytes)",
                                live_sides[i], live_sides[i], length);
      else
        g_string_append_printf (text, ", %u×%u (%" G_GUINT64_FORMAT ")", live_sides[i], live_sides[i],
                                length);
    }
  return g_string_free (text, FALSE);
}

static gboolean
infer_size (MsZone  *self,
            guint   *out_width,
            guint   *out_height,
            GError **error)
{
  MsZoneLayer first = MS_ZONE_N_LAYERS;
  guint side = 0;

  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];
      guint64 length;
      guint s;

      if (state->mapping == NULL)
        continue;
      length = ms_mapping_get_length (state->mapping);
      if (length == 0)
        {
          g_autofree char *name = g_path_get_basename (state->path);
          g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                       "%s is empty (0 bytes): a %s layer has %u bytes per tile", name,
                       ms_zone_layer_get_name (l), ms_zone_layer_get_bytes_per_tile (l));
          return FALSE;
        }
      if (!(length % ms_zone_layer_get_bytes_per_tile (l) == 0 &&
            square_side (length / ms_zone_layer_get_bytes_per_tile (l), &s)) &&
          !(l == MS_ZONE_LAYER_CONTROL && square_side (length, &s)))
        {
          g_autofree char *name = g_path_get_basename (state->path);
          g_autofree char *live = describe_live_lengths (l);
          g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                       "%s is %" G_GUINT64_FORMAT " bytes, which fits no square zone "
                       "(%u bytes per tile%s)%s", name, length,
                       ms_zone_layer_get_bytes_per_tile (l),
                       l == MS_ZONE_LAYER_CONTROL ? ", or 1 in the legacy form" : "", live);
          return FALSE;
        }
      if (first == MS_ZONE_N_LAYERS)
        {
          first = l;
          side = s;
        }
      else if (s != side)
        {
          g_autofree char *a = g_path_get_basename (self->layers[first].path);
          g_autofree char *b = g_path_get_basename (state->path);
          g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                       "The layers disagree on the zone size: %s is %u×%u (%" G_GUINT64_FORMAT
                       " bytes) but %s is %u×%u (%" G_GUINT64_FORMAT " bytes) "
                       "(give the size with --size WxH)", a, side, side,
                       (guint64) ms_mapping_get_length (self->layers[first].mapping), b, s, s, length);
          return FALSE;
        }
    }
  *out_width = *out_height = side;
  return TRUE;
}

static gboolean
check_size (MsZone  *self,
            guint    width,
            guint    height,
            GError **error)
{
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];

      if (state->mapping != NULL && !layer_fits (l, state, width, height))
        {
          g_autofree char *name = g_path_get_basename (state->path);
          g_set_error (error, MS_ZONE_ERROR, MS_ZONE_ERROR_INVALID,
                       "%s is %" G_GSIZE_FORMAT " bytes, but a %u×%u zone needs %" G_GUINT64_FORMAT
                       " (%u bytes per tile%s)", name, ms_mapping_get_length (state->mapping),
                       width, height,
                       (guint64) width * height * ms_zone_layer_get_bytes_per_tile (l),
                       ms_zone_layer_get_bytes_per_tile (l),
                       l == MS_ZONE_LAYER_CONTROL ? ", or 1 in the legacy form" : "");
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
all_fit (MsZone *self,
         guint   width,
         guint   height)
{
  for (guint l = 0; l < MS_ZONE_N_LAYERS; l++)
    {
      MsZoneLayerState *state = &self->layers[l];

      if (state->mapping != NULL && !layer_fits (l, state, width, height))
        return FALSE;
    }
  return TRUE;
}

gboolean
_ms_zone_choose_size (MsZone  *self,
                      guint   *width,
                      guint   *height,
                      GError **error)
{
  if (*width != 0)
    return check_size (self, *width, *height, error);
  if (all_fit (self, MS_ZONE_DEFAULT_SIZE, MS_ZONE_DEFAULT_SIZE))
    {
      *width = *height = MS_ZONE_DEFAULT_SIZE;
      return TRUE;
    }
  return infer_size (self, width, height, error) && check_size (self, *width, *height, error);
}
