import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { onPage } from '../../db/paging.js';
import {
  catalogEntries,
  companies,
  customers,
  files,
  procurementDocumentOutputs,
  procurementDocumentsRules,
  procurementRuleCopies,
  procurementRules,
  procurementRuleVersions,
} from '../../db/schema/index.js';

/** Every query of the procurement-rules module. */

export type RuleRow = typeof procurementRules.$inferSelect;
export type VersionRow = typeof procurementRuleVersions.$inferSelect;
export type DocRuleRow = typeof procurementDocumentsRules.$inferSelect;
export type VersionWithFile = VersionRow & { fileName: string | null; docsCount: number };
export type DocRuleWithKind = DocRuleRow & { kindTitle: string };

// ---------------------------------------------------------------- rules

export async function listRules(
  tx: Tx,
  companyId: number,
  q: { page: number; limit: number; includeArchived: boolean; text?: string },
) {
  const where = and(
    eq(procurementRules.companyId, companyId),
    q.includeArchived ? undefined : isNull(procurementRules.archivedAt),
    q.text ? ilike(procurementRules.title, `%${q.text.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    onPage(
      tx
        .select()
        .from(procurementRules)
        .where(where)
        .orderBy(
          asc(procurementRules.archivedAt),
          desc(procurementRules.createdAt),
          desc(procurementRules.id),
        ),
      q,
    ),
    tx.select({ total: sql<number>`count(*)::int` }).from(procurementRules).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findRule(tx: Tx, companyId: number, ruleId: number, opts: { lock?: boolean } = {}) {
  const q = tx
    .select()
    .from(procurementRules)
    .where(and(eq(procurementRules.id, ruleId), eq(procurementRules.companyId, companyId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The company of a rule, whoever owns it (tenancy of the copy request). */
export async function ruleCompany(tx: Tx, ruleId: number): Promise<number | null> {
  const [row] = await tx
    .select({ companyId: procurementRules.companyId })
    .from(procurementRules)
    .where(eq(procurementRules.id, ruleId));
  return row?.companyId ?? null;
}

export async function insertRule(tx: Tx, values: typeof procurementRules.$inferInsert) {
  const [row] = await tx.insert(procurementRules).values(values).returning();
  return row;
}

export async function updateRule(tx: Tx, id: number, values: Partial<typeof procurementRules.$inferInsert>) {
  const [row] = await tx
    .update(procurementRules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procurementRules.id, id))
    .returning();
  return row;
}

export async function deleteRule(tx: Tx, id: number) {
  await tx.delete(procurementRules).where(eq(procurementRules.id, id));
}

/** Rules copied from this one that still exist (they keep its id). */
export async function copiesOf(tx: Tx, ruleId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(procurementRules)
    .where(eq(procurementRules.copiedFromRuleId, ruleId));
  return Number(n);
}

/** How many copies were made from each of the rules (rules without copies are absent). */
export async function copyCounts(tx: Tx, ruleIds: number[]): Promise<Map<number, number>> {
  if (!ruleIds.length) return new Map();
  const rows = await tx
    .select({ id: procurementRules.copiedFromRuleId, n: sql<number>`count(*)::int` })
    .from(procurementRules)
    .where(inArray(procurementRules.copiedFromRuleId, ruleIds))
    .groupBy(procurementRules.copiedFromRuleId);
  return new Map(rows.map((r) => [r.id as number, Number(r.n)]));
}

export async function customersOf(tx: Tx, companyId: number, ids?: number[]) {
  return tx
    .select({ id: customers.id, title: customers.title })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), ids ? inArray(customers.id, ids) : undefined))
    .orderBy(asc(customers.id));
}

// ---------------------------------------------------------------- versions

const versionColumns = {
  fileName: files.name,
  docsCount: sql<number>`(select count(*)::int from ${procurementDocumentsRules} d where d.version_id = ${procurementRuleVersions.id})`,
};

export async function versionsOfRules(tx: Tx, ruleIds: number[]): Promise<VersionWithFile[]> {
  if (ruleIds.length === 0) return [];
  const rows = await tx
    .select({ v: procurementRuleVersions, ...versionColumns })
    .from(procurementRuleVersions)
    .leftJoin(files, eq(files.id, procurementRuleVersions.fileId))
    .where(inArray(procurementRuleVersions.ruleId, ruleIds))
    .orderBy(desc(procurementRuleVersions.number));
  return rows.map((r) => ({ ...r.v, fileName: r.fileName, docsCount: Number(r.docsCount) }));
}

export async function findVersion(
  tx: Tx,
  ruleId: number,
  versionId: number,
  opts: { lock?: boolean } = {},
): Promise<VersionWithFile | null> {
  const q = tx
    .select({ v: procurementRuleVersions, ...versionColumns })
    .from(procurementRuleVersions)
    .leftJoin(files, eq(files.id, procurementRuleVersions.fileId))
    .where(and(eq(procurementRuleVersions.id, versionId), eq(procurementRuleVersions.ruleId, ruleId)));
  const [r] = opts.lock ? await q.for('update', { of: procurementRuleVersions }) : await q;
  return r ? { ...r.v, fileName: r.fileName, docsCount: Number(r.docsCount) } : null;
}

export async function nextVersionNumber(tx: Tx, ruleId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`coalesce(max(${procurementRuleVersions.number}), 0)::int` })
    .from(procurementRuleVersions)
    .where(eq(procurementRuleVersions.ruleId, ruleId));
  return Number(n) + 1;
}

export async function draftOf(tx: Tx, ruleId: number) {
  const [row] = await tx
    .select({ id: procurementRuleVersions.id, number: procurementRuleVersions.number })
    .from(procurementRuleVersions)
    .where(and(eq(procurementRuleVersions.ruleId, ruleId), eq(procurementRuleVersions.status, 'draft')));
  return row ?? null;
}

export async function insertVersion(tx: Tx, values: typeof procurementRuleVersions.$inferInsert) {
  const [row] = await tx.insert(procurementRuleVersions).values(values).returning();
  return row;
}

export async function updateVersion(
  tx: Tx,
  id: number,
  values: Partial<typeof procurementRuleVersions.$inferInsert>,
) {
  await tx
    .update(procurementRuleVersions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procurementRuleVersions.id, id));
}

/** Published versions of a rule other than `exceptId`: the ones a new publication ends. */
export async function publishedVersions(tx: Tx, ruleId: number, exceptId: number) {
  return tx
    .select({
      id: procurementRuleVersions.id,
      effectiveFrom: procurementRuleVersions.effectiveFrom,
      effectiveTo: procurementRuleVersions.effectiveTo,
    })
    .from(procurementRuleVersions)
    .where(
      and(
        eq(procurementRuleVersions.ruleId, ruleId),
        inArray(procurementRuleVersions.status, ['published', 'superseded']),
        sql`${procurementRuleVersions.id} <> ${exceptId}`,
      ),
    );
}

/** Versions of the company that owe the EIS (approved, not yet placed) or were placed. */
export async function dutyVersions(tx: Tx, companyId: number) {
  return tx
    .select({ v: procurementRuleVersions, ruleTitle: procurementRules.title })
    .from(procurementRuleVersions)
    .innerJoin(procurementRules, eq(procurementRules.id, procurementRuleVersions.ruleId))
    .where(
      and(
        eq(procurementRuleVersions.companyId, companyId),
        isNull(procurementRuleVersions.eisPublishedOn),
        eq(procurementRuleVersions.status, 'approved'),
        isNull(procurementRules.archivedAt),
      ),
    )
    .orderBy(asc(procurementRuleVersions.eisDueDate));
}

// ---------------------------------------------------------------- catalogue entries

/** Entries of a catalogue kind the company sees (global or its own) among `ids`. */
export async function visibleEntries(
  tx: Tx,
  companyId: number,
  kind: 'method' | 'document_kind',
  ids: number[],
) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: catalogEntries.id,
      code: catalogEntries.code,
      title: catalogEntries.title,
      companyId: catalogEntries.companyId,
      archivedAt: catalogEntries.archivedAt,
    })
    .from(catalogEntries)
    .where(
      and(
        inArray(catalogEntries.id, ids),
        eq(catalogEntries.kind, kind),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    );
}

/** Entries of a kind by code in what a company sees: its own entry wins over a global one. */
export async function entriesByCode(
  tx: Tx,
  companyId: number,
  kind: 'method' | 'document_kind',
  codes: string[],
) {
  if (codes.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ id: catalogEntries.id, code: catalogEntries.code, companyId: catalogEntries.companyId })
    .from(catalogEntries)
    .where(
      and(
        inArray(catalogEntries.code, codes),
        eq(catalogEntries.kind, kind),
        isNull(catalogEntries.archivedAt),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    );
  const out = new Map<string, number>();
  for (const r of rows.sort((a, b) => (a.companyId === null ? 0 : 1) - (b.companyId === null ? 0 : 1)))
    out.set(r.code, r.id);
  return out;
}

/** User fields of templates the company sees (global and its own), not archived. */
export async function userFields(tx: Tx, companyId: number) {
  const rows = await tx
    .select({ code: catalogEntries.code, title: catalogEntries.title, extra: catalogEntries.extra })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'userfield'),
        isNull(catalogEntries.archivedAt),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    )
    .orderBy(asc(catalogEntries.code));
  return rows.map((r) => ({
    code: r.code,
    title: r.title,
    required: r.extra?.required === true,
    type: String(r.extra?.field_type ?? 'text'),
    options: Array.isArray(r.extra?.options) ? (r.extra.options as string[]) : [],
  }));
}

/**
 * For each of these catalogue entries, by id: how many versions use a method and how many
 * documents rules use a method or a document kind (catalogue deletes and `can_delete`), in one
 * query; entries of other kinds are not counted.
 */
export async function entriesUsage(
  tx: Tx,
  entries: readonly { id: number; kind: string }[],
): Promise<Map<number, number>> {
  const methods = entries.filter((e) => e.kind === 'method').map((e) => e.id);
  const kinds = entries.filter((e) => e.kind === 'document_kind').map((e) => e.id);
  if (methods.length === 0 && kinds.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; n: number }>(
    tx,
    sql`select m.id, ((select count(*) from ${procurementRuleVersions}
          where ${procurementRuleVersions.methods} @> jsonb_build_array(jsonb_build_object('method_id', m.id)))
        + (select count(*) from ${procurementDocumentsRules} where ${procurementDocumentsRules.methodId} = m.id))::int as n
      from unnest(${arrayParam(methods, 'integer')}) as m(id)
      union all
      select ${procurementDocumentsRules.documentKindId} as id, count(*)::int as n from ${procurementDocumentsRules}
      where ${procurementDocumentsRules.documentKindId} = any(${arrayParam(kinds, 'integer')})
      group by ${procurementDocumentsRules.documentKindId}`,
  );
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

// ---------------------------------------------------------------- documents rules

export async function docRulesOf(tx: Tx, versionIds: number[]): Promise<DocRuleWithKind[]> {
  if (versionIds.length === 0) return [];
  const rows = await tx
    .select({ d: procurementDocumentsRules, kindTitle: catalogEntries.title })
    .from(procurementDocumentsRules)
    .innerJoin(catalogEntries, eq(catalogEntries.id, procurementDocumentsRules.documentKindId))
    .where(inArray(procurementDocumentsRules.versionId, versionIds))
    .orderBy(
      asc(procurementDocumentsRules.versionId),
      asc(procurementDocumentsRules.methodId),
      asc(procurementDocumentsRules.position),
      asc(procurementDocumentsRules.id),
    );
  return rows.map((r) => ({ ...r.d, kindTitle: r.kindTitle }));
}

export async function findDocRule(tx: Tx, versionId: number, id: number): Promise<DocRuleWithKind | null> {
  const [r] = await tx
    .select({ d: procurementDocumentsRules, kindTitle: catalogEntries.title })
    .from(procurementDocumentsRules)
    .innerJoin(catalogEntries, eq(catalogEntries.id, procurementDocumentsRules.documentKindId))
    .where(and(eq(procurementDocumentsRules.id, id), eq(procurementDocumentsRules.versionId, versionId)));
  return r ? { ...r.d, kindTitle: r.kindTitle } : null;
}

export async function nextPosition(tx: Tx, versionId: number, methodId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`coalesce(max(${procurementDocumentsRules.position}), 0)::int` })
    .from(procurementDocumentsRules)
    .where(
      and(
        eq(procurementDocumentsRules.versionId, versionId),
        eq(procurementDocumentsRules.methodId, methodId),
      ),
    );
  return Number(n) + 10;
}

export async function insertDocRules(tx: Tx, values: (typeof procurementDocumentsRules.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(procurementDocumentsRules).values(values).returning({ id: procurementDocumentsRules.id });
}

export async function updateDocRule(
  tx: Tx,
  id: number,
  values: Partial<typeof procurementDocumentsRules.$inferInsert>,
) {
  await tx
    .update(procurementDocumentsRules)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(procurementDocumentsRules.id, id));
}

export async function deleteDocRule(tx: Tx, id: number) {
  await tx.delete(procurementDocumentsRules).where(eq(procurementDocumentsRules.id, id));
}

/** Deletes documents rules by id (a draft's rules of the methods it dropped, confirmed by the user). */
export async function deleteDocRules(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(procurementDocumentsRules).where(inArray(procurementDocumentsRules.id, ids));
}

/** Of these documents rules, those a generated document of a procurement was built from. */
export async function docRulesInUse(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: procurementDocumentOutputs.documentsRuleId })
    .from(procurementDocumentOutputs)
    .where(inArray(procurementDocumentOutputs.documentsRuleId, ids));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- files

/** A template file with this content already stored (templates are shared by hash). */
export async function templateFileByHash(tx: Tx, sha256: string) {
  const [row] = await tx
    .select({ id: files.id })
    .from(files)
    .where(and(isNull(files.companyId), eq(files.purpose, 'document'), eq(files.sha256, sha256)))
    .orderBy(asc(files.id))
    .limit(1);
  return row?.id ?? null;
}

/** The names of a company (short and full title) for the title of a rule's copy. */
export async function companyNames(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({ title: companies.title, fullTitle: companies.fullTitle })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? { title: null, fullTitle: null };
}

export async function companyForSample(tx: Tx, companyId: number) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  const [customer] = await tx
    .select()
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(asc(customers.id))
    .limit(1);
  return { company, customer: customer ?? null };
}

// ---------------------------------------------------------------- copies

export async function findCopy(tx: Tx, companyId: number, key: string) {
  const [row] = await tx
    .select()
    .from(procurementRuleCopies)
    .where(and(eq(procurementRuleCopies.companyId, companyId), eq(procurementRuleCopies.copyKey, key)));
  return row ?? null;
}

/** Records the copy; false when the same request already made one (the caller rolls back). */
export async function insertCopy(
  tx: Tx,
  values: typeof procurementRuleCopies.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(procurementRuleCopies)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: procurementRuleCopies.id });
  return rows.length === 1;
}
