import type { Tx } from '../../db/client.js';
import { invalidFile, notFound } from '../../lib/app-error.js';
import type { UploadedFile } from '../../lib/upload.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { storeFile } from '../files/files.service.js';
import { procurementOf } from '../procurements/procurements-query.service.js';
import { offerFileType } from './nmck.policy.js';
import * as repo from './nmck.repository.js';
import { loadFor, SOURCE_NOT_FOUND, viewOf } from './nmck.service.js';

/**
 * The file of a commercial offer (docs/nmck.md «Price sources»): uploaded to the offer, stored as
 * a company file owned by it (`nmckOfferFileOwners`), replaced or detached. A detached or replaced
 * file stays stored, as other modules' detached files do.
 */

const NOT_AN_OFFER = 'Файл прикрепляется только к коммерческому предложению';

async function offerOf(tx: Tx, procurementId: number, sourceId: number) {
  const row = await repo.findSource(tx, procurementId, sourceId);
  if (!row) throw notFound(SOURCE_NOT_FOUND);
  if (row.kind !== 'offer') throw invalidFile(NOT_AN_OFFER);
  return row;
}

/**
 * Attaches (or replaces) an offer's file. The company and the offer are checked before the upload
 * is read; the type is checked (`offerFileType`) before anything is written, in one transaction.
 */
export async function attachOfferFile(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  sourceId: number,
  read: () => Promise<UploadedFile>,
) {
  await procurementOf(deps, actor, companyId, id);
  await offerOf(deps.db, id, sourceId);
  const file = await read();
  const type = offerFileType(file.name, file.data);
  if ('refusal' in type) throw invalidFile(type.refusal);
  return deps.db.transaction(async (tx) => {
    const l = await loadFor(tx, deps, actor, companyId, id);
    const row = await offerOf(tx, id, sourceId);
    const stored = await storeFile(tx, {
      companyId,
      userId: actor.userId,
      purpose: 'document',
      name: file.name,
      mime: type.mime,
      content: file.data,
    });
    await repo.setSourceFile(tx, sourceId, stored.id);
    await audit(tx, actor, {
      action: 'update',
      entity: 'nmck_source',
      entityId: sourceId,
      companyId,
      before: { file_id: row.fileId },
      after: { file_id: stored.id, name: file.name },
    });
    return viewOf(tx, l);
  });
}

/** Detaches an offer's file (404 when it has none). */
export async function removeOfferFile(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  sourceId: number,
) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const l = await loadFor(tx, deps, actor, companyId, id);
    const row = await offerOf(tx, id, sourceId);
    if (row.fileId === null) throw notFound('У коммерческого предложения нет файла');
    await repo.setSourceFile(tx, sourceId, null);
    await audit(tx, actor, {
      action: 'update',
      entity: 'nmck_source',
      entityId: sourceId,
      companyId,
      before: { file_id: row.fileId },
      after: { file_id: null },
    });
    return viewOf(tx, l);
  });
}
