import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import type { RunTable } from '../../plugins/run-recovery.js';
import { uploadBytes } from '../files/files.repository.js';
import { catalogImportNotice, runCatalogImport } from './catalog-import.service.js';
import {
  type CatalogImportRow,
  claimStaleCatalogImport,
  finishCatalogImport,
  staleCatalogImports,
} from './catalog-imports.repository.js';

/**
 * The catalogue imports for the runs' recovery (plugins/run-recovery.ts): a run whose node died is
 * handed to a new job (the workbook is read again and written all or nothing, so nothing is
 * doubled); one that killed its worker every time is failed with a notice.
 */
export const catalogImportRunTable: RunTable<CatalogImportRow> = {
  name: 'catalog_imports',
  stale: (deps, seconds) => staleCatalogImports(deps.db, seconds),
  async requeue(deps, run, seconds) {
    const jobId = run.status === 'queued' && run.jobId ? run.jobId : randomUUID();
    if (!(await claimStaleCatalogImport(deps.db, run, jobId, seconds))) return false;
    if (run.status === 'running' && run.jobId) await deps.jobs.cancel(catalogImportJob, run.jobId);
    const expireInSeconds = catalogImportExpiry(await uploadBytes(deps.db, [run.fileId]));
    await deps.jobs.send(catalogImportJob, { import_id: run.id }, { id: jobId, expireInSeconds });
    return true;
  },
  async fail(deps, run, reason) {
    const message = `Файл не загружен: ${reason}. Ничего не изменено; если это повторится, обратитесь к оператору`;
    const owner = { jobId: run.jobId ?? '', attempts: run.attempts };
    if (!(await finishCatalogImport(deps.db, run.id, owner, { error: message, errors: [] }))) return false;
    if (run.jobId) await deps.jobs.cancel(catalogImportJob, run.jobId);
    await catalogImportNotice(deps, run, run.jobId ?? '', 'error', message);
    return true;
  },
};

/** A catalogue XLSX import: a file that is refused is not retried; database trouble is. */
export const catalogImportJob = defineJob({
  name: 'catalogs.xlsx-import',
  payload: z.object({ import_id: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  // by the file's size when it is sent (catalogImportExpiry)
  expireInSeconds: 3600,
  concurrency: 1,
  runs: () => catalogImportRunTable,
  handler: (p, ctx) => runCatalogImport(ctx.deps, p.import_id, ctx),
});

/** Its expiry by the file's size: 150 000 rows (about 5 MB) are written in some minutes. */
export function catalogImportExpiry(bytes: number): number {
  return Math.min(3600, 600 + Math.ceil(bytes / (1024 * 1024)) * 120);
}
