/* SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The seed gallery's typed filter (issue #38), e.g. `land > 40 and lakes >= 3`,
 * compiled once per keystroke and matched against every row of figures.
 *
 *   or      := and (("or" | "||") and)*
 *   and     := not (("and" | "&&") not)*
 *   not     := ("not" | "!") not | compare
 *   compare := sum (("<" | "<=" | ">" | ">=" | "=" | "==" | "!=") sum)?
 *   sum     := term (("+" | "-") term)*
 *   term    := unary (("*" | "/") unary)*
 *   unary   := "-" unary | number | figure | "(" or ")"
 *
 * Keywords are case-insensitive.  A number is C-style decimal (40, 2.5, .5,
 * 1e3); a figure is [A-Za-z_][A-Za-z0-9_.]* ("height.p50", "biome_pct.3"),
 * handed as written to the resolve callback, which decides whether case
 * matters.  Comparisons do not chain: `a < b < c` is an error.  Note that
 * "not" and "!" sit above the comparisons, so `!a > 1` is `!(a > 1)`.
 *
 * Values are doubles, NAN standing for a figure the file does not have.
 * Arithmetic carries NAN through, and every comparison with a NAN is false,
 * "!=" included.  "not" is plain logical negation, so `not (lakes > 3)`
 * matches a row whose lakes are null: write `lakes <= 3` to leave those
 * rows out.  A number used as a condition is true when it is neither 0 nor
 * NAN; conditions used as numbers are 1 and 0.  An empty text matches every
 * row.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define MS_STATS_FILTER_ERROR (ms_stats_filter_error_quark ())
typedef enum
{
  MS_STATS_FILTER_ERROR_SYNTAX,
  MS_STATS_FILTER_ERROR_UNKNOWN_NAME,
} MsStatsFilterError;
GQuark ms_stats_filter_error_quark (void);

typedef struct _MsStatsFilter MsStatsFilter;

/* Resolves a figure's name to a column index >= 0, or -1 when no column has
 * that name. */
typedef int (*MsStatsFilterResolve) (const char *name,
                                     gpointer    user_data);

/* Compiles @text.  Errors are MS_STATS_FILTER_ERROR_SYNTAX or
 * MS_STATS_FILTER_ERROR_UNKNOWN_NAME, their message starting with the
 * 1-based character column at fault ("Column 8: unknown figure “lnd”").
 * @resolve is called during this call only; NULL knows no figure. */
MsStatsFilter *ms_stats_filter_new           (const char            *text,
                                              MsStatsFilterResolve   resolve,
                                              gpointer               user_data,
                                              GError               **error);
void           ms_stats_filter_free          (MsStatsFilter         *filter);

/* Whether a row matches; allocation-free, and safe to call from several
 * threads at once.  @values[i] is column i; a column at or past @n_values
 * counts as NAN. */
gboolean       ms_stats_filter_matches       (MsStatsFilter         *filter,
                                              const double          *values,
                                              guint                  n_values);
/* 1 + the highest column the expression reads (0 when it reads none): how
 * many values a row needs. */
guint          ms_stats_filter_get_n_columns (MsStatsFilter         *filter);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsStatsFilter, ms_stats_filter_free)

G_END_DECLS
