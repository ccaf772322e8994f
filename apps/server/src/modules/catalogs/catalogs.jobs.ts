import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import { runCatalogImport } from './catalog-import.service.js';

/** A catalogue XLSX import: a file that is refused is not retried; database trouble is. */
export const catalogImportJob = defineJob({
  name: 'catalogs.xlsx-import',
  payload: z.object({ import_id: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  concurrency: 1,
  handler: (p, ctx) => runCatalogImport(ctx.deps, p.import_id, ctx),
});

/** Its expiry by the file's size: 150 000 rows (about 5 MB) are written in some minutes. */
export function catalogImportExpiry(bytes: number): number {
  return Math.min(3600, 600 + Math.ceil(bytes / (1024 * 1024)) * 120);
}
