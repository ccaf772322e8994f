import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { procurementDocumentRuns } from '../../db/schema/index.js';

/** The runs of documents generation (one job each): claimed, beaten, finished, recovered. */

type Q = Db | Tx;

export type RunRow = typeof procurementDocumentRuns.$inferSelect;

export async function openRun(db: Q, procurementId: number): Promise<RunRow | null> {
  const [r] = await db
    .select()
    .from(procurementDocumentRuns)
    .where(
      and(
        eq(procurementDocumentRuns.procurementId, procurementId),
        isNull(procurementDocumentRuns.finishedAt),
      ),
    );
  return r ?? null;
}

export async function runByJob(db: Q, jobId: string): Promise<RunRow | null> {
  const [r] = await db.select().from(procurementDocumentRuns).where(eq(procurementDocumentRuns.jobId, jobId));
  return r ?? null;
}

/** Inserts a run unless the procurement has an unfinished one (then null). */
export async function claimRun(
  db: Q,
  r: Pick<RunRow, 'procurementId' | 'companyId' | 'userId' | 'jobId' | 'documentIds' | 'formats'>,
): Promise<RunRow | null> {
  const [row] = await db
    .insert(procurementDocumentRuns)
    .values(r)
    .onConflictDoNothing({
      target: procurementDocumentRuns.procurementId,
      where: sql`${procurementDocumentRuns.finishedAt} is null`,
    })
    .returning();
  return row ?? null;
}

export async function saveRunResults(db: Q, id: number, results: RunRow['results']) {
  await db
    .update(procurementDocumentRuns)
    .set({ results, heartbeatAt: new Date() })
    .where(eq(procurementDocumentRuns.id, id));
}

/** Closes the run; with `jobId`, only while that job still holds it. False when it was closed already. */
export async function finishRun(db: Q, id: number, error: string | null, jobId?: string): Promise<boolean> {
  const rows = await db
    .update(procurementDocumentRuns)
    .set({ finishedAt: new Date(), error, heartbeatAt: new Date() })
    .where(
      and(
        eq(procurementDocumentRuns.id, id),
        isNull(procurementDocumentRuns.finishedAt),
        jobId === undefined ? undefined : eq(procurementDocumentRuns.jobId, jobId),
      ),
    )
    .returning({ id: procurementDocumentRuns.id });
  return rows.length > 0;
}

/** The worker is alive: keeps its run from being ended as a dead node's. */
export async function beatRun(db: Q, id: number, jobId: string) {
  await db
    .update(procurementDocumentRuns)
    .set({ heartbeatAt: new Date() })
    .where(
      and(
        eq(procurementDocumentRuns.id, id),
        eq(procurementDocumentRuns.jobId, jobId),
        isNull(procurementDocumentRuns.finishedAt),
      ),
    );
}

/**
 * Open runs whose worker stopped beating for `seconds`, and runs never started (their heartbeat is
 * still that of their insert) for `waitSeconds`: a job waiting that long was lost with its node.
 */
export async function staleRuns(db: Q, seconds: number, waitSeconds: number): Promise<RunRow[]> {
  const r = procurementDocumentRuns;
  return db
    .select()
    .from(r)
    .where(
      and(
        isNull(r.finishedAt),
        sql`case when ${r.heartbeatAt} = ${r.createdAt}
          then ${r.createdAt} < now() - make_interval(secs => ${waitSeconds})
          else ${r.heartbeatAt} < now() - make_interval(secs => ${seconds}) end`,
      ),
    )
    .limit(100);
}

/** Ends a stale run as seen (its job, still silent); false when it ended or its worker beat meanwhile. */
export async function failStaleRun(db: Q, run: RunRow, error: string, seconds: number): Promise<boolean> {
  const rows = await db
    .update(procurementDocumentRuns)
    .set({ finishedAt: new Date(), error })
    .where(
      and(
        eq(procurementDocumentRuns.id, run.id),
        eq(procurementDocumentRuns.jobId, run.jobId),
        isNull(procurementDocumentRuns.finishedAt),
        sql`${procurementDocumentRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning({ id: procurementDocumentRuns.id });
  return rows.length > 0;
}
