import {
  type CatalogDescriptor,
  catalogByKey,
  mayWriteGlobalCatalog,
  type Tariff,
  type TariffItem,
} from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest, forbidden } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { requireCompany } from '../access/access.service.js';
import type { EntryListRow, View } from './catalog-kinds.js';
import { catalogEntriesInUse } from './catalog-usage.service.js';
import { assertMayOpen } from './catalogs.policy.js';
import { toEntryItem, toTariffItem } from './catalogs.presenter.js';
import { okpd2Paths } from './catalogs.repository.js';

/**
 * Who may read and write which catalogue entries (the company checks ask the database), and the
 * entries as the caller sees them. Every function here runs in the caller's transaction or on the
 * pool (`tx`): the services call them before and inside their writes.
 */

const TARIFFS_CATALOG = catalogByKey('tariffs')!;

/**
 * May the actor list the company's entries? Tenancy first: another company answers 404 (and is
 * audited) through requireCompany, called explicitly: catalogue routes name the company in their
 * query or body, not in the path, so no route declaration gates them.
 */
export async function assertMayReadCompany(tx: Tx, actor: Actor, d: CatalogDescriptor, companyId: number) {
  assertMayOpen(actor, d);
  await requireCompany(tx, actor, companyId);
}

/**
 * May the actor write an entry owned by `companyId` (null: a global entry)?
 * Global entries: admin and specialists (tariffs: admin). Company entries: staff with
 * catalogs.write in that company; a client only where the catalogue lets clients write (places of
 * delivery) and only for its own company. The company comes from a query, a body or the entry:
 * the explicit company check (requireCompany) runs here, not a route declaration.
 */
export async function assertMayWrite(tx: Tx, actor: Actor, d: CatalogDescriptor, companyId: number | null) {
  assertMayOpen(actor, d);
  if (companyId === null) {
    if (d.kind === 'tariff' ? actor.role === 'admin' : mayWriteGlobalCatalog(actor.role)) return;
    throw forbidden(`Общие записи справочника «${d.title}» изменяют только администратор и специалисты`);
  }
  if (!d.company_entries) throw badRequest(`В справочнике «${d.title}» нет записей отдельных компаний`);
  if (actor.role === 'client') {
    await requireCompany(tx, actor, companyId);
    if (!d.client_writes) throw forbidden(`Записи справочника «${d.title}» изменяют только сотрудники`);
    return;
  }
  await requireCompany(tx, actor, companyId, 'catalogs.write');
}

/** The same decision without throwing 403 (XLSX import marks the rows instead); 404 still throws. */
export async function mayWrite(tx: Tx, actor: Actor, d: CatalogDescriptor, companyId: number | null) {
  try {
    await assertMayWrite(tx, actor, d, companyId);
    return true;
  } catch (err) {
    if (err instanceof AppError && (err.code === 'forbidden' || err.code === 'bad_request')) return false;
    throw err;
  }
}

/**
 * `can_write` of listed items: the write decision (mayWrite) asked once per owner among them —
 * a list holds at most the global entries and the selected company's, both already readable.
 */
export async function writeDecider(
  tx: Tx,
  actor: Actor,
  d: CatalogDescriptor,
  owners: readonly (number | null)[],
): Promise<(companyId: number | null) => boolean> {
  const decided = new Map<number | null, boolean>();
  for (const owner of new Set(owners)) decided.set(owner, await mayWrite(tx, actor, d, owner));
  return (companyId) => decided.get(companyId) ?? false;
}

/**
 * Entries as the API answers them: the stored shape (toEntry, which is also what the audit keeps)
 * plus the caller's `can_write` from the write policy and, for ОКПД2, the titled path up the tree.
 */
export async function presentEntries<T>(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  view: View,
  rows: EntryListRow[],
): Promise<T[]> {
  const canWrite = await writeDecider(
    tx,
    actor,
    view.descriptor,
    rows.map((r) => r.companyId),
  );
  const paths =
    view.kind === 'okpd2'
      ? await okpd2Paths(
          tx,
          rows.map((r) => r.id),
        )
      : null;
  // only an entry the caller may change may be deleted; whether it is used is asked for those,
  // all of the page at once
  const inUse = await catalogEntriesInUse(
    deps,
    tx,
    rows.filter((r) => canWrite(r.companyId)),
  );
  return rows.map((r) =>
    toEntryItem<T>(
      r,
      { canWrite: canWrite(r.companyId), canDelete: canWrite(r.companyId) && !inUse.has(r.id) },
      paths ? (paths.get(r.id) ?? []) : null,
    ),
  );
}

export async function presentEntry<T>(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  view: View,
  row: EntryListRow,
): Promise<T> {
  const [one] = await presentEntries<T>(deps, tx, actor, view, [row]);
  return one;
}

export async function presentTariffs(tx: Tx, actor: Actor, list: Tariff[]): Promise<TariffItem[]> {
  const canWrite = await writeDecider(tx, actor, TARIFFS_CATALOG, [null]);
  return list.map((t) => toTariffItem(t, canWrite(null)));
}
