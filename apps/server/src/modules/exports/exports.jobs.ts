import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineJob } from '../../plugins/jobs.js';
import type { RunTable } from '../../plugins/run-recovery.js';
import type { ReportRunRow } from './report-builders.js';
import { failReport, runReport } from './report-runner.js';
import { claimStaleReportRun, staleReportRuns } from './report-runs.repository.js';

/**
 * The report runs for the runs' recovery (plugins/run-recovery.ts): a run whose node died is
 * built again by a new job (its file is stored with the run's end, so nothing is doubled); one
 * that killed its worker every time is failed with a notice.
 */
export const reportRunTable: RunTable<ReportRunRow> = {
  name: 'report_runs',
  stale: (deps, seconds) => staleReportRuns(deps.db, seconds),
  async requeue(deps, run, seconds) {
    const jobId = run.status === 'queued' && run.jobId ? run.jobId : randomUUID();
    if (!(await claimStaleReportRun(deps.db, run, jobId, seconds))) return false;
    if (run.status === 'running' && run.jobId) await deps.jobs.cancel(reportJob, run.jobId);
    await deps.jobs.send(reportJob, { report_id: run.id }, { id: jobId });
    return true;
  },
  async fail(deps, run, reason) {
    const owner = { jobId: run.jobId ?? '', attempts: run.attempts };
    const message = `Не удалось сформировать отчёт: ${reason}. Если это повторится, обратитесь к оператору`;
    if (!(await failReport(deps, run, owner, message))) return false;
    if (run.jobId) await deps.jobs.cancel(reportJob, run.jobId);
    return true;
  },
};

/** Builds one report run (EIS XML, OCDS package, monthly report) and stores its file. */
export const reportJob = defineJob({
  name: 'exports.report',
  payload: z.object({ report_id: z.number().int().positive() }),
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  // the largest (an OCDS package of a whole register) takes minutes; a dead node's run is
  // recovered by its heartbeat long before
  expireInSeconds: 1800,
  concurrency: 2,
  runs: () => reportRunTable,
  handler: (p, ctx) => runReport(p.report_id, ctx),
});
