import type { CatalogImportRun, Okpd2PathStep, Tariff, TariffItem } from '@zakupki/shared';
import type { CatalogImportRow } from './catalog-imports.repository.js';
import { type EntryListRow, toEntry } from './catalog-kinds.js';

/**
 * An entry as the API answers it: the stored shape (toEntry, which is also what the audit keeps)
 * plus the caller's `can_write`, `can_delete` and, for ОКПД2, the titled path up the tree.
 */
export function toEntryItem<T>(
  r: EntryListRow,
  may: { canWrite: boolean; canDelete: boolean },
  path: Okpd2PathStep[] | null,
): T {
  return {
    ...toEntry<Record<string, unknown>>(r),
    ...(path ? { path } : {}),
    can_write: may.canWrite,
    can_delete: may.canDelete,
  } as T;
}

/** A tariff as the catalogue answers it: with the caller's `can_write`. */
export const toTariffItem = (t: Tariff, canWrite: boolean): TariffItem => ({ ...t, can_write: canWrite });

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
