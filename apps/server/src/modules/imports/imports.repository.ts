import type { ImportKind, ImportRun } from '@zakupki/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { importRuns } from '../../db/schema/index.js';

export type ImportRunRow = typeof importRuns.$inferSelect;

export function toImportRun(r: ImportRunRow): ImportRun {
  return {
    id: r.id,
    company_id: r.companyId,
    user_id: r.userId,
    kind: r.kind,
    status: r.status,
    progress: r.progress,
    upload_file_name: r.uploadFileName,
    file_ids: r.fileIds,
    error: r.error,
    files: r.files ?? [],
    result: (r.result ?? null) as never,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
  } as ImportRun;
}

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

/** Takes the run for a worker: false when it is already finished (a redelivered job). */
export async function startRun(tx: Tx, id: number, jobId: string): Promise<ImportRunRow | null> {
  const [row] = await tx
    .update(importRuns)
    .set({
      status: 'running',
      jobId,
      attempts: sql`${importRuns.attempts} + 1`,
      startedAt: sql`coalesce(${importRuns.startedAt}, now())`,
      progress: 5,
      error: null,
    })
    .where(and(eq(importRuns.id, id), inArray(importRuns.status, ['queued', 'running'])))
    .returning();
  return row ?? null;
}

export async function setProgress(tx: Tx, id: number, progress: number) {
  await tx
    .update(importRuns)
    .set({ progress })
    .where(and(eq(importRuns.id, id), eq(importRuns.status, 'running')));
}

type Outcomes = ImportRunRow['files'];

/** Ends a run with files imported: `warning` with the refused files named when some were refused. */
export async function finishRun(
  tx: Tx,
  id: number,
  result: Record<string, unknown>,
  files: Outcomes,
  failedFiles: string | null,
) {
  await tx
    .update(importRuns)
    .set({
      status: failedFiles ? 'warning' : 'done',
      progress: 100,
      result,
      files,
      error: failedFiles,
      finishedAt: new Date(),
    })
    .where(eq(importRuns.id, id));
}

export async function failRun(tx: Tx, id: number, error: string, files: Outcomes = []) {
  await tx
    .update(importRuns)
    .set({ status: 'failed', error, files, finishedAt: new Date() })
    .where(eq(importRuns.id, id));
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
