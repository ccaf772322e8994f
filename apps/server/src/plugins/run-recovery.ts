import type { AppDeps } from '../types.js';

/**
 * Runs of long jobs that outlive their node (docs/operations.md «Outages»). A long job keeps a run
 * row the user watches (an import, a catalogue import, a report, a documents generation). While it
 * works, its worker marks the row alive every HEARTBEAT_MS (`withHeartbeat`); every node with
 * workers looks every RECOVERY_EVERY_MS (and once at its start) for open runs whose heartbeat is
 * older than STALE_SECONDS and whose worker is not in this process: such a run lost its node
 * (kill -9, out of memory, power). It is handed to a new job (`requeue`) or, when its kind cannot
 * be resumed or it already killed its worker MAX_STARTS times, ended failed with a Russian notice
 * (`fail`). Both are compare-and-set on the row as it was seen, and a worker finishes its run only
 * while it still owns it (job id and start count), so a run ends once: one outcome, one notice.
 */

/** How often a worker marks its run alive. */
export const HEARTBEAT_MS = 5000;
/** A run whose worker has not beaten for this long lost its worker (four beats missed). */
export const STALE_SECONDS = Math.round((HEARTBEAT_MS * 4) / 1000);
/** How often every node with workers looks for such runs (and once at its start). */
export const RECOVERY_EVERY_MS = 10_000;
/** Starts a run may have: one that kills its worker every time (memory, a crash) fails at last. */
export const MAX_STARTS = 3;

/** What the recovery needs to know of an open run. */
export type OpenRun = {
  id: number;
  status: string;
  /** the job that holds it (null: none sent yet) */
  jobId: string | null;
  /** how many times a worker started it */
  attempts: number;
};

/** How the recovery reads and ends the runs of one table; declared by its jobs (`JobDef.runs`). */
export type RunTable<R extends OpenRun = OpenRun> = {
  /** the table's name: logs and the registry of runs worked on here */
  name: string;
  /** open runs (queued or running) whose heartbeat is older than `seconds`; at most 100 */
  stale: (deps: AppDeps, seconds: number) => Promise<R[]>;
  /**
   * Hands a stale run to a new job (a queued one whose job may never have been sent gets it sent
   * again with its own id); false when another node or its own worker got there first. Without
   * it, a stale run is failed (a kind that cannot be resumed).
   */
  requeue?: (deps: AppDeps, run: R, seconds: number) => Promise<boolean>;
  /**
   * Ends a stale run failed, only while it is as seen (status, job and starts), and sends its one
   * notice when it did; `reason` says why (Russian, to go into the notice). Returns whether it
   * ended it.
   */
  fail: (deps: AppDeps, run: R, reason: string, seconds: number) => Promise<boolean>;
};

// biome-ignore lint/suspicious/noExplicitAny: a registry of tables of different row types
export type AnyRunTable = RunTable<any>;

const here = new Map<string, Set<number>>();
/** the heartbeats of each app's runs (tests run several apps in one process), stopped at its shutdown */
const beating = new WeakMap<AppDeps, Set<NodeJS.Timeout>>();

/**
 * Stops every heartbeat of the app: called at shutdown once the job workers had their grace
 * period, before the database closes. A run still worked on then goes stale and another node
 * recovers it (instead of its heartbeat writing to a closed pool).
 */
export function stopHeartbeats(deps: AppDeps) {
  for (const t of beating.get(deps) ?? []) clearInterval(t);
  beating.delete(deps);
}

/** Whether this process works on the run now: never taken over from here, whatever its heartbeat says. */
export function runningHere(table: string, id: number): boolean {
  return here.get(table)?.has(id) ?? false;
}

/**
 * Runs `work` with the run marked alive every HEARTBEAT_MS (`beat` should touch its row only while
 * this worker owns it) and registered as worked on in this process.
 */
export async function withHeartbeat<T>(
  deps: AppDeps,
  table: string,
  id: number,
  beat: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<T> {
  const ids = here.get(table) ?? new Set<number>();
  here.set(table, ids);
  ids.add(id);
  const timer = setInterval(() => {
    beat().catch((err) => deps.log.warn({ err, table, run: id }, 'heartbeat failed'));
  }, HEARTBEAT_MS);
  timer.unref();
  const timers = beating.get(deps) ?? new Set<NodeJS.Timeout>();
  beating.set(deps, timers.add(timer));
  try {
    return await work();
  } finally {
    clearInterval(timer);
    timers.delete(timer);
    ids.delete(id);
  }
}

/** The reason a run that kept losing its worker is given up (each kind wraps it in its notice). */
export function interruptedReason(starts: number): string {
  return `обработка прерывалась ${starts} раза (сервер останавливался во время неё)`;
}

/** The reason a run that cannot be resumed is ended after its node died. */
export const LOST_REASON = 'сервер остановился во время обработки';

export type RecoveryOutcome = { table: string; id: number; was: string; action: 'requeued' | 'failed' };

/** One pass over the tables: safe on several nodes at once (every change is a compare-and-set). */
export async function recoverRuns(
  deps: AppDeps,
  tables: Iterable<AnyRunTable>,
  seconds = STALE_SECONDS,
): Promise<RecoveryOutcome[]> {
  const done: RecoveryOutcome[] = [];
  for (const table of tables) {
    for (const run of await table.stale(deps, seconds)) {
      if (runningHere(table.name, run.id)) continue;
      const exhausted = run.status === 'running' && run.attempts >= MAX_STARTS;
      let action: RecoveryOutcome['action'] | null = null;
      if (table.requeue && !exhausted) {
        if (await table.requeue(deps, run, seconds)) action = 'requeued';
      } else if (
        await table.fail(deps, run, table.requeue ? interruptedReason(run.attempts) : LOST_REASON, seconds)
      )
        action = 'failed';
      if (!action) continue;
      done.push({ table: table.name, id: run.id, was: run.status, action });
      deps.log.warn(
        { table: table.name, run: run.id, was: run.status, job: run.jobId, action },
        'run recovered from a lost worker',
      );
    }
  }
  return done;
}
