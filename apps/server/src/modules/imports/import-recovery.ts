import { randomUUID } from 'node:crypto';
import type { PeriodicTask } from '../../plugins/jobs.js';
import type { AppDeps } from '../../types.js';
import { actorOf, HEARTBEAT_MS, notifyEarlyFailure, runningHere } from './import-runner.js';
import { IMPORT_JOBS, IMPORT_SPECS } from './imports.jobs.js';
import { claimStale, failRun, type ImportRunRow, staleRuns, uploadBytes } from './imports.repository.js';
import { importExpiry } from './imports.service.js';

/** A run whose worker has not beaten for this long lost its worker (four beats missed). */
export const STALE_SECONDS = Math.round((HEARTBEAT_MS * 4) / 1000);
/** How often every node with workers looks for such runs (and once at its start). */
export const RECOVERY_EVERY_MS = 10_000;
/** Starts a run may have: one that kills its worker every time (memory, a crash) fails at last. */
export const MAX_STARTS = 3;

/**
 * Recovers the import runs of a dead node (kill -9, out of memory, power): a running run whose
 * heartbeat went stale is handed to a new job, and the old job is cancelled; a queued run whose
 * job was never sent (the node died between its commit and the send) has it sent again (the id is
 * the stored one, so a job that exists already is not doubled). The worker that finishes a run
 * must still own it (job id and start count) inside its transaction, so a worker wrongly thought
 * dead rolls back instead of writing twice: one run, one notification, every row once.
 */
export async function recoverStaleRuns(deps: AppDeps): Promise<void> {
  for (const run of await staleRuns(deps.db, STALE_SECONDS)) {
    if (runningHere.has(run.id)) continue;
    if (run.status === 'running' && run.attempts >= MAX_STARTS) {
      await giveUp(deps, run);
      continue;
    }
    const jobId = run.status === 'queued' && run.jobId ? run.jobId : randomUUID();
    const expireInSeconds = importExpiry(await uploadBytes(deps.db, run.fileIds));
    const claimed = await claimStale(deps.db, run, jobId, STALE_SECONDS);
    if (!claimed) continue;
    const def = IMPORT_JOBS[run.kind];
    if (run.status === 'running' && run.jobId) await deps.jobs.cancel(def, run.jobId);
    await deps.jobs.send(def, { import_id: run.id }, { id: jobId, expireInSeconds });
    deps.log.warn(
      { import_id: run.id, was: run.status, old_job: run.jobId, job: jobId },
      'import run recovered from a lost worker',
    );
  }
}

async function giveUp(deps: AppDeps, run: ImportRunRow) {
  const spec = IMPORT_SPECS[run.kind];
  const message = spec.failureMessage(
    `обработка файла прерывалась ${run.attempts} раза (сервер останавливался во время неё). ` +
      'Файл не загружен, ничего не изменено; если это повторится, обратитесь к оператору',
  );
  if (
    !(await failRun(deps.db, run.id, message, { owner: { jobId: run.jobId ?? '', attempts: run.attempts } }))
  )
    return;
  if (run.jobId) await deps.jobs.cancel(IMPORT_JOBS[run.kind], run.jobId);
  await notifyEarlyFailure(deps, spec as never, run, await actorOf(deps, run), message);
}

export const importRecovery: PeriodicTask = {
  name: 'imports.recovery',
  everyMs: RECOVERY_EVERY_MS,
  run: recoverStaleRuns,
};
