import type { FileMeta } from '@zakupki/shared';
import { notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { companyIdsFor } from '../access/access.service.js';
import { resolveFileOwners } from './file-owners.js';
import { BUILT_IN_FILE_OWNERS } from './file-owners.repository.js';
import { mayReadFile } from './files.policy.js';
import { toFileMeta } from './files.presenter.js';
import { companyTitle, findFileMeta, findFilesMeta } from './files.repository.js';
import { assertFileReadable, FILE_NOT_FOUND } from './files.service.js';

/**
 * The file page's data (GET /api/files/{id}/meta): the file after the same access check as its
 * download, what it belongs to (among the companies the actor may act for) and the other
 * versions of the same document the actor may read, newest first.
 */
export async function fileMeta(deps: AppDeps, actor: Actor, id: number): Promise<FileMeta> {
  const { db } = deps;
  const row = await findFileMeta(db, id);
  if (!row) throw notFound(FILE_NOT_FOUND);
  await assertFileReadable(db, actor, row);
  const companyIds = await companyIdsFor(db, actor);
  const owner = (
    await resolveFileOwners([...BUILT_IN_FILE_OWNERS, ...deps.declared.fileOwners], db, [id], { companyIds })
  ).get(id);
  const others = (owner?.versions ?? []).filter((v) => v !== id);
  const versions = (await findFilesMeta(db, others))
    .filter((f) => mayReadFile(actor, f, companyIds))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  let company: { id: number; title: string } | null = null;
  if (row.companyId !== null) company = { id: row.companyId, title: row.companyTitle ?? '' };
  else if (owner?.companyId != null) {
    // a personal file (a shared DOCX template) shows the company of its owner in scope
    const title = await companyTitle(db, owner.companyId);
    if (title !== null) company = { id: owner.companyId, title };
  }
  return toFileMeta(row, owner, company, versions);
}
