import { notFound } from '../lib/app-error.js';
import { storeErrorEvent } from '../plugins/errors.js';
import type { JobContext } from '../plugins/jobs.js';
import { withHeartbeat } from '../plugins/run-recovery.js';
import type { Actor, AppDeps } from '../types.js';
import { userById } from './run-users.repository.js';

/**
 * The one lifecycle of a long run (an import, a catalogue import, a report): the job claims the
 * run row, marks it alive while it works (plugins/run-recovery.ts), and ends it with one outcome
 * and one notice to its author, only while this worker still owns it (job id and start count).
 */
export type RunOwner = { jobId: string; attempts: number };

/** A run's table and its claim and heartbeat statements, for `workRun`. */
export type RunTable<Row extends { id: number; attempts: number }> = {
  /** the table's name, as plugins/run-recovery.ts knows it */
  name: string;
  /** claims the run for this job; null when it is not open any more (done, or taken over) */
  start: (deps: AppDeps, id: number, jobId: string) => Promise<Row | null>;
  /** marks the run alive */
  beat: (deps: AppDeps, id: number, owner: RunOwner) => Promise<unknown>;
};

/** Claims the run and works it with a heartbeat; nothing when it was not open. */
export async function workRun<Row extends { id: number; attempts: number }>(
  table: RunTable<Row>,
  id: number,
  job: JobContext,
  work: (run: Row, owner: RunOwner) => Promise<void>,
): Promise<void> {
  const { deps } = job;
  const run = await table.start(deps, id, job.jobId);
  if (!run) return;
  const owner: RunOwner = { jobId: job.jobId, attempts: run.attempts };
  await withHeartbeat(
    deps,
    table.name,
    run.id,
    () => table.beat(deps, run.id, owner),
    () => work(run, owner),
  );
}

/**
 * The actor of a run's audit entries: the user who started it (`requestId` names the run). With
 * `strict`, a deleted user refuses the run instead of acting as a bare client.
 */
export async function runActor(
  deps: AppDeps,
  userId: number,
  requestId: string | null,
  opts: { strict?: boolean } = {},
): Promise<Actor> {
  const u = await userById(deps.db, userId);
  if (!u && opts.strict) throw notFound('Пользователь не найден');
  return {
    userId,
    role: u?.role ?? 'client',
    companyId: u?.companyId ?? null,
    title: u?.title ?? '',
    login: u?.login ?? '',
    sessionId: 0,
    requestId,
  };
}

/** A failure the user can act on (Russian), other than a file that does not parse. */
export class RunFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunFailure';
  }
}

/** Stores an unexpected error like the HTTP error handler does, so staff find it by its code. */
export function recordJobError(deps: AppDeps, err: Error, where: string, userId: number) {
  return storeErrorEvent(deps, deps.log, err, { method: 'JOB', route: where, userId, requestId: null });
}
