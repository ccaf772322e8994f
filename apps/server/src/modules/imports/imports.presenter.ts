import type { ImportRun } from '@zakupki/shared';
import type { ImportRunRow } from './imports.repository.js';

export function toImportRun(r: ImportRunRow): ImportRun {
  return {
    id: r.id,
    company_id: r.companyId,
    user_id: r.userId,
    kind: r.kind,
    status: r.status,
    progress: r.progress,
    upload_file_name: r.uploadFileName,
    file_ids: r.fileIds,
    error: r.error,
    files: r.files ?? [],
    result: (r.result ?? null) as never,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
  } as ImportRun;
}
