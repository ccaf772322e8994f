import { type CatalogDescriptor, mayOpenCatalog, mayWriteGlobalCatalog } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../types.js';
import { requireCompany } from '../access/access.service.js';

/** docs/product.md §2/§6: staff catalogues refuse clients, tariffs everyone but the admin. */
export function assertMayOpen(actor: Actor, d: CatalogDescriptor) {
  if (mayOpenCatalog(actor.role, d.access)) return;
  throw new AppError(
    'forbidden',
    d.access === 'admin'
      ? `Справочник «${d.title}» доступен только администратору`
      : `Справочник «${d.title}» доступен только сотрудникам`,
  );
}

/**
 * May the actor list the company's entries? Tenancy first: another company answers 404 (and is
 * audited) through requireCompany, called explicitly: catalogue routes name the company in their
 * query or body, not in the path, so no route declaration gates them.
 */
export async function assertMayReadCompany(db: Tx, actor: Actor, d: CatalogDescriptor, companyId: number) {
  assertMayOpen(actor, d);
  await requireCompany(db, actor, companyId);
}

/**
 * May the actor write an entry owned by `companyId` (null: a global entry)?
 * Global entries: admin and specialists (tariffs: admin). Company entries: staff with
 * catalogs.write in that company; a client only where the catalogue lets clients write (places of
 * delivery) and only for its own company. The company comes from a query, a body or the entry:
 * the explicit company check (requireCompany) runs here, not a route declaration.
 */
export async function assertMayWrite(db: Tx, actor: Actor, d: CatalogDescriptor, companyId: number | null) {
  assertMayOpen(actor, d);
  if (companyId === null) {
    if (d.kind === 'tariff' ? actor.role === 'admin' : mayWriteGlobalCatalog(actor.role)) return;
    throw new AppError(
      'forbidden',
      `Общие записи справочника «${d.title}» изменяют только администратор и специалисты`,
    );
  }
  if (!d.company_entries)
    throw new AppError('bad_request', `В справочнике «${d.title}» нет записей отдельных компаний`);
  if (actor.role === 'client') {
    await requireCompany(db, actor, companyId);
    if (!d.client_writes)
      throw new AppError('forbidden', `Записи справочника «${d.title}» изменяют только сотрудники`);
    return;
  }
  await requireCompany(db, actor, companyId, 'catalogs.write');
}

/** The same decision without throwing 403 (XLSX import marks the rows instead); 404 still throws. */
export async function mayWrite(db: Tx, actor: Actor, d: CatalogDescriptor, companyId: number | null) {
  try {
    await assertMayWrite(db, actor, d, companyId);
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
  db: Tx,
  actor: Actor,
  d: CatalogDescriptor,
  owners: readonly (number | null)[],
): Promise<(companyId: number | null) => boolean> {
  const decided = new Map<number | null, boolean>();
  for (const owner of new Set(owners)) decided.set(owner, await mayWrite(db, actor, d, owner));
  return (companyId) => decided.get(companyId) ?? false;
}
