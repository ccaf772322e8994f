import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { denyAndAudit, requireCompany } from '../access/access.service.js';
import {
  deleteFileRows,
  type FilePurpose,
  findFilesWithContent,
  findFileWithContent,
  insertFile,
  type StoredFile,
  type StoredFile64,
} from './files.repository.js';
import type { RecentFiles } from './recent-files.js';

export type { FilePurpose, StoredFile };

export type FileContent = StoredFile & { content: Buffer };

function withContent({ content64, ...meta }: StoredFile64): FileContent {
  return { ...meta, content: Buffer.from(content64, 'base64') };
}

export const sha256Of = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** Stores a file (an upload, a generated report) in the caller's transaction. */
export async function storeFile(
  tx: Tx,
  f: {
    companyId: number | null;
    userId: number | null;
    purpose: FilePurpose;
    name: string;
    mime: string;
    content: Buffer;
  },
): Promise<StoredFile> {
  return insertFile(tx, {
    companyId: f.companyId,
    userId: f.userId,
    purpose: f.purpose,
    name: f.name,
    mime: f.mime,
    size: f.content.length,
    sha256: sha256Of(f.content),
    content: f.content,
  });
}

/** Deletes stored files (an import's refused uploads) in the caller's transaction. */
export async function deleteFiles(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length > 0) await deleteFileRows(tx, ids);
}

/**
 * Files with their content, in the order of `ids` (jobs read their uploads with it): those this
 * process has just stored from `recent`, the others from the database. Runs in the caller's
 * transaction (`tx`) or on the pool.
 */
export async function readFiles(tx: Tx, ids: number[], recent?: RecentFiles): Promise<FileContent[]> {
  const byId = new Map<number, FileContent>();
  for (const id of ids) {
    const kept = recent?.take(id);
    if (kept) byId.set(id, kept);
  }
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    for (const r of await findFilesWithContent(tx, missing)) byId.set(r.id, withContent(r));
  }
  return ids.map((id) => {
    const file = byId.get(id);
    if (!file) throw new Error(`Stored file ${id} is missing`);
    return file;
  });
}

export const FILE_NOT_FOUND = 'Файл не найден';

/**
 * The access check of a file (its download and its page): a company's file needs the actor to act
 * for that company, a personal file (no company) its owner or an admin. Otherwise 404, the same
 * as a missing file, and an audit entry. Runs in the caller's request, like `requireCompany`
 * (on the pool, outside any write transaction): it keeps `db` first.
 */
export async function assertFileReadable(
  db: Db,
  actor: Actor,
  file: { id: number; companyId: number | null; userId: number | null },
): Promise<void> {
  if (file.companyId !== null) {
    // not company-scoped by path: the company is learnt from the file, so the explicit check
    // (a foreign file answers like a missing one)
    await requireCompany(db, actor, file.companyId, undefined, FILE_NOT_FOUND);
  } else if (file.userId !== actor.userId && actor.role !== 'admin') {
    await denyAndAudit(db, actor, 'file', file.id, null, FILE_NOT_FOUND);
  }
}

/** A file for download after the access check (`assertFileReadable`). */
export async function fileForActor(deps: AppDeps, actor: Actor, id: number): Promise<FileContent> {
  const found = await findFileWithContent(deps.db, id);
  if (!found) throw notFound(FILE_NOT_FOUND);
  const row = withContent(found);
  await assertFileReadable(deps.db, actor, row);
  return row;
}

export { contentDisposition } from './files.policy.js';
