import type { CatalogImportRun, Okpd2PathStep, Tariff, TariffItem } from '@zakupki/shared';
import type { CatalogImportRow } from './catalog-imports.repository.js';
import { type EntryListRow, toEntry } from './catalog-kinds.js';
import type { CountedTariffRow } from './tariffs.repository.js';

/**
 * An entry as the API answers it: the stored shape (toEntry, which is also what the audit keeps)
 * plus the caller's `can_write` and, for ОКПД2, the titled path up the tree.
 */
export function toEntryItem<T>(r: EntryListRow, canWrite: boolean, path: Okpd2PathStep[] | null): T {
  return {
    ...toEntry<Record<string, unknown>>(r),
    ...(path ? { path } : {}),
    can_write: canWrite,
  } as T;
}

/** A tariff as the catalogue answers it: with the caller's `can_write`. */
export const toTariffItem = (t: Tariff, canWrite: boolean): TariffItem => ({ ...t, can_write: canWrite });

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
