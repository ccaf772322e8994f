import { type CatalogImportRun, catalogByKey, type Tariff, type TariffItem } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../types.js';
import type { CatalogImportRow } from './catalog-imports.repository.js';
import { type EntryListRow, toEntry, type View } from './catalog-kinds.js';
import { writeDecider } from './catalogs.policy.js';
import { okpd2Paths } from './catalogs.repository.js';
import type { CountedTariffRow } from './tariffs.repository.js';

/**
 * Entries as the API answers them: the stored shape (toEntry, which is also what the audit keeps)
 * plus the caller's `can_write` from the write policy and, for ОКПД2, the titled path up the tree.
 */
export async function presentEntries<T>(
  db: Tx,
  actor: Actor,
  view: View,
  rows: EntryListRow[],
): Promise<T[]> {
  const canWrite = await writeDecider(
    db,
    actor,
    view.descriptor,
    rows.map((r) => r.companyId),
  );
  const paths =
    view.kind === 'okpd2'
      ? await okpd2Paths(
          db,
          rows.map((r) => r.id),
        )
      : null;
  return rows.map(
    (r) =>
      ({
        ...toEntry<Record<string, unknown>>(r),
        ...(paths ? { path: paths.get(r.id) ?? [] } : {}),
        can_write: canWrite(r.companyId),
      }) as T,
  );
}

export async function presentEntry<T>(db: Tx, actor: Actor, view: View, row: EntryListRow): Promise<T> {
  const [one] = await presentEntries<T>(db, actor, view, [row]);
  return one;
}

const TARIFFS_CATALOG = catalogByKey('tariffs')!;

/** Tariffs as the catalogue answers them: with `can_write` from the write policy (global entries). */
export async function presentTariffs(db: Tx, actor: Actor, list: Tariff[]): Promise<TariffItem[]> {
  const canWrite = await writeDecider(db, actor, TARIFFS_CATALOG, [null]);
  return list.map((t) => ({ ...t, can_write: canWrite(null) }));
}

export function toTariff(r: CountedTariffRow): Tariff {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    max_users: r.maxUsers,
    max_companies: r.maxCompanies,
    max_contracts_per_year: r.maxContractsPerYear,
    price_per_month: r.pricePerMonth,
    companies_count: Number(r.companiesCount),
    archived_at: r.archivedAt ? r.archivedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const toTariffOrNull = (r: CountedTariffRow | null): Tariff | null => (r ? toTariff(r) : null);

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
