import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { cleanFileName } from '../../lib/file-name.js';
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

/** The uploaded file with its name, read once however often it is asked for. */
export function uploadFile(
  req: FastifyRequest,
  limit: number,
): () => Promise<{ name: string; data: Buffer }> {
  let read: Promise<{ name: string; data: Buffer }> | null = null;
  return () => {
    read ??= (async () => {
      if (!req.isMultipart())
        throw new AppError('unsupported_media_type', 'Загрузите файл XLSX как multipart/form-data');
      const part = await req.file({ limits: { fileSize: limit, files: 1 } });
      if (!part) throw new AppError('invalid_file', 'Прикрепите файл XLSX');
      return { name: cleanFileName(part.filename, 'file.xlsx'), data: await part.toBuffer() };
    })();
    return read;
  };
}
