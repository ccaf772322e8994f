import type { FileMeta, FileVersion } from '@zakupki/shared';
import type { ResolvedFileOwner } from './file-owners.js';
import { mayShowInline, typeTitle } from './files.policy.js';
import type { FileMetaRow } from './files.repository.js';

export const toFileVersion = (r: FileMetaRow): FileVersion => ({
  id: r.id,
  name: r.name,
  size: r.size,
  created_at: r.createdAt.toISOString(),
});

export function toFileMeta(
  r: FileMetaRow,
  owner: ResolvedFileOwner | undefined,
  company: { id: number; title: string } | null,
  versions: FileMetaRow[],
): FileMeta {
  return {
    id: r.id,
    name: r.name,
    size: r.size,
    mime: r.mime,
    type_title: typeTitle(r.mime, r.name),
    inline: mayShowInline(r.mime),
    created_at: r.createdAt.toISOString(),
    created_by: r.userId !== null ? { id: r.userId, title: r.userTitle ?? '' } : null,
    company,
    owner: owner
      ? { kind: owner.kind, kind_title: owner.kind_title, id: owner.id, title: owner.title, link: owner.link }
      : null,
    versions: versions.map(toFileVersion),
  };
}
