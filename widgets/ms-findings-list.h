/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "ms-audit-finding.h"

G_BEGIN_DECLS

/* An audit's findings, one row each (severity, check, message, count);
 * emits ::finding-selected with the index into the array it was given when
 * a row is selected, or the selected row activated again (Enter). */
#define MS_TYPE_FINDINGS_LIST (ms_findings_list_get_type ())
G_DECLARE_FINAL_TYPE (MsFindingsList, ms_findings_list, MS, FINDINGS_LIST, GtkWidget)

GtkWidget *ms_findings_list_new          (void);
/* @findings: (nullable) (transfer none): MsAuditFinding*; NULL while the audit runs */
void       ms_findings_list_set_findings (MsFindingsList *self,
                                          GPtrArray      *findings);
guint      ms_findings_list_get_n_rows   (MsFindingsList *self);
/* The status line while auditing and when nothing is found (the zone's
 * words); NULL: the blueprint's. */
void       ms_findings_list_set_texts    (MsFindingsList *self,
                                          const char     *busy,
                                          const char     *clean);
void       ms_findings_list_select       (MsFindingsList *self,
                                          guint           index);

/* The Checks tab of a window's side stack, @page_child being its page's
 * child: titled "Checks (N)" for N findings, "Checks" for none or while
 * the audit runs (@findings NULL), and needing attention while one of them
 * is an error. */
void       ms_findings_list_set_tab_count    (GtkWidget      *page_child,
                                          GPtrArray      *findings);

G_END_DECLS
