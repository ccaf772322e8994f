import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import bossVersion from 'pg-boss/version.json' with { type: 'json' };
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import type { AppDeps } from '../types.js';
import { type AnyRunTable, RECOVERY_EVERY_MS, type RecoveryOutcome, recoverRuns } from './run-recovery.js';

export type JobContext = {
  deps: AppDeps;
  jobId: string;
  /** 0 on the first attempt */
  attempt: number;
  /** true on the last attempt pg-boss will make: handlers report failure to the user then */
  lastAttempt: boolean;
};

/** A typed durable job: name, payload schema (required), handler, retry policy. */
export type JobDef<S extends z.ZodType> = {
  name: string;
  payload: S;
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /**
   * How long one attempt may stay active before pg-boss takes it back (and retries it): the
   * longest honest run of the kind with room to spare. A job with a run table is recovered much
   * sooner by its heartbeat (run-recovery.ts); this bounds a worker that hangs alive.
   */
  expireInSeconds?: number;
  /**
   * The run table whose rows this job works (a thunk: it may name jobs declared after this one):
   * its stale runs are recovered by the queue's upkeep (run-recovery.ts).
   */
  runs?: () => AnyRunTable;
  /**
   * For a job without a run row: called once when it failed for good without its handler ending
   * it (its node died, or it hung, on the last attempt), to tell the user. pg-boss moves such a job
   * to the queue `<name>.lost` (its dead letter queue), whose worker calls this.
   */
  onLost?: (payload: z.output<S>, deps: AppDeps) => Promise<void>;
  /**
   * A job that also runs on a schedule: pg-boss keeps one schedule per name in the database and
   * sends one job per due time however many nodes run.
   */
  schedule?: {
    cron: (deps: AppDeps) => string;
    tz: string;
    payload: z.input<S>;
  };
  /** concurrent jobs of this kind per node */
  concurrency?: number;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
};

export function defineJob<S extends z.ZodType>(def: JobDef<S>): JobDef<S> {
  return def;
}

export type PeriodicTask = { name: string; everyMs: number; run: (deps: AppDeps) => Promise<void> };

// biome-ignore lint/suspicious/noExplicitAny: registry of heterogeneous job definitions
export type AnyJob = JobDef<any>;
/** The durable jobs a module owns (its `*.jobs.ts`), registered with the queue by modules/index.ts. */
export type ModuleJobs = readonly AnyJob[];

/** pg-boss on PostgreSQL or on the shared PGlite instance. */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly defs = new Map<string, AnyJob>();
  private started = false;
  private getDeps: () => AppDeps;

  constructor(
    private readonly database: Database,
    getDeps: () => AppDeps,
  ) {
    this.getDeps = getDeps;
    this.boss = new PgBoss(
      database.kind === 'pglite'
        ? { db: pgliteDb(database.pglite as PGlite), schema: SCHEMA }
        : { ...poolOptions(database), schema: SCHEMA },
    );
    this.boss.on('error', (err) => this.getDeps().log.error({ err }, 'job queue error'));
  }

  private working = false;
  /** this node's workers by queue: a job sent here wakes them at once (see send) */
  private readonly workers = new Map<string, string[]>();

  /** Registers a job kind; after start() it is set up at once (tests add kinds to a running app). */
  register(def: AnyJob): Promise<void> {
    if (this.defs.has(def.name)) throw new Error(`Job ${def.name} registered twice`);
    this.defs.set(def.name, def);
    if (def.runs) this.runDefs.push(def);
    return this.started ? this.setup(def) : Promise.resolve();
  }

  async start(work: boolean) {
    await dropNewerSchema(this.database, (msg) => this.getDeps().log.warn(msg));
    await this.boss.start();
    this.started = true;
    this.working = work;
    for (const def of this.defs.values()) await this.setup(def);
    if (work) {
      this.schedule({
        name: 'jobs.recovery',
        everyMs: RECOVERY_EVERY_MS,
        run: async () => {
          await this.recover();
        },
      });
      for (const task of this.tasks) this.schedule(task);
    }
  }

  private readonly runDefs: AnyJob[] = [];

  /** The run tables the registered jobs declare, each once. */
  runTables(): AnyRunTable[] {
    const tables = new Map<string, AnyRunTable>();
    for (const def of this.runDefs) {
      const table = def.runs?.();
      if (table) tables.set(table.name, table);
    }
    return [...tables.values()];
  }

  /** One recovery pass over every run table (the upkeep runs it every RECOVERY_EVERY_MS). */
  recover(): Promise<RecoveryOutcome[]> {
    return recoverRuns(this.getDeps(), this.runTables());
  }

  private readonly tasks: PeriodicTask[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  /**
   * Upkeep a node with workers runs at start and then every `everyMs` (recovering the runs of a
   * dead node): plain timers on every node, so each task must be safe to run on several nodes at
   * once. A failed pass is logged and the next one tries again.
   */
  every(task: PeriodicTask) {
    this.tasks.push(task);
    if (this.started && this.working) this.schedule(task);
  }

  private schedule(task: PeriodicTask) {
    const tick = async () => {
      try {
        await task.run(this.getDeps());
      } catch (err) {
        this.getDeps().log.warn({ err, task: task.name }, 'periodic task failed');
      }
      if (!this.started) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void tick();
      }, task.everyMs);
      timer.unref();
      this.timers.add(timer);
    };
    void tick();
  }

  private async setup(def: AnyJob) {
    const options = {
      name: def.name,
      retryLimit: def.retry?.limit ?? 2,
      retryDelay: def.retry?.delaySeconds ?? 5,
      retryBackoff: def.retry?.backoff ?? true,
      expireInSeconds: def.expireInSeconds ?? 900,
    };
    const lost = def.onLost ? lostQueue(def) : null;
    if (lost) {
      const lostOptions = {
        name: lost,
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: 120,
      };
      await this.boss.createQueue(lost, lostOptions);
      await this.boss.updateQueue(lost, lostOptions);
    }
    const withLost = lost ? { ...options, deadLetter: lost } : options;
    await this.boss.createQueue(def.name, withLost);
    // a queue made by an earlier version keeps its options otherwise
    await this.boss.updateQueue(def.name, withLost);
    if (def.schedule) {
      const deps = this.getDeps();
      await this.boss.schedule(
        def.name,
        def.schedule.cron(deps),
        def.payload.parse(def.schedule.payload) as object,
        {
          tz: def.schedule.tz,
        },
      );
    }
    if (!this.working) return;
    if (lost && def.onLost) {
      const onLost = def.onLost;
      await this.boss.work(lost, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async (jobs) => {
        for (const job of jobs) await onLost(def.payload.parse(job.data), this.getDeps());
      });
    }
    // pg-boss 10 runs one job at a time per worker: `concurrency` workers share the queue
    const ids: string[] = [];
    for (let i = 0; i < (def.concurrency ?? 2); i++) {
      ids.push(
        await this.boss.work(
          def.name,
          { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              const payload = def.payload.parse(job.data);
              await def.handler(payload, {
                deps: this.getDeps(),
                jobId: job.id,
                attempt: job.retryCount,
                lastAttempt: job.retryCount >= job.retryLimit,
              });
            }
          },
        ),
      );
    }
    this.workers.set(def.name, ids);
  }

  /** Enqueues a job; the payload is checked against its schema here, before it is stored. */
  async send<S extends z.ZodType>(
    def: JobDef<S>,
    payload: z.input<S>,
    opts: { singletonKey?: string; startAfterSeconds?: number; id?: string; expireInSeconds?: number } = {},
  ) {
    if (!this.started) throw new Error('Job queue is not started');
    const data = def.payload.parse(payload) as object;
    // `id`: a job id chosen beforehand (stored with its run); sending it again is a no-op
    const id = await this.boss.send(def.name, data, {
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfterSeconds ? { startAfter: opts.startAfterSeconds } : {}),
      ...(opts.id ? { id: opts.id } : {}),
      ...(opts.expireInSeconds ? { expireInSeconds: opts.expireInSeconds } : {}),
    });
    // a job due now wakes this node's idle workers of its queue instead of waiting for their next
    // poll; the other nodes take their share at their next poll
    if (!opts.startAfterSeconds) for (const w of this.workers.get(def.name) ?? []) this.boss.notifyWorker(w);
    return id;
  }

  /** Stops a job that will not be worked on (best effort: it may have ended already). */
  async cancel(def: AnyJob, id: string) {
    await this.boss.cancel(def.name, id).catch(() => {});
  }

  async healthy(): Promise<boolean> {
    try {
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    this.workers.clear();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}

/** The dead letter queue of a job with `onLost`. */
export const lostQueue = (def: AnyJob) => `${def.name}.lost`;

function poolOptions(database: Database) {
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL pool missing');
  // pg-boss opens its own small pool on the same database
  const opts = (pool as unknown as { options: { connectionString: string } }).options;
  return { connectionString: opts.connectionString, max: 4 };
}

const SCHEMA = 'pgboss';
/** how often an idle worker asks for a job sent on another node (pg-boss's minimum is 0.5 s) */
const POLL_SECONDS = 1;
/** the queue schema version of the installed pg-boss (10.x: 24) */
const SUPPORTED_SCHEMA: number = bossVersion.schema;

/**
 * pg-boss on the shared PGlite instance. PGlite's `query()` runs one statement with parameters;
 * pg-boss also sends multi-statement blocks without parameters (schema creation, migrations,
 * `BEGIN … COMMIT` maintenance), which go through `exec()`. A failed statement inside such a block
 * leaves PGlite's single connection in an aborted transaction, so it is rolled back before the
 * error is passed on (a pooled driver would hand out a fresh connection instead).
 */
function pgliteDb(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      try {
        if (values?.length) return await pglite.query(text, values);
        const results = await pglite.exec(text);
        return { rows: results.flatMap((r) => r.rows) };
      } catch (err) {
        if (!values?.length) await pglite.query('ROLLBACK').catch(() => {});
        throw err;
      }
    },
  };
}

/**
 * A queue schema written by a newer pg-boss (this project ran pg-boss 12 before it moved to 10,
 * which supports Node 20) cannot be read by this one, which would only see tables it does not know.
 * Its jobs are dropped with the schema, which pg-boss then creates anew.
 */
async function dropNewerSchema(database: Database, warn: (msg: string) => void) {
  const [table] = await database.query<{ ok: boolean }>(
    `select to_regclass('${SCHEMA}.version') is not null as ok`,
  );
  if (!table?.ok) return;
  const [row] = await database.query<{ version: number }>(`select version from ${SCHEMA}.version`);
  if (!row || Number(row.version) <= SUPPORTED_SCHEMA) return;
  warn(
    `job queue schema ${SCHEMA} is version ${row.version}, newer than ${SUPPORTED_SCHEMA}: dropped and created anew`,
  );
  await database.query(`drop schema ${SCHEMA} cascade`);
}
