import type { ImportKind } from '@zakupki/shared';
import type { Db, Tx } from '../../db/client.js';
import { RunFailure, type RunOwner, recordJobError, runActor, workRun } from '../../kernel/runs.js';
import { ParseError } from '../../lib/parse-error.js';
import { storableText } from '../../lib/storable-text.js';
import type { JobContext } from '../../plugins/jobs.js';
import type { Actor, AppDeps } from '../../types.js';
import { deleteFiles, readFiles } from '../files/files.service.js';
import type { NotifyInput } from '../notifications/notifications.service.js';
import type { ExpandedUpload } from './import-files.js';
import { type FileOutcome, failedFilesText, unitsOf } from './import-units.js';
import {
  beat,
  detachRunFiles,
  FETCHED_SOURCE,
  failRun,
  finishRun,
  type ImportRunRow,
  RunTakenOver,
  setProgress,
  startRun,
} from './imports.repository.js';

export type RunContext = {
  deps: AppDeps;
  run: ImportRunRow;
  /** The user who started the import: the actor of every audit entry the run writes. */
  actor: Actor;
  /**
   * Stores the run's progress and tells the user's sockets. Called from inside the run's
   * transaction (a bank statement is read while it is written) without `sideDb`, it only tells
   * the sockets.
   */
  progress: (percent: number) => Promise<void>;
  /**
   * A connection besides the run's transaction, for work while it is open; null on the embedded
   * database, whose one connection the transaction holds until it ends.
   */
  sideDb: Db | null;
  /** Marks the end of a step of the run: the time since the previous mark is logged with the run. */
  phase: (name: string) => void;
};

export type Notice = Pick<NotifyInput, 'kind' | 'status' | 'header' | 'message' | 'payload' | 'code'>;

/** Writes one prepared file; `rank` orders the files of a run (lower first, then as uploaded). */
export type FileWriter<R> = ((tx: Tx) => Promise<R>) & { rank?: number };

/** What a kind of import does; the runner owns statuses, progress, errors and the transactions. */
export type ImportSpec<R extends { warnings: string[] }> = {
  kind: ImportKind;
  /**
   * Parses and validates ONE file (an upload, or a document inside an uploaded archive), reading
   * the database as needed; returns its writer. Each file is written all or nothing (in a savepoint of its own).
   */
  prepare: (ctx: RunContext, upload: ExpandedUpload) => Promise<FileWriter<R>>;
  /**
   * Writes a chunk of prepared files set-wise (a statement per step for all of them), returning
   * each file's result in their order. Optional: without it the files are written one by one. It
   * runs in a savepoint of its own; when it throws, that savepoint is rolled back and the chunk is
   * written file by file as without it, so that each file keeps its own outcome.
   */
  writeChunk?: (ctx: RunContext, tx: Tx, files: FileWriter<R>[]) => Promise<R[]>;
  /** The run's result from the results of its imported files (at least one). */
  merge: (results: R[]) => R;
  /** The text of a failed run. */
  failureMessage: (reason: string) => string;
  notice: (ctx: RunContext, outcome: { result: R } | { error: string }) => Notice;
};

/** The actor of a run's audit entries: the user who started it. */
export const actorOf = (deps: AppDeps, run: ImportRunRow): Promise<Actor> =>
  runActor(deps, run.userId, `import:${run.id}`);

/** The import runs for the run lifecycle (kernel/runs.ts). */
const IMPORT_RUNS = {
  name: 'import_runs',
  start: (deps: AppDeps, id: number, jobId: string) => startRun(deps.db, id, jobId),
  beat: (deps: AppDeps, id: number, owner: RunOwner) => beat(deps.db, id, owner),
};

/**
 * The run's notice to its author; none for a file the EIS connector fetched: its sync run sends one
 * summary notice for all its archives (modules/eis-sync), progress still goes to the sockets.
 */
async function notify(ctx: RunContext, notice: Notice) {
  if (ctx.run.params.source === FETCHED_SOURCE) return;
  await ctx.deps.notifier.notify({
    userId: ctx.run.userId,
    companyId: ctx.run.companyId,
    ...notice,
    payload: { ...notice.payload, import_id: ctx.run.id },
  });
}

/**
 * Runs one import: reads the stored uploads, expands archives, then takes the files one by one:
 * each is parsed, validated and written all of it or nothing of it (a savepoint each, several
 * files to a transaction). A
 * file that cannot be read is refused with its reason and the others go on; the run ends `done`
 * (every file imported), `warning` (some refused: named in the run's error and notice) or
 * `failed` (none imported). An unexpected error is retried by the queue (files already imported
 * are then recognised as duplicates) and reported with an error code on the last attempt.
 */
export async function executeImport<R extends { warnings: string[] }>(
  spec: ImportSpec<R>,
  importId: number,
  job: JobContext,
): Promise<void> {
  // marked alive while it works: a run silent for long lost its node (import-recovery.ts)
  await workRun(IMPORT_RUNS, importId, job, (run, owner) => runImport(spec, run, owner, job));
}

async function runImport<R extends { warnings: string[] }>(
  spec: ImportSpec<R>,
  run: ImportRunRow,
  owner: RunOwner,
  job: JobContext,
): Promise<void> {
  const { deps } = job;
  const phases: Record<string, number> = {};
  /** CPU time of this process (all of its work, not only this run's) in the same steps. */
  const cpu: Record<string, number> = {};
  let lastMark = performance.now();
  /** Whether the run's transaction is open (see `progress`). */
  let inTransaction = false;
  let lastCpu = process.cpuUsage();
  let lastPercent: number | null = null;
  const ctx: RunContext = {
    deps,
    run,
    sideDb: deps.database.kind === 'postgres' ? deps.db : null,
    phase: (name) => {
      const now = performance.now();
      phases[name] = Math.round(now - lastMark);
      const used = process.cpuUsage(lastCpu);
      cpu[name] = Math.round((used.user + used.system) / 1000);
      lastMark = now;
      lastCpu = process.cpuUsage();
    },
    actor: await actorOf(deps, run),
    progress: async (percent) => {
      // files written one by one report the same percent many times: stored and sent once
      if (percent === lastPercent) return;
      lastPercent = percent;
      if (!inTransaction || ctx.sideDb) await setProgress(deps.db, run.id, percent);
      deps.notifier.emitToUser(run.userId, 'jobProgress', {
        job_id: job.jobId,
        kind: spec.kind,
        progress: percent,
        import_id: run.id,
      });
    },
  };
  try {
    await ctx.progress(10);
    const stored = await readFiles(deps.db, run.fileIds, deps.recentFiles);
    const { units, warnings } = await unitsOf(
      spec.kind,
      stored.map((f) => ({ name: f.name, data: f.content })),
    );
    await ctx.progress(20);
    ctx.phase('read');
    const outcomes: FileOutcome[] = units.map((u) => ({
      file_name: u.name,
      status: 'failed',
      error: u.error,
    }));
    /** Refuses one file: a reason the user can act on is kept, anything else goes up. */
    const refuse = (i: number, err: unknown) => {
      if (!(err instanceof ParseError || err instanceof RunFailure)) throw err;
      outcomes[i] = { file_name: units[i].name, status: 'failed', error: err.message };
    };
    const prepared: { i: number; write: FileWriter<R> }[] = [];
    for (const [i, unit] of units.entries()) {
      if (!unit.entry) continue;
      try {
        prepared.push({ i, write: await spec.prepare(ctx, { entries: [unit.entry], warnings: [] }) });
      } catch (err) {
        refuse(i, err);
      }
    }
    ctx.phase('parse');
    await ctx.progress(40);
    // a stable sort: files of one rank stay in the order they came
    prepared.sort((a, b) => (a.write.rank ?? 0) - (b.write.rank ?? 0));
    const results: R[] = [];
    // files are written in chunks, one transaction each (a commit waits for the disk: it cost as
    // much as a whole file of statements), every file in a savepoint of its own, so that each
    // stays all of it or nothing of it; a chunk ends after FILES_PER_COMMIT files or
    // COMMIT_EVERY_MS, so that the rows it writes are not locked for long
    let n = 0;
    while (n < prepared.length) {
      await deps.db
        .transaction(async (tx) => {
          inTransaction = true;
          const opened = performance.now();
          const done: { i: number; r: R }[] = [];
          // set-wise first: the whole chunk in one savepoint, a statement per step
          const chunk = prepared.slice(n, n + FILES_PER_COMMIT);
          const writeChunk = spec.writeChunk;
          let batched = false;
          if (writeChunk && chunk.length > 1) {
            const written = await tx
              .transaction((sp) =>
                writeChunk(
                  ctx,
                  sp,
                  chunk.map((c) => c.write),
                ),
              )
              .catch((err: unknown) => {
                // a file of the chunk cannot be written with the others: each on its own below
                deps.log.info({ import_id: run.id, err }, 'import chunk written file by file');
                return null;
              });
            if (written) {
              for (const [k, r] of written.entries()) done.push({ i: chunk[k].i, r });
              n += chunk.length;
              batched = true;
              await ctx.progress(40 + Math.floor((n / prepared.length) * 55));
            }
          }
          for (let k = 0; !batched && k < FILES_PER_COMMIT && n < prepared.length; k++, n++) {
            const { i, write } = prepared[n];
            try {
              done.push({ i, r: await tx.transaction((sp) => write(sp)) });
            } catch (err) {
              refuse(i, err);
            }
            await ctx.progress(40 + Math.floor(((n + 1) / prepared.length) * 55));
            if (performance.now() - opened > COMMIT_EVERY_MS) {
              n++;
              break;
            }
          }
          // counted once their transaction is there to commit (an unexpected error rolls back the chunk)
          for (const { i, r } of done) {
            results.push(r);
            outcomes[i] = { file_name: units[i].name, status: 'done', error: null };
          }
        })
        .finally(() => {
          inTransaction = false;
        });
    }
    ctx.phase('write');
    const failedText = failedFilesText(outcomes);
    if (results.length === 0) {
      // one file: its own reason, as it always was; several: each named with its reason
      const reason = outcomes.length === 1 ? outcomes[0].error : failedText;
      const message = storableText(spec.failureMessage(reason ?? 'в загрузке нет файлов для импорта'));
      // a refused upload is not kept (as one refused before it was stored): the run keeps its
      // file names, outcomes and reasons
      const failed = await deps.db.transaction(async (tx) => {
        if (!(await failRun(tx, run.id, message, { owner, files: outcomes }))) return false;
        await deleteFiles(tx, await detachRunFiles(tx, run.id));
        return true;
      });
      if (failed) await notify(ctx, spec.notice(ctx, { error: message }));
      return;
    }
    const result = spec.merge(results);
    result.warnings = [...warnings, ...result.warnings];
    // only while this worker still owns the run (RunTakenOver otherwise: the files it wrote are
    // recognised as duplicates by the worker that took over)
    await finishRun(deps.db, run.id, result, { owner, files: outcomes, failedFiles: failedText });
    ctx.phase('commit');
    // where an import's time goes, step by step (ms): for operations and the benchmark
    deps.log.info({ import_id: run.id, kind: spec.kind, phases, cpu }, 'import done');
    deps.notifier.emitToUser(run.userId, 'jobProgress', {
      job_id: job.jobId,
      kind: spec.kind,
      progress: 100,
      import_id: run.id,
    });
    const notice = spec.notice(ctx, { result });
    await notify(
      ctx,
      failedText
        ? {
            ...notice,
            status: 'warning',
            message: `${notice.message}. ${failedText}`,
            payload: { ...notice.payload, error: failedText },
          }
        : notice,
    );
  } catch (err) {
    if (err instanceof RunTakenOver) {
      // another worker runs it now (this one was silent too long); what this one wrote is rolled back
      deps.log.warn({ import_id: run.id }, 'import taken over by another worker');
      return;
    }
    if (err instanceof ParseError || err instanceof RunFailure) {
      const message = storableText(spec.failureMessage(err.message));
      // a refused upload is not kept (as one refused before it was stored): the run keeps its
      // file names, hash and reason
      const failed = await deps.db.transaction(async (tx) => {
        if (!(await failRun(tx, run.id, message, { owner }))) return false;
        await deleteFiles(tx, await detachRunFiles(tx, run.id));
        return true;
      });
      if (failed) await notify(ctx, spec.notice(ctx, { error: message }));
      return;
    }
    if (!job.lastAttempt) throw err;
    const code = await recordJobError(deps, err as Error, `import:${run.id}`, run.userId);
    const message = spec.failureMessage(
      `внутренняя ошибка при обработке файла. Обратитесь к оператору, код ошибки: ${code}`,
    );
    if (await failRun(deps.db, run.id, message, { owner }))
      await notify(ctx, { ...spec.notice(ctx, { error: message }), code });
    throw err;
  }
}

/** Files written in one transaction at most (each in a savepoint of its own). */
const FILES_PER_COMMIT = 100;
/** A transaction of files is committed once it has been open this long. */
const COMMIT_EVERY_MS = 1000;

/** Reports a run that failed before its job started (the upload was refused as it came). */
export async function notifyEarlyFailure<R extends { warnings: string[] }>(
  deps: AppDeps,
  spec: ImportSpec<R>,
  run: ImportRunRow,
  actor: Actor,
  message: string,
): Promise<void> {
  const ctx: RunContext = { deps, run, actor, sideDb: null, progress: async () => {}, phase: () => {} };
  await notify(ctx, spec.notice(ctx, { error: message }));
}
