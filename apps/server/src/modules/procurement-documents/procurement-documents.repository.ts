import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  catalogEntries,
  companies,
  contacts,
  customers,
  eisPlanPositions,
  eisPlans,
  procurementDocumentOutputs,
  procurementDocumentsRules,
  procurementEvents,
  procurementFieldValues,
  procurementItems,
  procurementLots,
  procurementRules,
  procurementRuleVersions,
  procurements,
  users,
} from '../../db/schema/index.js';
import type { FileOwnerResolver, ResolvedFileOwner } from '../files/file-owners.js';

/**
 * All SQL of the procurement documentation (the procurements module's tables are read here too);
 * the generation runs' queries live in document-runs.repository.ts, re-exported here.
 */
export * from './document-runs.repository.js';

type Q = Db | Tx;

export async function procurementOwner(db: Q, id: number): Promise<number | null> {
  const [r] = await db
    .select({ companyId: procurements.companyId })
    .from(procurements)
    .where(eq(procurements.id, id));
  return r?.companyId ?? null;
}

const method = alias(catalogEntries, 'method');
const nmcdMethod = alias(catalogEntries, 'nmcd_method');
const funding = alias(catalogEntries, 'funding');

/**
 * Everything the fields of a procurement's documents are prefilled from: the procurement with its
 * catalogue titles, the company and the customer, the plan position, the pinned rule version,
 * the lots with their items and the company's active contact.
 */
export async function loadProcurement(db: Q, id: number) {
  const [row] = await db
    .select({
      p: procurements,
      methodCode: method.code,
      methodFlags: method.extra,
      methodTitle: method.title,
      nmcdMethodTitle: nmcdMethod.title,
      fundingTitle: funding.title,
      version: {
        id: procurementRuleVersions.id,
        number: procurementRuleVersions.number,
        methods: procurementRuleVersions.methods,
      },
      ruleTitle: procurementRules.title,
    })
    .from(procurements)
    .innerJoin(method, eq(method.id, procurements.methodId))
    .innerJoin(procurementRuleVersions, eq(procurementRuleVersions.id, procurements.ruleVersionId))
    .innerJoin(procurementRules, eq(procurementRules.id, procurementRuleVersions.ruleId))
    .leftJoin(nmcdMethod, eq(nmcdMethod.id, procurements.nmcdMethodId))
    .leftJoin(funding, eq(funding.id, procurements.fundingSourceId))
    .where(eq(procurements.id, id));
  if (!row) return null;
  const p = row.p;
  const [company] = await db.select().from(companies).where(eq(companies.id, p.companyId));
  const [customer] = p.customerId
    ? await db.select().from(customers).where(eq(customers.id, p.customerId))
    : [];
  const [plan] = p.planPositionId
    ? await db
        .select({ number: eisPlanPositions.number, year: eisPlans.year })
        .from(eisPlanPositions)
        .innerJoin(eisPlans, eq(eisPlans.id, eisPlanPositions.planId))
        .where(eq(eisPlanPositions.id, p.planPositionId))
    : [];
  const [contact] = await db
    .select({ fullName: contacts.fullName, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.companyId, p.companyId))
    .orderBy(desc(contacts.isActive), asc(contacts.id))
    .limit(1);
  const lots = await db
    .select()
    .from(procurementLots)
    .where(eq(procurementLots.procurementId, id))
    .orderBy(asc(procurementLots.number));
  const items = lots.length
    ? await db
        .select()
        .from(procurementItems)
        .where(
          inArray(
            procurementItems.lotId,
            lots.map((l) => l.id),
          ),
        )
        .orderBy(asc(procurementItems.lineNo), asc(procurementItems.id))
    : [];
  return {
    ...row,
    company,
    customer: customer ?? null,
    plan: plan ?? null,
    contact: contact ?? null,
    lots: lots.map((l) => ({ ...l, items: items.filter((i) => i.lotId === l.id) })),
  };
}
export type LoadedProcurement = NonNullable<Awaited<ReturnType<typeof loadProcurement>>>;

/** The documents rules of a version for one method, in their order, with the kind's title and code. */
export async function documentsRulesOf(db: Q, versionId: number, methodId: number) {
  const rows = await db
    .select({ d: procurementDocumentsRules, kindTitle: catalogEntries.title, kindCode: catalogEntries.code })
    .from(procurementDocumentsRules)
    .innerJoin(catalogEntries, eq(catalogEntries.id, procurementDocumentsRules.documentKindId))
    .where(
      and(
        eq(procurementDocumentsRules.versionId, versionId),
        eq(procurementDocumentsRules.methodId, methodId),
      ),
    )
    .orderBy(asc(procurementDocumentsRules.position), asc(procurementDocumentsRules.id));
  return rows.map((r) => ({ ...r.d, kindTitle: r.kindTitle, kindCode: r.kindCode }));
}
export type DocumentsRuleRow = Awaited<ReturnType<typeof documentsRulesOf>>[number];

/** User fields of templates the company sees (global and its own, not archived), in catalogue order. */
export async function userFieldsOf(db: Q, companyId: number) {
  const rows = await db
    .select({
      code: catalogEntries.code,
      title: catalogEntries.title,
      extra: catalogEntries.extra,
      companyId: catalogEntries.companyId,
    })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'userfield'),
        isNull(catalogEntries.archivedAt),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    )
    .orderBy(asc(catalogEntries.id));
  // the company's own field of the same code wins over the global one
  const byCode = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!byCode.has(r.code) || r.companyId !== null) byCode.set(r.code, r);
  return [...byCode.values()].map((r) => ({
    code: r.code,
    title: r.title,
    type: String(r.extra?.field_type ?? 'text'),
    options: Array.isArray(r.extra?.options) ? (r.extra.options as string[]).map(String) : [],
    required: r.extra?.required === true,
  }));
}

export async function storedValues(db: Q, procurementId: number): Promise<Record<string, unknown>> {
  const [r] = await db
    .select({ values: procurementFieldValues.values })
    .from(procurementFieldValues)
    .where(eq(procurementFieldValues.procurementId, procurementId));
  return r?.values ?? {};
}

/** Locks the procurement's values row (made when missing) for a read-modify-write. */
export async function lockValues(tx: Tx, procurementId: number): Promise<Record<string, unknown>> {
  await tx
    .insert(procurementFieldValues)
    .values({ procurementId, values: {} })
    .onConflictDoNothing({ target: procurementFieldValues.procurementId });
  const [r] = await tx
    .select({ values: procurementFieldValues.values })
    .from(procurementFieldValues)
    .where(eq(procurementFieldValues.procurementId, procurementId))
    .for('update');
  return r.values;
}

export async function writeValues(
  tx: Tx,
  procurementId: number,
  values: Record<string, unknown>,
  userId: number,
) {
  await tx
    .update(procurementFieldValues)
    .set({ values, updatedBy: userId, updatedAt: new Date() })
    .where(eq(procurementFieldValues.procurementId, procurementId));
}

// ---------------------------------------------------------------- outputs

const OUTPUT_COLUMNS = {
  id: procurementDocumentOutputs.id,
  documentId: procurementDocumentOutputs.documentsRuleId,
  version: procurementDocumentOutputs.version,
  docxFileId: procurementDocumentOutputs.docxFileId,
  pdfFileId: procurementDocumentOutputs.pdfFileId,
  error: procurementDocumentOutputs.error,
  missing: procurementDocumentOutputs.missing,
  valuesHash: procurementDocumentOutputs.valuesHash,
  createdAt: procurementDocumentOutputs.createdAt,
  createdById: procurementDocumentOutputs.createdBy,
  createdByTitle: users.title,
};
export type OutputRow = {
  id: number;
  documentId: number;
  version: number;
  docxFileId: number | null;
  pdfFileId: number | null;
  error: string | null;
  missing: string[];
  valuesHash: string;
  createdAt: Date;
  createdById: number | null;
  createdByTitle: string | null;
};

/** The newest output of each document of a procurement and how many versions each has. */
export async function latestOutputs(db: Q, procurementId: number) {
  const rows: OutputRow[] = await db
    .selectDistinctOn([procurementDocumentOutputs.documentsRuleId], OUTPUT_COLUMNS)
    .from(procurementDocumentOutputs)
    .leftJoin(users, eq(users.id, procurementDocumentOutputs.createdBy))
    .where(eq(procurementDocumentOutputs.procurementId, procurementId))
    .orderBy(procurementDocumentOutputs.documentsRuleId, desc(procurementDocumentOutputs.version));
  const counts = await db
    .select({
      documentId: procurementDocumentOutputs.documentsRuleId,
      n: sql<number>`count(*)::int`,
    })
    .from(procurementDocumentOutputs)
    .where(eq(procurementDocumentOutputs.procurementId, procurementId))
    .groupBy(procurementDocumentOutputs.documentsRuleId);
  const count = new Map(counts.map((c) => [c.documentId, Number(c.n)]));
  return new Map(rows.map((r) => [r.documentId, { latest: r, count: count.get(r.documentId) ?? 0 }]));
}

/** Every version of one document, newest first, with the values it was built from. */
export async function outputsOf(db: Q, procurementId: number, documentId: number) {
  return db
    .select({ ...OUTPUT_COLUMNS, values: procurementDocumentOutputs.values })
    .from(procurementDocumentOutputs)
    .leftJoin(users, eq(users.id, procurementDocumentOutputs.createdBy))
    .where(
      and(
        eq(procurementDocumentOutputs.procurementId, procurementId),
        eq(procurementDocumentOutputs.documentsRuleId, documentId),
      ),
    )
    .orderBy(desc(procurementDocumentOutputs.version));
}

/** Adds the next version of a document's output (serialised per procurement by a row lock). */
export async function insertOutput(
  tx: Tx,
  o: Omit<typeof procurementDocumentOutputs.$inferInsert, 'version' | 'id' | 'createdAt'>,
) {
  await tx
    .select({ id: procurements.id })
    .from(procurements)
    .where(eq(procurements.id, o.procurementId))
    .for('update');
  const [{ v }] = await tx
    .select({ v: sql<number>`coalesce(max(${procurementDocumentOutputs.version}), 0)::int` })
    .from(procurementDocumentOutputs)
    .where(
      and(
        eq(procurementDocumentOutputs.procurementId, o.procurementId),
        eq(procurementDocumentOutputs.documentsRuleId, o.documentsRuleId),
      ),
    );
  const [row] = await tx
    .insert(procurementDocumentOutputs)
    .values({ ...o, version: Number(v) + 1 })
    .returning({ id: procurementDocumentOutputs.id, version: procurementDocumentOutputs.version });
  return row;
}

export async function insertEvent(tx: Q, procurementId: number, userId: number | null, comment: string) {
  await tx.insert(procurementEvents).values({ procurementId, kind: 'documents', userId, comment });
}

// ---------------------------------------------------------------- files

/**
 * The file page's owner of generated documents (modules/files registry): the output of a
 * documents rule for a procurement, in the caller's companies only; its versions are the files of
 * every output of the same document of the same procurement, newest first.
 */
export const procurementDocumentFileOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const out = new Map<number, ResolvedFileOwner>();
  if (fileIds.length === 0 || (scope.companyIds && scope.companyIds.length === 0)) return out;
  const rows = await db
    .select({
      id: procurementDocumentOutputs.id,
      docx: procurementDocumentOutputs.docxFileId,
      pdf: procurementDocumentOutputs.pdfFileId,
      version: procurementDocumentOutputs.version,
      procurementId: procurementDocumentOutputs.procurementId,
      ruleId: procurementDocumentOutputs.documentsRuleId,
      companyId: procurements.companyId,
      number: procurements.number,
      title: procurementDocumentsRules.title,
    })
    .from(procurementDocumentOutputs)
    .innerJoin(procurements, eq(procurements.id, procurementDocumentOutputs.procurementId))
    .innerJoin(
      procurementDocumentsRules,
      eq(procurementDocumentsRules.id, procurementDocumentOutputs.documentsRuleId),
    )
    .where(
      and(
        or(
          inArray(procurementDocumentOutputs.docxFileId, fileIds),
          inArray(procurementDocumentOutputs.pdfFileId, fileIds),
        ),
        scope.companyIds ? inArray(procurements.companyId, scope.companyIds) : undefined,
      ),
    );
  // every output of the same documents, one statement: their files are the owner's versions
  const siblings = rows.length
    ? await db
        .select({
          procurementId: procurementDocumentOutputs.procurementId,
          ruleId: procurementDocumentOutputs.documentsRuleId,
          docx: procurementDocumentOutputs.docxFileId,
          pdf: procurementDocumentOutputs.pdfFileId,
        })
        .from(procurementDocumentOutputs)
        .where(
          or(
            ...rows.map((r) =>
              and(
                eq(procurementDocumentOutputs.procurementId, r.procurementId),
                eq(procurementDocumentOutputs.documentsRuleId, r.ruleId),
              ),
            ),
          ),
        )
        .orderBy(desc(procurementDocumentOutputs.version))
    : [];
  for (const r of rows) {
    const versions = siblings
      .filter((x) => x.procurementId === r.procurementId && x.ruleId === r.ruleId)
      .flatMap((x) => [x.pdf, x.docx])
      .filter((f): f is number => f !== null);
    const owner: ResolvedFileOwner = {
      kind: 'procurement_document',
      kind_title: 'Документ закупки',
      id: r.id,
      title: `${r.title} — закупка № ${r.number}, версия ${r.version}`,
      link: `/procurement_documents/${r.procurementId}`,
      companyId: r.companyId,
      versions,
    };
    for (const f of [r.docx, r.pdf]) if (f !== null && fileIds.includes(f)) out.set(f, owner);
  }
  return out;
};
