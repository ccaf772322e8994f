import type { ReportCode, ReportRun } from '@zakupki/shared';
import type { ReportListRow } from './report-runs.repository.js';

/** A report run as the list and the card answer it: with its file and its author. */
export function toReportRun({ r, file, user }: ReportListRow): ReportRun {
  return {
    id: r.id,
    company_id: r.companyId,
    report_code: r.reportCode as ReportCode,
    title: r.title,
    status: r.status,
    params: r.params,
    contract_id: r.contractId,
    contract_guid: r.contractGuid,
    contract_regnumber: r.contractRegnumber,
    file_id: r.fileId,
    file_name: file?.name ?? null,
    file_size: file?.size ?? null,
    error: r.error,
    warnings: r.warnings,
    created_by: user?.id ? { id: user.id, title: user.title ?? '' } : null,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}
