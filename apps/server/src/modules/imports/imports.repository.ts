import type { ImportKind } from '@zakupki/shared';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { importRuns } from '../../db/schema/index.js';
import type { RunOwner } from '../../kernel/runs.js';
import { storableText } from '../../lib/storable-text.js';

export type ImportRunRow = typeof importRuns.$inferSelect;

export async function insertRun(
  tx: Tx,
  v: {
    companyId: number;
    userId: number;
    kind: ImportKind;
    uploadFileName: string;
    fileIds: number[];
    fileSha256: string;
    params: Record<string, string | null>;
    jobId?: string;
  },
): Promise<ImportRunRow> {
  const [row] = await tx.insert(importRuns).values(v).returning();
  return row;
}

export async function findRun(tx: Tx, id: number, companyId?: number): Promise<ImportRunRow | undefined> {
  const [row] = await tx
    .select()
    .from(importRuns)
    .where(
      and(eq(importRuns.id, id), companyId === undefined ? undefined : eq(importRuns.companyId, companyId)),
    );
  return row;
}

/**
 * Takes the run for a worker: null when it is finished (a redelivered job) or belongs to another
 * job (this one was replaced after its node died).
 */
export async function startRun(tx: Tx, id: number, jobId: string): Promise<ImportRunRow | null> {
  const [row] = await tx
    .update(importRuns)
    .set({
      status: 'running',
      jobId,
      attempts: sql`${importRuns.attempts} + 1`,
      startedAt: sql`coalesce(${importRuns.startedAt}, now())`,
      heartbeatAt: sql`now()`,
      progress: 5,
      error: null,
    })
    .where(
      and(
        eq(importRuns.id, id),
        inArray(importRuns.status, ['queued', 'running']),
        or(isNull(importRuns.jobId), eq(importRuns.jobId, jobId)),
      ),
    )
    .returning();
  return row ?? null;
}

const owned = (id: number, owner: RunOwner) =>
  and(
    eq(importRuns.id, id),
    eq(importRuns.status, 'running'),
    eq(importRuns.jobId, owner.jobId),
    eq(importRuns.attempts, owner.attempts),
  );

/** The worker is alive: keeps its run from being taken over. */
export async function beat(tx: Tx, id: number, owner: RunOwner) {
  await tx.update(importRuns).set({ heartbeatAt: sql`now()` }).where(owned(id, owner));
}

export async function setProgress(tx: Tx, id: number, progress: number) {
  await tx
    .update(importRuns)
    .set({ progress })
    .where(and(eq(importRuns.id, id), eq(importRuns.status, 'running')));
}

/** The run was taken over by another worker (this one was thought dead): its work is rolled back. */
export class RunTakenOver extends Error {
  constructor(id: number) {
    super(`import run ${id} was taken over by another worker`);
    this.name = 'RunTakenOver';
  }
}

type Outcomes = ImportRunRow['files'];

/**
 * Ends a run with files imported, only while this worker still owns it: `warning` with the
 * refused files named when some were refused.
 */
export async function finishRun(
  tx: Tx,
  id: number,
  result: Record<string, unknown>,
  opts: { owner: RunOwner; files: Outcomes; failedFiles: string | null },
) {
  const done = await tx
    .update(importRuns)
    .set({
      status: opts.failedFiles ? 'warning' : 'done',
      progress: 100,
      result,
      files: opts.files,
      error: opts.failedFiles,
      finishedAt: new Date(),
    })
    .where(owned(id, opts.owner))
    .returning({ id: importRuns.id });
  if (!done.length) throw new RunTakenOver(id);
}

/** Marks the run failed (with each file's outcome); with an owner, only while that worker still owns it. */
export async function failRun(
  tx: Tx,
  id: number,
  error: string,
  opts: { owner?: RunOwner; files?: Outcomes } = {},
) {
  const rows = await tx
    .update(importRuns)
    .set({ status: 'failed', error: storableText(error), files: opts.files ?? [], finishedAt: new Date() })
    .where(opts.owner ? owned(id, opts.owner) : eq(importRuns.id, id))
    .returning({ id: importRuns.id });
  return rows.length > 0;
}

/**
 * Runs whose worker stopped beating (running) or whose job was never sent (queued). The imports
 * of the EIS connector are not among them: their sync run reads the archive again
 * (`abandonFetchedRuns`).
 */
export async function staleRuns(tx: Tx, seconds: number): Promise<ImportRunRow[]> {
  return tx
    .select()
    .from(importRuns)
    .where(
      and(
        inArray(importRuns.status, ['queued', 'running']),
        sql`${importRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
        sql`${importRuns.params}->>'source' is distinct from ${FETCHED_SOURCE}`,
      ),
    )
    .limit(100);
}

/** The `params.source` of an import run the server fetched itself (the EIS connector). */
export const FETCHED_SOURCE = 'eis-sync';

/**
 * Ends failed the open imports of a company that the EIS connector fetched (their job died with
 * its sync run); returns them with the files they held, detached.
 */
export async function abandonFetchedRuns(
  tx: Tx,
  companyId: number,
  error: string,
): Promise<{ id: number; fileIds: number[] }[]> {
  const open = await tx
    .select({ id: importRuns.id, fileIds: importRuns.fileIds })
    .from(importRuns)
    .where(
      and(
        eq(importRuns.companyId, companyId),
        inArray(importRuns.status, ['queued', 'running']),
        sql`${importRuns.params}->>'source' = ${FETCHED_SOURCE}`,
      ),
    )
    .for('update');
  if (open.length === 0) return [];
  await tx
    .update(importRuns)
    .set({ status: 'failed', error: storableText(error), fileIds: [], finishedAt: new Date() })
    .where(
      inArray(
        importRuns.id,
        open.map((r) => r.id),
      ),
    );
  return open;
}

/**
 * Hands a stale run to a new job (or only refreshes the wait of a queued one); null when another
 * node got there first or its worker came back.
 */
export async function claimStale(
  tx: Tx,
  run: ImportRunRow,
  jobId: string,
  seconds: number,
): Promise<ImportRunRow | null> {
  const [row] = await tx
    .update(importRuns)
    .set({ status: 'queued', jobId, heartbeatAt: sql`now()`, progress: 0 })
    .where(
      and(
        eq(importRuns.id, run.id),
        eq(importRuns.status, run.status),
        eq(importRuns.attempts, run.attempts),
        run.jobId === null ? isNull(importRuns.jobId) : eq(importRuns.jobId, run.jobId),
        sql`${importRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The run no longer names its uploads (they were deleted); returns the ids it named. */
export async function detachRunFiles(tx: Tx, id: number): Promise<number[]> {
  const [before] = await tx
    .select({ fileIds: importRuns.fileIds })
    .from(importRuns)
    .where(eq(importRuns.id, id));
  await tx.update(importRuns).set({ fileIds: [] }).where(eq(importRuns.id, id));
  return before?.fileIds ?? [];
}

export async function listRuns(
  tx: Tx,
  companyId: number,
  q: { page: number; limit: number; kind?: ImportKind; status?: ImportRunRow['status'] },
) {
  const where = and(
    eq(importRuns.companyId, companyId),
    q.kind ? eq(importRuns.kind, q.kind) : undefined,
    q.status ? eq(importRuns.status, q.status) : undefined,
  );
  const { items: rows, total } = await paged(
    q,
    onPage(
      tx.select().from(importRuns).where(where).orderBy(desc(importRuns.createdAt), desc(importRuns.id)),
      q,
    ),
    countOf(tx, importRuns, where),
  );
  return { rows, total: Number(total) };
}
