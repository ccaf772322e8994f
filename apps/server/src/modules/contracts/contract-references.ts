import { and, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { catalogEntries, contracts, customers, procurements } from '../../db/schema/index.js';
import type { Actor } from '../../types.js';
import { auditRefused } from '../access/access.service.js';
import { registerCatalogUsage } from '../catalogs/catalogs.service.js';
import { assertTariffAllows, registerTariffCounter } from '../catalogs/tariffs.service.js';
import { invalid } from './contract-children.js';

type Refs = { funding_source_id?: number | null; contract_basis_id?: number | null };
type Previous = { fundingSourceId: number | null; contractBasisId: number | null } | null;

const REFS = [
  { field: 'funding_source_id', prev: 'fundingSourceId', typeCode: 8, what: 'Источник финансирования' },
  { field: 'contract_basis_id', prev: 'contractBasisId', typeCode: 9, what: 'Основание заключения договора' },
] as const;

/**
 * Funding source and contract basis must be entries of the generic catalogue (type 8 and 9) that
 * the company sees: global ones or its own, not archived. An entry archived after it was chosen
 * stays valid on the contracts that already point at it.
 */
export async function checkCatalogEntries(tx: Tx, companyId: number, body: Refs, previous: Previous) {
  const wanted = REFS.filter((r) => body[r.field]);
  if (wanted.length === 0) return;
  const rows = await tx
    .select({
      id: catalogEntries.id,
      typeCode: catalogEntries.typeCode,
      archivedAt: catalogEntries.archivedAt,
    })
    .from(catalogEntries)
    .where(
      and(
        inArray(
          catalogEntries.id,
          wanted.map((r) => body[r.field] as number),
        ),
        eq(catalogEntries.kind, 'generic'),
        or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
      ),
    );
  const issues = [];
  for (const r of wanted) {
    const id = body[r.field] as number;
    const row = rows.find((x) => x.id === id && x.typeCode === r.typeCode);
    const keptArchived = row?.archivedAt && previous?.[r.prev] === id;
    if (!row || (row.archivedAt && !keptArchived)) {
      issues.push({
        path: `body.${r.field}`,
        message: `${r.what}: запись справочника не найдена или в архиве`,
      });
    }
  }
  if (issues.length) throw invalid(issues);
}

/**
 * Ids in a contract's body that point at another company's rows (a catalogue entry, a customer)
 * are refused inside the write transaction exactly like missing ones (the same message); this
 * writes the `access_denied` audit entry for each, before and outside that transaction, so the
 * entry survives the refusal.
 */
export async function auditForeignReferences(
  db: Db,
  actor: Actor,
  companyId: number,
  body: Refs & { customer_id?: number | null; procurement_id?: number | null },
): Promise<void> {
  const entryIds = REFS.map((r) => body[r.field]).filter((id): id is number => !!id);
  const foreign = and(isNotNull(catalogEntries.companyId), ne(catalogEntries.companyId, companyId));
  const [entries, customerRows, procurementRows] = await Promise.all([
    entryIds.length
      ? db
          .select({ id: catalogEntries.id, companyId: catalogEntries.companyId })
          .from(catalogEntries)
          .where(and(inArray(catalogEntries.id, entryIds), foreign))
      : [],
    body.customer_id
      ? db
          .select({ id: customers.id, companyId: customers.companyId })
          .from(customers)
          .where(and(eq(customers.id, body.customer_id), ne(customers.companyId, companyId)))
      : [],
    body.procurement_id
      ? db
          .select({ id: procurements.id, companyId: procurements.companyId })
          .from(procurements)
          .where(and(eq(procurements.id, body.procurement_id), ne(procurements.companyId, companyId)))
      : [],
  ]);
  for (const e of entries) await auditRefused(db, actor, 'catalog_entry', e.id, e.companyId, companyId);
  for (const c of customerRows) await auditRefused(db, actor, 'customer', c.id, c.companyId, companyId);
  for (const p of procurementRows) await auditRefused(db, actor, 'procurement', p.id, p.companyId, companyId);
}

/**
 * The procurement a contract names must be the company's (another company's one is refused like a
 * missing one, audited by `auditForeignReferences`). Returns the id to store: on update an absent
 * `procurement_id` keeps the link the contract has.
 */
export async function checkProcurement(
  tx: Tx,
  companyId: number,
  body: { procurement_id?: number | null },
  previous: { procurementId: number | null } | null,
): Promise<number | null> {
  if (body.procurement_id === undefined) return previous?.procurementId ?? null;
  if (body.procurement_id === null) return null;
  const [row] = await tx
    .select({ id: procurements.id })
    .from(procurements)
    .where(and(eq(procurements.id, body.procurement_id), eq(procurements.companyId, companyId)));
  if (!row)
    throw invalid([{ path: 'body.procurement_id', message: 'Закупка не найдена среди закупок компании' }]);
  return row.id;
}

/** 409 tariff_limit when one more contract would exceed the company's tariff (contracts per year). */
export async function checkTariff(tx: Tx, companyId: number): Promise<void> {
  await assertTariffAllows(tx, companyId, 'contracts');
}

/**
 * Tells the catalogues what the contracts module owns: the contracts a company added this year
 * (the tariff's «договоров в год») and the contracts that point at a catalogue entry (such an
 * entry is archived, never deleted). Returns the function that takes both back.
 */
export function registerContractReferences(): () => void {
  const offCounter = registerTariffCounter('contracts', async (db, companyId, yearStart) => {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(and(eq(contracts.companyId, companyId), gte(contracts.createdAt, yearStart)));
    return Number(n);
  });
  const offUsage = registerCatalogUsage({
    name: 'Договоры',
    count: async (db, entry) => {
      if (entry.kind !== 'generic' || (entry.typeCode !== 8 && entry.typeCode !== 9)) return 0;
      const column = entry.typeCode === 8 ? contracts.fundingSourceId : contracts.contractBasisId;
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contracts)
        .where(eq(column, entry.id));
      return Number(n);
    },
  });
  return () => {
    offCounter();
    offUsage();
  };
}
