import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { catalogEntries, contracts } from '../../db/schema/index.js';
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
