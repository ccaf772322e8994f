import { z } from 'zod';
import { defineJob } from '../../../plugins/jobs.js';
import { executeImport } from '../import-runner.js';
import { eisPlanImportSpec } from './eis-plans-import.service.js';

/**
 * The EIS plan import: a run of the import runner (modules/imports) with the plans' spec. Its runs
 * are import runs, recovered with the others by the table the import jobs declare (imports.jobs.ts).
 */
export const eisPlanImportJob = defineJob({
  name: 'imports.eis-plans',
  payload: z.object({ import_id: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  expireInSeconds: 1800,
  concurrency: 1,
  handler: (p, ctx) => executeImport(eisPlanImportSpec, p.import_id, ctx),
});
