import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { catalogImports } from '../../db/schema/index.js';

export type CatalogImportRow = typeof catalogImports.$inferSelect;

export async function insertCatalogImport(tx: Tx, v: typeof catalogImports.$inferInsert) {
  const [row] = await tx.insert(catalogImports).values(v).returning();
  return row;
}

export async function findCatalogImport(tx: Tx, id: number): Promise<CatalogImportRow | undefined> {
  const [row] = await tx.select().from(catalogImports).where(eq(catalogImports.id, id));
  return row;
}

/** Which worker holds a run: its job and the start it made (a takeover changes both). */
export type CatalogImportOwner = { jobId: string; attempts: number };

/** Takes a queued run (or one a dead worker left running) for this job; null when it ended or was handed on. */
export async function startCatalogImport(tx: Tx, id: number, jobId: string) {
  const [row] = await tx
    .update(catalogImports)
    .set({
      status: 'running',
      progress: 5,
      attempts: sql`${catalogImports.attempts} + 1`,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(catalogImports.id, id),
        eq(catalogImports.jobId, jobId),
        inArray(catalogImports.status, ['queued', 'running']),
      ),
    )
    .returning();
  return row ?? null;
}

const owned = (id: number, owner: CatalogImportOwner) =>
  and(
    eq(catalogImports.id, id),
    eq(catalogImports.status, 'running'),
    eq(catalogImports.jobId, owner.jobId),
    eq(catalogImports.attempts, owner.attempts),
  );

/** The worker is alive: keeps its run from being taken over. */
export async function beatCatalogImport(tx: Tx, id: number, owner: CatalogImportOwner) {
  await tx.update(catalogImports).set({ heartbeatAt: sql`now()` }).where(owned(id, owner));
}

/** Open runs whose worker stopped beating (running) or whose job may never have been sent (queued). */
export async function staleCatalogImports(tx: Tx, seconds: number): Promise<CatalogImportRow[]> {
  return tx
    .select()
    .from(catalogImports)
    .where(
      and(
        inArray(catalogImports.status, ['queued', 'running']),
        sql`${catalogImports.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .limit(100);
}

/** Hands a stale run to the job `jobId` (queued again); false when another node or its worker got there first. */
export async function claimStaleCatalogImport(
  tx: Tx,
  run: CatalogImportRow,
  jobId: string,
  seconds: number,
): Promise<boolean> {
  const rows = await tx
    .update(catalogImports)
    .set({ status: 'queued', jobId, heartbeatAt: sql`now()`, progress: 0 })
    .where(
      and(
        eq(catalogImports.id, run.id),
        eq(catalogImports.status, run.status),
        eq(catalogImports.attempts, run.attempts),
        run.jobId === null ? isNull(catalogImports.jobId) : eq(catalogImports.jobId, run.jobId),
        sql`${catalogImports.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning({ id: catalogImports.id });
  return rows.length > 0;
}

export async function setCatalogImportProgress(tx: Tx, id: number, progress: number) {
  await tx
    .update(catalogImports)
    .set({ progress })
    .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'running')));
}

/**
 * Ends the run inside the transaction that wrote its rows, only while `owner` still holds it:
 * false when it had ended already or was handed to another worker.
 */
export async function finishCatalogImport(
  tx: Tx,
  id: number,
  owner: CatalogImportOwner,
  end: { result: CatalogImportRow['result'] } | { error: string; errors: CatalogImportRow['errors'] },
): Promise<boolean> {
  const done = await tx
    .update(catalogImports)
    .set({
      ...('result' in end
        ? { status: 'done' as const, progress: 100, result: end.result }
        : { status: 'failed' as const, error: end.error, errors: end.errors }),
      finishedAt: sql`now()`,
    })
    .where(owned(id, owner))
    .returning({ id: catalogImports.id });
  return done.length > 0;
}
