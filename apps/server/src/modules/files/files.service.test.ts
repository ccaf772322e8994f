import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { readFiles, storeFile } from './files.service.js';
import { RecentFiles } from './recent-files.js';

const t = testAppForFile();

const store = (name: string, content: Buffer) =>
  storeFile(t.app.deps.db, {
    companyId: null,
    userId: null,
    purpose: 'import',
    name,
    mime: 'text/plain',
    content,
  });

describe('readFiles', () => {
  it('reads the files in the order asked, those kept in memory from there and the rest from the database', async () => {
    // bytes a text conversion would spoil: every byte value and a zero
    const a = Buffer.from([...Array(256).keys()]);
    const b = Buffer.from('Платёжное поручение', 'utf8');
    const fa = await store('a.bin', a);
    const fb = await store('b.txt', b);
    const recent = new RecentFiles({ budget: 1024, ttlMs: 60_000 });
    recent.put({ ...fb, content: b });
    const read = await readFiles(t.app.deps.db, [fb.id, fa.id], recent);
    expect(read.map((f) => f.name)).toEqual(['b.txt', 'a.bin']);
    expect(read[0].content).toBe(b);
    expect(read[1].content.equals(a)).toBe(true);
    expect(read[1]).toMatchObject({ size: 256, sha256: fa.sha256, mime: 'text/plain' });
    expect(recent.size).toBe(0);
    // taken once: the next read goes to the database
    const again = await readFiles(t.app.deps.db, [fb.id], recent);
    expect(again[0].content).not.toBe(b);
    expect(again[0].content.equals(b)).toBe(true);
  });

  it('a missing file is an error', async () => {
    await expect(readFiles(t.app.deps.db, [2_000_000_000])).rejects.toThrow(/2000000000 is missing/);
  });
});
