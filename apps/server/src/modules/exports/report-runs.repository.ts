import type { ReportListQuery } from '@zakupki/shared';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { files, reportRuns, users } from '../../db/schema/index.js';
import type { ReportRunRow } from './report-builders.js';

/** Which worker holds a report run: its job and the start it made (a takeover changes both). */
export type ReportOwner = { jobId: string; attempts: number };

/** Takes a queued run (or one a dead worker left running) for its job; null when it ended or was handed on. */
export async function startReportRun(tx: Tx, id: number, jobId: string): Promise<ReportRunRow | null> {
  const [row] = await tx
    .update(reportRuns)
    .set({
      status: 'running',
      jobId,
      startedAt: sql`coalesce(${reportRuns.startedAt}, now())`,
      attempts: sql`${reportRuns.attempts} + 1`,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(reportRuns.id, id),
        inArray(reportRuns.status, ['queued', 'running']),
        // a run made before job ids were chosen with it has none until its job starts
        sql`(${reportRuns.jobId} is null or ${reportRuns.jobId} = ${jobId})`,
      ),
    )
    .returning();
  return row ?? null;
}

const owned = (id: number, owner: ReportOwner) =>
  and(
    eq(reportRuns.id, id),
    eq(reportRuns.status, 'running'),
    eq(reportRuns.jobId, owner.jobId),
    eq(reportRuns.attempts, owner.attempts),
  );

/** The worker is alive: keeps its run from being taken over. */
export async function beatReportRun(tx: Tx, id: number, owner: ReportOwner) {
  await tx.update(reportRuns).set({ heartbeatAt: sql`now()` }).where(owned(id, owner));
}

/** Ends the run (done with its file, or failed) only while `owner` holds it; false otherwise. */
export async function endReportRun(
  tx: Tx,
  id: number,
  owner: ReportOwner,
  set: Partial<typeof reportRuns.$inferInsert> & { status: 'done' | 'failed' },
): Promise<boolean> {
  const rows = await tx
    .update(reportRuns)
    .set({ ...set, finishedAt: new Date() })
    .where(owned(id, owner))
    .returning({ id: reportRuns.id });
  return rows.length > 0;
}

/** Open runs whose worker stopped beating (running) or whose job may never have been sent (queued). */
export async function staleReportRuns(tx: Tx, seconds: number): Promise<ReportRunRow[]> {
  return tx
    .select()
    .from(reportRuns)
    .where(
      and(
        inArray(reportRuns.status, ['queued', 'running']),
        sql`${reportRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .limit(100);
}

/** Hands a stale run to the job `jobId` (queued again); false when another node or its worker got there first. */
export async function claimStaleReportRun(
  tx: Tx,
  run: ReportRunRow,
  jobId: string,
  seconds: number,
): Promise<boolean> {
  const rows = await tx
    .update(reportRuns)
    .set({ status: 'queued', jobId, heartbeatAt: sql`now()` })
    .where(
      and(
        eq(reportRuns.id, run.id),
        eq(reportRuns.status, run.status),
        eq(reportRuns.attempts, run.attempts),
        run.jobId === null ? isNull(reportRuns.jobId) : eq(reportRuns.jobId, run.jobId),
        sql`${reportRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning({ id: reportRuns.id });
  return rows.length > 0;
}

export async function insertReportRun(tx: Tx, values: typeof reportRuns.$inferInsert): Promise<ReportRunRow> {
  const [r] = await tx.insert(reportRuns).values(values).returning();
  return r;
}

/** A run with its file's name and size and its author (the list and the card of a report). */
function selectRuns(db: Tx, where: SQL | undefined) {
  return db
    .select({
      r: reportRuns,
      file: { name: files.name, size: files.size },
      user: { id: users.id, title: users.title },
    })
    .from(reportRuns)
    .leftJoin(files, eq(files.id, reportRuns.fileId))
    .leftJoin(users, eq(users.id, reportRuns.userId))
    .where(where);
}

export type ReportListRow = Awaited<ReturnType<typeof selectRuns>>[number];

/** One page of the company's runs, newest first. */
export async function listReportRuns(db: Tx, companyId: number, q: z.output<typeof ReportListQuery>) {
  const where = and(
    eq(reportRuns.companyId, companyId),
    q.report_code ? eq(reportRuns.reportCode, q.report_code) : undefined,
    q.contract_id ? eq(reportRuns.contractId, q.contract_id) : undefined,
  );
  return paged(
    q,
    onPage(selectRuns(db, where).orderBy(desc(reportRuns.id)), q),
    countOf(db, reportRuns, where),
  );
}

export async function findReportRun(db: Tx, id: number): Promise<ReportListRow | undefined> {
  const [row] = await selectRuns(db, eq(reportRuns.id, id));
  return row;
}
