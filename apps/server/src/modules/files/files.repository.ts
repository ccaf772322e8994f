import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, files, users } from '../../db/schema/index.js';
import { idIn } from './file-owners.js';

/** A stored file without its content, with who stored it and its company (the file page). */
export type FileMetaRow = {
  id: number;
  companyId: number | null;
  userId: number | null;
  name: string;
  mime: string;
  size: number;
  createdAt: Date;
  userTitle: string | null;
  companyTitle: string | null;
};

const META_ROW = {
  id: files.id,
  companyId: files.companyId,
  userId: files.userId,
  name: files.name,
  mime: files.mime,
  size: files.size,
  createdAt: files.createdAt,
  userTitle: users.title,
  companyTitle: sql<
    string | null
  >`coalesce(${companies.title}, ${companies.fullTitle}, 'ИНН ' || ${companies.inn})`,
};

const metaSelect = (db: Db) =>
  db
    .select(META_ROW)
    .from(files)
    .leftJoin(users, eq(users.id, files.userId))
    .leftJoin(companies, eq(companies.id, files.companyId));

export async function findFileMeta(db: Db, id: number): Promise<FileMetaRow | undefined> {
  const [row] = await metaSelect(db).where(eq(files.id, id));
  return row;
}

export async function findFilesMeta(db: Db, ids: number[]): Promise<FileMetaRow[]> {
  if (ids.length === 0) return [];
  return metaSelect(db).where(idIn(files.id, ids)).orderBy(asc(files.id));
}

/** The title of a company (an owner's, for a file of no company). */
export async function companyTitle(db: Db, id: number): Promise<string | null> {
  const [row] = await db.select({ title: META_ROW.companyTitle }).from(companies).where(eq(companies.id, id));
  return row?.title ?? null;
}
