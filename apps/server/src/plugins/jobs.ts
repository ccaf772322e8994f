import { fromPglite, PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client.js';
import type { AppDeps } from '../types.js';

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
  expireInSeconds?: number;
  /** concurrent jobs of this kind per node */
  concurrency?: number;
  handler: (payload: z.output<S>, ctx: JobContext) => Promise<void>;
};

export function defineJob<S extends z.ZodType>(def: JobDef<S>): JobDef<S> {
  return def;
}

export type PeriodicTask = { name: string; everyMs: number; run: (deps: AppDeps) => Promise<void> };

// biome-ignore lint/suspicious/noExplicitAny: registry of heterogeneous job definitions
type AnyJob = JobDef<any>;

/** pg-boss on PostgreSQL or on the shared PGlite instance. */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly defs = new Map<string, AnyJob>();
  private started = false;
  private getDeps: () => AppDeps;

  constructor(database: Database, getDeps: () => AppDeps) {
    this.getDeps = getDeps;
    this.boss =
      database.kind === 'pglite'
        ? new PgBoss({
            db: fromPglite(database.pglite as never),
            backend: 'pglite',
            schema: 'pgboss',
            useListenNotify: true,
          } as never)
        : new PgBoss({ ...poolOptions(database), useListenNotify: true });
    // LISTEN/NOTIFY (useListenNotify, queues with `notify`): a job sent on any node wakes a worker
    // at once instead of at its next poll (an import started 0.25 s later on average); polling
    // stays as the backstop
    this.boss.on('error', (err) => this.getDeps().log.error({ err }, 'job queue error'));
    // e.g. LISTEN/NOTIFY unavailable (behind PgBouncer in transaction mode): polling goes on
    this.boss.on('warning', (warning) => this.getDeps().log.warn({ warning }, 'job queue warning'));
  }

  private working = false;

  /** Registers a job kind; after start() it is set up at once (tests add kinds to a running app). */
  register(def: AnyJob): Promise<void> {
    if (this.defs.has(def.name)) throw new Error(`Job ${def.name} registered twice`);
    this.defs.set(def.name, def);
    return this.started ? this.setup(def) : Promise.resolve();
  }

  async start(work: boolean) {
    await this.boss.start();
    this.started = true;
    this.working = work;
    for (const def of this.defs.values()) await this.setup(def);
    if (work) for (const task of this.tasks) this.schedule(task);
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
    const work = this.working;
    const options = {
      retryLimit: def.retry?.limit ?? 2,
      retryDelay: def.retry?.delaySeconds ?? 5,
      retryBackoff: def.retry?.backoff ?? true,
      expireInSeconds: def.expireInSeconds ?? 900,
      notify: true,
    };
    await this.boss.createQueue(def.name, options);
    // a queue made by an earlier version keeps its options otherwise
    await this.boss.updateQueue(def.name, options);
    if (work) {
      await this.boss.work(
        def.name,
        {
          batchSize: 1,
          localConcurrency: def.concurrency ?? 2,
          pollingIntervalSeconds: 0.5,
          notifyPollingIntervalSeconds: 5,
          includeMetadata: true,
        },
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
      );
    }
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
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }
}

function poolOptions(database: Database) {
  const pool = database.pool;
  if (!pool) throw new Error('PostgreSQL pool missing');
  // pg-boss opens its own small pool on the same database
  const opts = (pool as unknown as { options: { connectionString: string } }).options;
  return { connectionString: opts.connectionString, max: 4, schema: 'pgboss' };
}
