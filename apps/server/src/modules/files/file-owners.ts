import type { FileOwner } from '@zakupki/shared';
import type { Db } from '../../db/client.js';

/**
 * What a stored file belongs to: each module that keeps file ids in its tables has a resolver,
 * and the file page asks them all (`resolveFileOwners`). The resolvers of the rule versions,
 * documents rules, imports and reports live in `file-owners.repository.ts`; a module above
 * declares its own (`fileOwners` of `defineModule`, collected into `deps.declared.fileOwners`).
 */

/** An owner found by a resolver: the API shape, the owner's company and the other versions. */
export type ResolvedFileOwner = FileOwner & {
  /** the owner's company (null: no company, e.g. an import into a global catalogue) */
  companyId: number | null;
  /**
   * Ids of the other files of the same logical document (other versions of the same Положение,
   * the templates of the same document in other versions of the rule, the same report made
   * again), newest first; the file itself may be among them. Each is checked for access again.
   */
  versions?: number[];
};

/** Whose owners may be named: the companies the actor may act for (null: every company). */
export type FileOwnerScope = { companyIds: number[] | null };

/**
 * Finds the owners of some files: one owner per file it knows, only owners in `scope` (an owner
 * in a company the actor may not act for is left out, so its title cannot leak through a file
 * shared by content hash).
 */
export type FileOwnerResolver = (
  db: Db,
  fileIds: number[],
  scope: FileOwnerScope,
) => Promise<Map<number, ResolvedFileOwner>>;

/** The owner of each file: the first resolver (in the given order) that knows it wins. */
export async function resolveFileOwners(
  resolvers: readonly FileOwnerResolver[],
  db: Db,
  fileIds: number[],
  scope: FileOwnerScope,
): Promise<Map<number, ResolvedFileOwner>> {
  const out = new Map<number, ResolvedFileOwner>();
  if (fileIds.length === 0) return out;
  const found = await Promise.all(resolvers.map((r) => r(db, fileIds, scope)));
  for (const owners of found) {
    for (const [fileId, owner] of owners) if (!out.has(fileId)) out.set(fileId, owner);
  }
  return out;
}
