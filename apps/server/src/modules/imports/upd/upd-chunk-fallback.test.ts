import { and, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { updDocuments, updLines } from '../../../db/schema/index.js';
import { fixture, importAs } from '../import-uploads.factories.js';
import { addCustomer } from '../imports.factories.js';

// the chunk's insert fails once, as a statement of a chunk may: the chunk is then written file by file
const failures = vi.hoisted(() => ({ left: 1, calls: 0 }));
vi.mock('./upd-chunk.repository.js', async (original) => {
  const actual = await original<typeof import('./upd-chunk.repository.js')>();
  return {
    ...actual,
    insertChunk: async (...args: Parameters<typeof actual.insertChunk>) => {
      failures.calls++;
      await actual.insertChunk(...args);
      if (failures.left-- > 0) throw new Error('a statement of the chunk failed');
    },
  };
});

const t = testAppForFile();
let company: number;

beforeAll(async () => {
  company = t.ids.companies.client1;
  await addCustomer(t, company, '7805781663');
});

describe('a chunk whose statement fails is written file by file', () => {
  it('nothing of the failed chunk stays; every file is stored once, with its own outcome', async () => {
    const xml = iconv.decode(fixture('upd', 'vscherbo__example-upd_5.03.xml'), 'win1251');
    const files: Record<string, Uint8Array> = {};
    for (const n of ['Ф-1', 'Ф-2', 'Ф-3'])
      files[`${n}.xml`] = new Uint8Array(
        iconv.encode(xml.replace('<СвСчФакт НомерДок="1"', `<СвСчФакт НомерДок="${n}"`), 'win1251'),
      );
    const run = await importAs(t, {
      company,
      kind: 'upd',
      files: [{ name: 'откат.zip', data: Buffer.from(zipSync(files)) }],
      as: 'client',
    });
    expect(failures.calls).toBe(1);
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.result.created).toBe(3);
    expect(run.files.map((f: { status: string }) => f.status)).toEqual(['done', 'done', 'done']);
    const stored = await t.app.deps.db
      .select({ id: updDocuments.id, number: updDocuments.number })
      .from(updDocuments)
      .where(and(eq(updDocuments.companyId, company), eq(updDocuments.importId, run.id)));
    // the rows the failed chunk inserted were rolled back with its savepoint: each document once
    expect(stored.map((d) => d.number).sort()).toEqual(['Ф-1', 'Ф-2', 'Ф-3']);
    expect(stored.map((d) => d.id).sort()).toEqual(
      run.result.documents.map((d: { id: number | null }) => d.id).sort(),
    );
    for (const d of stored) {
      const lines = await t.app.deps.db.select().from(updLines).where(eq(updLines.documentId, d.id));
      expect(lines).toHaveLength(2);
    }
  });
});
