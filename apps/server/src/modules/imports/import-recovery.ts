import { randomUUID } from 'node:crypto';
import type { ImportKind } from '@zakupki/shared';
import type { AnyJob } from '../../plugins/jobs.js';
import type { RunTable } from '../../plugins/run-recovery.js';
import { uploadBytes } from '../files/files.repository.js';
import { actorOf, type ImportSpec, notifyEarlyFailure } from './import-runner.js';
import { claimStale, failRun, type ImportRunRow, staleRuns } from './imports.repository.js';

/**
 * How long pg-boss lets an import job run before it counts it lost: its size's share of a slow
 * hour (a 45 MB bank statement takes 13–30 s) many times over. A dead node's runs are recovered
 * by their heartbeat much sooner (importRunTable); this bounds a worker that hangs alive.
 */
export function importExpiry(bytes: number): number {
  return Math.min(3600, 300 + Math.ceil(bytes / (1024 * 1024)) * 10);
}

/** The job and the spec of each kind of import (imports.jobs.ts). */
export type ImportKinds = { jobs: Record<ImportKind, AnyJob>; specs: Record<ImportKind, ImportSpec<never>> };

/**
 * The import runs (every kind of import, the EIS plans' included) for the runs' recovery
 * (plugins/run-recovery.ts): a running run whose heartbeat went stale is handed to a new job, and
 * the old job is cancelled; a queued run whose job was never sent (the node died between its
 * commit and the send) has it sent again (the id is the stored one, so a job that exists already
 * is not doubled). The worker that finishes a run must still own it (job id and start count)
 * inside its transaction, so a worker wrongly thought dead rolls back instead of writing twice:
 * one run, one notification, every row once.
 */
export const importRunTable = ({ jobs, specs }: ImportKinds): RunTable<ImportRunRow> => ({
  name: 'import_runs',
  stale: (deps, seconds) => staleRuns(deps.db, seconds),
  async requeue(deps, run, seconds) {
    const jobId = run.status === 'queued' && run.jobId ? run.jobId : randomUUID();
    const expireInSeconds = importExpiry(await uploadBytes(deps.db, run.fileIds));
    if (!(await claimStale(deps.db, run, jobId, seconds))) return false;
    const def = jobs[run.kind];
    if (run.status === 'running' && run.jobId) await deps.jobs.cancel(def, run.jobId);
    await deps.jobs.send(def, { import_id: run.id }, { id: jobId, expireInSeconds });
    return true;
  },
  async fail(deps, run, reason) {
    const spec = specs[run.kind];
    const message = spec.failureMessage(
      `${reason}. Файл не загружен, ничего не изменено; если это повторится, обратитесь к оператору`,
    );
    const owner = { jobId: run.jobId ?? '', attempts: run.attempts };
    if (!(await failRun(deps.db, run.id, message, { owner }))) return false;
    if (run.jobId) await deps.jobs.cancel(jobs[run.kind], run.jobId);
    await notifyEarlyFailure(deps, spec, run, await actorOf(deps, run), message);
    return true;
  },
});
