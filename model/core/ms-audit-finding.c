/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "ms-audit"

#include "config.h"

#include "ms-audit-finding.h"
#include "ms-enum.h"
#include "ms-model-enums.h"

void
ms_audit_finding_free (MsAuditFinding *finding)
{
  if (finding == NULL)
    return;
  g_free (finding->message);
  g_free (finding);
}

const char *
ms_audit_severity_to_string (MsAuditSeverity severity)
{
  return ms_enum_get_nick (MS_TYPE_AUDIT_SEVERITY, severity);
}

guint
ms_audit_count_severity (GPtrArray       *findings,
                         MsAuditSeverity  severity)
{
  guint n = 0;

  g_return_val_if_fail (findings != NULL, 0);
  for (guint i = 0; i < findings->len; i++)
    if (((MsAuditFinding *) g_ptr_array_index (findings, i))->severity == severity)
      n++;
  return n;
}

/* ---------------------------------------------------------- in a thread -- */

typedef struct
{
  GObject     *subject;
  MsAuditFunc  func;
} AuditRun;

static void
audit_run_free (AuditRun *run)
{
  g_clear_object (&run->subject);
  g_free (run);
}

static void
audit_run_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  AuditRun *run = task_data;
  GError *error = NULL;
  GPtrArray *findings = run->func (run->subject, cancellable, &error);

  if (findings == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, findings, (GDestroyNotify) g_ptr_array_unref);
}

void
ms_audit_run_async (gpointer             source_object,
                    gpointer             subject,
                    MsAuditFunc          func,
                    GCancellable        *cancellable,
                    GAsyncReadyCallback  callback,
                    gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (source_object, cancellable, callback, user_data);
  AuditRun *run = g_new0 (AuditRun, 1);

  g_return_if_fail (G_IS_OBJECT (subject));

  run->subject = g_object_ref (subject);
  run->func = func;
  g_task_set_source_tag (task, ms_audit_run_async);
  g_task_set_task_data (task, run, (GDestroyNotify) audit_run_free);
  g_task_run_in_thread (task, audit_run_thread);
}

GPtrArray *
ms_audit_run_finish (GAsyncResult  *result,
                     GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == ms_audit_run_async, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
