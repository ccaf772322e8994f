import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import type { RunTable } from '../../plugins/run-recovery.js';
import { eisPlanImportJob } from '../eis-plans/eis-plans.jobs.js';
import { eisPlanImportSpec } from '../eis-plans/eis-plans-import.service.js';
import { eisImportSpec } from './eis-import.service.js';
import { eisProcurementImportSpec } from './eis-procurement-import.service.js';
import { importRunTable } from './import-recovery.js';
import { executeImport } from './import-runner.js';
import { paymentsImportSpec } from './payments-import.service.js';
import {
  endPerformance,
  lostPerformance,
  type PerformanceRow,
  runPerformance,
} from './performance.service.js';
import { updImportSpec } from './upd-import.service.js';

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

/** A performance record's job: a few queries over one contract's events, retried soon when its node died. */
const PERFORMANCE_EXPIRY = 120;

/**
 * Performance records for the runs' recovery: they keep no heartbeat (their job takes seconds),
 * so a record still queued after every attempt of its job had time to run and expire was lost
 * with its node (or its job was never sent): it is ended failed with a notice.
 */
const performanceRuns: RunTable<PerformanceRow & { jobId: null; attempts: number }> = {
  name: 'performance_records',
  // three attempts, each taken back after its expiry, with the retry delays and a minute to spare
  stale: async (deps) =>
    (await lostPerformance(deps.db, PERFORMANCE_EXPIRY * 3 + 60)).map((r) => ({
      ...r,
      jobId: null,
      attempts: 0,
    })),
  async fail(deps, run, reason) {
    const message = `Не удалось сформировать сведения об исполнении: ${reason}. Запросите их снова`;
    if (!(await endPerformance(deps.db, run.id, { status: 'failed', error: message }))) return false;
    await deps.notifier.notify({
      userId: run.createdBy,
      companyId: run.companyId,
      kind: 'notificationPerfomanceContractResponse',
      status: 'error',
      header: 'Сведения об исполнении договора',
      message,
      payload: {
        performance_contract_guid: run.guid,
        result: 'error',
        error: message,
        performance_id: run.id,
        contract_id: run.contractId,
      },
    });
    return true;
  },
};

export const performanceJob = defineJob({
  name: 'imports.performance',
  payload: z.object({ performance_id: z.number().int().positive() }),
  retry,
  expireInSeconds: PERFORMANCE_EXPIRY,
  runs: () => performanceRuns,
  handler: (p, ctx) => runPerformance(ctx.deps, p.performance_id, ctx),
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
