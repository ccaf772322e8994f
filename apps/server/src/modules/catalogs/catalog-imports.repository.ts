import type { CatalogImportRun } from '@zakupki/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { catalogImports } from '../../db/schema/index.js';

export type CatalogImportRow = typeof catalogImports.$inferSelect;

export function toCatalogImportRun(r: CatalogImportRow): CatalogImportRun {
  return {
    id: r.id,
    catalog: r.catalog,
    company_id: r.companyId,
    status: r.status,
    progress: r.progress,
    file_name: r.fileName,
    result: r.result ?? null,
    error: r.error,
    errors: r.errors,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

export async function insertCatalogImport(tx: Tx, v: typeof catalogImports.$inferInsert) {
  const [row] = await tx.insert(catalogImports).values(v).returning();
  return row;
}

export async function findCatalogImport(tx: Tx, id: number): Promise<CatalogImportRow | undefined> {
  const [row] = await tx.select().from(catalogImports).where(eq(catalogImports.id, id));
  return row;
}

/** Takes a queued run (or one a dead worker left running) for this job; null when it ended. */
export async function startCatalogImport(tx: Tx, id: number, jobId: string) {
  const [row] = await tx
    .update(catalogImports)
    .set({ status: 'running', progress: 5 })
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

export async function setCatalogImportProgress(tx: Tx, id: number, progress: number) {
  await tx
    .update(catalogImports)
    .set({ progress })
    .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'running')));
}

/** Ends the run inside the transaction that wrote its rows: false when it had ended already. */
export async function finishCatalogImport(
  tx: Tx,
  id: number,
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
    .where(and(eq(catalogImports.id, id), eq(catalogImports.status, 'running')))
    .returning({ id: catalogImports.id });
  return done.length > 0;
}
