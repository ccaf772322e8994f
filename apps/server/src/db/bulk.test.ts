import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness.js';
import { newCompany } from '../modules/imports/import-uploads.factories.js';
import { insertStatements, runStatements } from './bulk.js';
import { importRuns, users } from './schema/index.js';

/** Set-based inserts: values as array literals must come back exactly as given. */
const t = testAppForFile();

describe('insertStatements', () => {
  it('round-trips text that array literals treat specially, nulls, numbers and jsonb', async () => {
    const db = t.app.deps.db;
    const company = await newCompany(t, 'ООО «Массивы»');
    const [admin] = await db.select().from(users).where(eq(users.login, 'admin@demo.local'));
    const awkward = [
      'кавычки "внутри" и \\ обратная черта',
      '{фигурные, скобки}',
      'NULL',
      '',
      '   ',
      'строка\nс переводом\tи табуляцией',
      'запятая, и "{"',
      '\\"',
    ];
    const rows = awkward.map((name, i) => ({
      companyId: company,
      userId: admin.id,
      kind: 'payments' as const,
      uploadFileName: name,
      fileIds: [i, i + 1],
      fileSha256: `sha-${i}`,
      error: i % 2 ? null : name,
      params: { note: name, empty: null },
      progress: i,
    }));
    await runStatements(db, insertStatements(importRuns, rows));
    const stored = await db
      .select({
        name: importRuns.uploadFileName,
        fileIds: importRuns.fileIds,
        error: importRuns.error,
        params: importRuns.params,
        progress: importRuns.progress,
      })
      .from(importRuns)
      .where(eq(importRuns.companyId, company))
      .orderBy(importRuns.progress);
    expect(stored).toEqual(
      rows.map((r) => ({
        name: r.uploadFileName,
        fileIds: r.fileIds,
        error: r.error,
        params: r.params,
        progress: r.progress,
      })),
    );
  });

  it('leaves out a column null in every row: it is stored as null', async () => {
    const db = t.app.deps.db;
    const company = await newCompany(t, 'ООО «Пустые столбцы»');
    const [admin] = await db.select().from(users).where(eq(users.login, 'admin@demo.local'));
    const rows = [1, 2].map((i) => ({
      companyId: company,
      userId: admin.id,
      kind: 'payments' as const,
      uploadFileName: `f${i}`,
      fileIds: [],
      fileSha256: 'x',
      error: null,
    }));
    const [statement] = insertStatements(importRuns, rows);
    expect(new PgDialect().sqlToQuery(statement).sql).not.toContain('"error"');
    await runStatements(db, [statement]);
    const stored = await db.select().from(importRuns).where(eq(importRuns.companyId, company));
    expect(stored.map((r) => [r.uploadFileName, r.error])).toEqual([
      ['f1', null],
      ['f2', null],
    ]);
  });

  it('makes one statement per 20 000 rows', () => {
    const rows = Array.from({ length: 20_001 }, () => ({
      companyId: 1,
      userId: 1,
      kind: 'payments' as const,
    }));
    expect(insertStatements(importRuns, rows as never)).toHaveLength(2);
  });
});
