import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import { paymentsImportSpec } from './bank/payments-import.service.js';
import { eisImportSpec } from './eis/eis-import.service.js';
import { eisPlanImportJob } from './eis/eis-plans.jobs.js';
import { eisPlanImportSpec } from './eis/eis-plans-import.service.js';
import { eisProcurementImportSpec } from './eis/eis-procurement-import.service.js';
import { importRunTable } from './import-recovery.js';
import { executeImport } from './import-runner.js';
import { updImportSpec } from './upd/upd-import.service.js';

const importPayload = z.object({ import_id: z.number().int().positive() });
/** The runs these jobs work: a dead node's are recovered by the queue's upkeep. */
const runs = () => importRuns;
/** A file that does not parse is not retried (the run fails at once); database trouble is. */
const retry = { limit: 2, delaySeconds: 3, backoff: true };

export const eisImportJob = defineJob({
  name: 'imports.eis-contracts',
  payload: importPayload,
  retry,
  expireInSeconds: 1800,
  runs,
  concurrency: 1,
  handler: (p, ctx) => executeImport(eisImportSpec, p.import_id, ctx),
});

export const updImportJob = defineJob({
  name: 'imports.upd',
  payload: importPayload,
  retry,
  expireInSeconds: 1800,
  runs,
  concurrency: 2,
  handler: (p, ctx) => executeImport(updImportSpec, p.import_id, ctx),
});

export const paymentsImportJob = defineJob({
  name: 'imports.payments',
  payload: importPayload,
  retry,
  expireInSeconds: 1800,
  runs,
  concurrency: 2,
  handler: (p, ctx) => executeImport(paymentsImportSpec, p.import_id, ctx),
});

/** EIS notices and protocols into the procurement register (docs/procurement-import.md). */
export const eisProcurementImportJob = defineJob({
  name: 'imports.eis-procurements',
  payload: importPayload,
  retry,
  expireInSeconds: 1800,
  runs,
  concurrency: 1,
  handler: (p, ctx) => executeImport(eisProcurementImportSpec, p.import_id, ctx),
});

export const IMPORT_JOBS = {
  'eis-contracts': eisImportJob,
  upd: updImportJob,
  payments: paymentsImportJob,
  'eis-plans': eisPlanImportJob,
  'eis-procurements': eisProcurementImportJob,
} as const;

export const IMPORT_SPECS = {
  'eis-contracts': eisImportSpec,
  upd: updImportSpec,
  payments: paymentsImportSpec,
  'eis-plans': eisPlanImportSpec,
  'eis-procurements': eisProcurementImportSpec,
} as const;

/** The import runs' table for the queue's upkeep (all kinds of import share it). */
const importRuns = importRunTable({ jobs: IMPORT_JOBS, specs: IMPORT_SPECS as never });
