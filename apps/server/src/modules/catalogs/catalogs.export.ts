import type { FastifyReply } from 'fastify';
import type { Actor, AppDeps } from '../../types.js';
import { assertMayReadCompany } from './catalog-access.service.js';
import { toEntry, type View } from './catalog-kinds.js';
import { assertMayOpen } from './catalogs.policy.js';
import { listEntries } from './catalogs.repository.js';
import { type CatalogQuery, filterOf } from './catalogs.service.js';
import { contentDisposition, writeCatalogXlsx, XLSX_TYPE } from './catalogs.xlsx.js';

/** XLSX of a catalogue view with the list's filters and order, without paging. */
export async function exportCatalog(
  deps: AppDeps,
  actor: Actor,
  view: View,
  q: CatalogQuery,
): Promise<Buffer> {
  const { db } = deps;
  assertMayOpen(actor, view.descriptor);
  if (q.company_id) await assertMayReadCompany(db, actor, view.descriptor, q.company_id);
  const { rows } = await listEntries(db, view, filterOf(view, q), null);
  return writeCatalogXlsx(
    view.descriptor,
    rows.map((r) => toEntry<Record<string, unknown>>(r)),
    { owner: view.descriptor.company_entries },
  );
}

export function sendXlsx(reply: FastifyReply, title: string, buf: Buffer) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(title))
    .send(buf);
}
