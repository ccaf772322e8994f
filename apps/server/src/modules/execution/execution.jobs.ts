import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import type { RunTable } from '../../plugins/run-recovery.js';
import { endPerformance, lostPerformance, type PerformanceRow } from './performance.repository.js';
import { runPerformance } from './performance-runner.js';

/** Database trouble is retried; the record's own failures end it at once. */
const retry = { limit: 2, delaySeconds: 3, backoff: true };

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
  // the queue name predates the execution module: kept so queued jobs of a running installation still run
  name: 'imports.performance',
  payload: z.object({ performance_id: z.number().int().positive() }),
  retry,
  expireInSeconds: PERFORMANCE_EXPIRY,
  runs: () => performanceRuns,
  handler: (p, ctx) => runPerformance(ctx.deps, p.performance_id, ctx),
});
