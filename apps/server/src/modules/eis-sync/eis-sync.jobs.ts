import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { todayMoscow } from '../../lib/moscow-time.js';
import { defineJob } from '../../plugins/jobs.js';
import type { RunTable } from '../../plugins/run-recovery.js';
import type { AppDeps } from '../../types.js';
import { companySetups } from '../compliance/compliance-settings.service.js';
import { RUN_OUTCOMES } from './eis-outcome.policy.js';
import { noCounts, previousDay } from './eis-sync.policy.js';
import * as repo from './eis-sync.repository.js';
import { notifyRun } from './eis-sync-notices.js';
import { executeSync } from './eis-sync-run.js';

/**
 * The sync runs for the queue's upkeep (plugins/run-recovery.ts): a run whose node died is handed
 * to a new job (a run reads again what it had not recorded; archives already recorded are
 * unchanged), and ended failed after too many starts. One outcome, one notice.
 */
const syncRuns = (): RunTable<repo.EisSyncRunRow> => ({
  name: 'eis_sync_runs',
  stale: (deps, seconds) => repo.staleRuns(deps.db, seconds),
  async requeue(deps, run, seconds) {
    const jobId = run.status === 'queued' && run.jobId ? run.jobId : randomUUID();
    if (!(await repo.claimStale(deps.db, run, jobId, seconds))) return false;
    if (run.status === 'running' && run.jobId) await deps.jobs.cancel(eisSyncRunJob, run.jobId);
    await deps.jobs.send(eisSyncRunJob, { run_id: run.id }, { id: jobId });
    return true;
  },
  async fail(deps, run, reason) {
    const owner = { jobId: run.jobId ?? '', attempts: run.attempts };
    const errors: repo.EisSyncErrorRow[] = [{ step: 'run', outcome: RUN_OUTCOMES.lost, message: reason }];
    if (
      !(await repo.endRun(deps.db, run.id, run.status === 'running' ? owner : null, {
        status: 'failed',
        outcome: RUN_OUTCOMES.lost,
        errors,
      }))
    )
      return false;
    if (run.jobId) await deps.jobs.cancel(eisSyncRunJob, run.jobId);
    await notifyRun(deps, run, {
      status: 'failed',
      outcome: RUN_OUTCOMES.lost,
      counts: run.counts ?? noCounts(),
      errors,
    });
    return true;
  },
});

export const eisSyncRunJob = defineJob({
  name: 'eis-sync.run',
  payload: z.object({ run_id: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 4 * 3600,
  runs: syncRuns,
  concurrency: 1,
  handler: (p, ctx) => executeSync(p.run_id, ctx),
});

/** Every night (config.eis.syncCron, Moscow time): a run for each company with a token. */
export const eisSyncNightlyJob = defineJob({
  name: 'eis-sync.nightly',
  payload: z.object({}),
  schedule: { cron: (deps) => deps.config.eis.syncCron, tz: 'Europe/Moscow', payload: {} },
  handler: async (_p, ctx) => {
    await queueNightly(ctx.deps);
  },
});

/**
 * Queues a run for the company: one open run per company whatever the node (a partial unique
 * index); the job's id is stored with it so a dead node's run is sent again (run recovery).
 */
export async function queueSync(
  deps: AppDeps,
  companyId: number,
  userId: number,
  trigger: 'nightly' | 'manual',
): Promise<number | null> {
  const jobId = randomUUID();
  const run = await repo.insertRun(deps.db, {
    companyId,
    userId,
    trigger,
    day: previousDay(todayMoscow()),
    jobId,
  });
  if (!run) return null;
  await deps.jobs.send(eisSyncRunJob, { run_id: run.id }, { id: jobId });
  return run.id;
}

/** The nightly job: a run for every company with a token, authored by its first responsible user. */
export async function queueNightly(deps: AppDeps): Promise<number> {
  const ids = await repo.companiesToSync(deps.db);
  const setups = await companySetups(deps.db, ids);
  let queued = 0;
  for (const id of ids) {
    const author = setups.get(id)?.responsible[0]?.id;
    if (!author) continue;
    if ((await queueSync(deps, id, author, 'nightly')) !== null) queued++;
  }
  return queued;
}
