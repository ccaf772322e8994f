import { and, asc, between, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import {
  catalogEntries,
  companies,
  contracts,
  procurements,
  type SmeFiguresRow,
  smeReports,
  users,
} from '../../db/schema/index.js';

/** Statuses of a contract that was concluded (a later execution or termination does not undo it). */
const CONCLUDED = ['concluded', 'executed', 'terminated'] as const;

export type SmeContractRow = Awaited<ReturnType<typeof concludedContracts>>[number];

const method = alias(catalogEntries, 'method');
const basis = alias(catalogEntries, 'basis');

/**
 * The company's 223-FZ contracts concluded between two dates (inclusive), oldest first, with what
 * the report reads beside them: the method's catalogue entry (its flags), the basis's title and
 * the SME-only flag of the procurement the contract was concluded from.
 */
export async function concludedContracts(tx: Tx, companyId: number, from: string, to: string) {
  const rows = await tx
    .select({
      id: contracts.id,
      number: contracts.number,
      registryNumber: contracts.eisRegistryNumber,
      contractDate: contracts.contractDate,
      subject: contracts.subject,
      supplierName: contracts.supplierName,
      supplierInn: contracts.supplierInn,
      supplierIsSme: contracts.supplierIsSme,
      price: contracts.price,
      currency: contracts.currencyCode,
      status: contracts.status,
      methodCode: contracts.procurementMethodCode,
      methodName: contracts.procurementMethodName,
      methodTitle: method.title,
      methodExtra: method.extra,
      basis: basis.title,
      procurementSmeOnly: procurements.smeOnly,
    })
    .from(contracts)
    .leftJoin(method, eq(method.id, contracts.procurementMethodId))
    .leftJoin(basis, eq(basis.id, contracts.contractBasisId))
    .leftJoin(
      procurements,
      and(eq(procurements.id, contracts.procurementId), eq(procurements.companyId, companyId)),
    )
    .where(
      and(
        eq(contracts.companyId, companyId),
        eq(contracts.law, '223'),
        inArray(contracts.status, [...CONCLUDED]),
        between(contracts.contractDate, from, to),
      ),
    )
    .orderBy(asc(contracts.contractDate), asc(contracts.id));
  return rows.map((r) => ({ ...r, status: r.status as (typeof CONCLUDED)[number] }));
}

/**
 * The flags of methods named only by their catalogue code (an EIS import or a method of before):
 * the company's own entry first, else the shared one.
 */
export async function methodFlagsByCode(tx: Tx, companyId: number, codes: string[]) {
  if (codes.length === 0) return new Map<string, { title: string; extra: Record<string, unknown> }>();
  const rows = await tx
    .select({ code: catalogEntries.code, title: catalogEntries.title, extra: catalogEntries.extra })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'method'),
        inArray(catalogEntries.code, codes),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    )
    .orderBy(sql`${catalogEntries.companyId} is null`);
  const out = new Map<string, { title: string; extra: Record<string, unknown> }>();
  for (const r of rows) if (!out.has(r.code)) out.set(r.code, { title: r.title, extra: r.extra });
  return out;
}

export async function companyOf(tx: Tx, companyId: number) {
  const [c] = await tx
    .select({
      title: companies.title,
      fullTitle: companies.fullTitle,
      inn: companies.inn,
      kpp: companies.kpp,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return { name: c.fullTitle ?? c.title ?? c.inn, inn: c.inn, kpp: c.kpp };
}

const filingColumns = {
  year: smeReports.year,
  filedOn: smeReports.filedOn,
  eisNumber: smeReports.eisNumber,
  figures: smeReports.figures,
  filedAt: smeReports.filedAt,
  filedById: smeReports.filedBy,
  filedByTitle: users.title,
};
export type SmeFilingRow = {
  year: number;
  filedOn: string;
  eisNumber: string;
  figures: SmeFiguresRow;
  filedAt: Date;
  filedById: number | null;
  filedByTitle: string | null;
};

/** The filing of a year, or null. */
export async function filingOf(tx: Tx, companyId: number, year: number): Promise<SmeFilingRow | null> {
  const [row] = await tx
    .select(filingColumns)
    .from(smeReports)
    .leftJoin(users, eq(users.id, smeReports.filedBy))
    .where(and(eq(smeReports.companyId, companyId), eq(smeReports.year, year)));
  return row ?? null;
}

/** Every filing of the company, newest year first. */
export function filingsOf(tx: Tx, companyId: number): Promise<SmeFilingRow[]> {
  return tx
    .select(filingColumns)
    .from(smeReports)
    .leftJoin(users, eq(users.id, smeReports.filedBy))
    .where(eq(smeReports.companyId, companyId))
    .orderBy(desc(smeReports.year));
}

/** Writes the filing of a year (a corrected placement replaces the earlier one). */
export async function upsertFiling(
  tx: Tx,
  row: {
    companyId: number;
    year: number;
    filedOn: string;
    eisNumber: string;
    figures: SmeFiguresRow;
    filedBy: number | null;
  },
) {
  await tx
    .insert(smeReports)
    .values(row)
    .onConflictDoUpdate({
      target: [smeReports.companyId, smeReports.year],
      set: {
        filedOn: row.filedOn,
        eisNumber: row.eisNumber,
        figures: row.figures,
        filedBy: row.filedBy,
        filedAt: sql`now()`,
      },
    });
}
