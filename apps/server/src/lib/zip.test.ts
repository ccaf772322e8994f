import { crc32, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { buildZip, deflatedZeros } from '../../test/zip-bombs.js';
import { ParseError } from './parse-error.js';
import { isZip, readZipSafe } from './zip.js';

async function parseErrorOf(fn: () => Promise<unknown>): Promise<ParseError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ParseError);
    return err as ParseError;
  }
  throw new Error('expected a ParseError');
}

describe('isZip', () => {
  it('recognises ZIP magic bytes', async () => {
    expect(isZip(Buffer.from(zipSync({ 'a.txt': new Uint8Array([1]) })))).toBe(true);
    expect(isZip(buildZip([]))).toBe(true);
    expect(isZip(Buffer.from('<?xml version="1.0"?><a/>'))).toBe(false);
    expect(isZip(Buffer.from('PK'))).toBe(false);
    expect(isZip(Buffer.alloc(0))).toBe(false);
  });
});

describe('readZipSafe', () => {
  it('reads a normal archive, skipping directories and __MACOSX', async () => {
    const xml = Buffer.from('<?xml version="1.0" encoding="windows-1251"?><Файл/>'.repeat(100));
    const zip = Buffer.from(
      zipSync({
        'upd1.xml': xml,
        'папка/': {},
        'папка/упд 2.xml': new Uint8Array([1, 2, 3]),
        '__MACOSX/._upd1.xml': new Uint8Array([0]),
        'stored.txt': [Buffer.from('plain'), { level: 0 }],
      }),
    );
    const files = await readZipSafe(zip);
    expect(files.map((f) => f.name)).toEqual(['upd1.xml', 'папка/упд 2.xml', 'stored.txt']);
    expect(files[0].data.equals(xml)).toBe(true);
    expect([...files[1].data]).toEqual([1, 2, 3]);
    expect(files[2].data.toString()).toBe('plain');
  });

  it('reads an empty archive', async () => {
    expect(await readZipSafe(buildZip([]))).toEqual([]);
  });

  it('decodes CP866 names when the UTF-8 flag is not set', async () => {
    const zip = buildZip([
      { name: iconv.encode('Счёт-фактура №5.xml', 'cp866'), data: Buffer.from('a') },
      { name: 'utf8-flag-ИНН.xml', flags: 0x0800, data: Buffer.from('b') },
      { name: 'utf8-без-флага.xml', data: Buffer.from('c') },
    ]);
    expect((await readZipSafe(zip)).map((f) => f.name)).toEqual([
      'Счёт-фактура №5.xml',
      'utf8-flag-ИНН.xml',
      'utf8-без-флага.xml',
    ]);
  });

  it.each(['../evil.xml', 'a/../../evil.xml', '/etc/passwd', 'C:\\Windows\\evil.xml', '..\\evil.xml'])(
    'refuses the path traversal name %s',
    async (name) => {
      const err = await parseErrorOf(() => readZipSafe(buildZip([{ name, data: Buffer.from('x') }])));
      expect(err.message).toContain('Недопустимое имя файла в архиве');
    },
  );

  it('stops a zip bomb by the compression ratio while inflating', async () => {
    const bomb = await deflatedZeros(300);
    expect(bomb.deflated.length).toBeLessThan(1024 * 1024);
    // The header lies about the size: the limits must not trust it.
    const zip = buildZip([{ name: 'bomb.xml', deflated: bomb.deflated, crc: bomb.crc, size: 1000 }]);
    const before = process.memoryUsage().arrayBuffers;
    const err = await parseErrorOf(() => readZipSafe(zip));
    expect(err.message).toMatch(/^Файл «bomb\.xml» в архиве сжат подозрительно сильно .*зип-бомбу$/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops a zip bomb by the per-entry size when the ratio check is off', async () => {
    const bomb = await deflatedZeros(300);
    const zip = buildZip([{ name: 'bomb.xml', deflated: bomb.deflated, crc: bomb.crc, size: bomb.size }]);
    const err = await parseErrorOf(() => readZipSafe(zip, { maxRatio: Number.POSITIVE_INFINITY }));
    expect(err.message).toBe('Файл «bomb.xml» в архиве слишком велик после распаковки: больше 50 МБ');
  });

  it('accepts unbounded limits', async () => {
    const zip = Buffer.from(zipSync({ 'a.xml': Buffer.alloc(5000, 65) }));
    const inf = Number.POSITIVE_INFINITY;
    const files = await readZipSafe(zip, { maxEntryBytes: inf, maxTotalBytes: inf, maxRatio: inf });
    expect(files[0].data.length).toBe(5000);
  });

  it('limits the total size of all files', async () => {
    const data = Buffer.alloc(600 * 1024, 7);
    const zip = Buffer.from(zipSync({ 'a.bin': data, 'b.bin': data }));
    const err = await parseErrorOf(() => readZipSafe(zip, { maxTotalBytes: 1024 * 1024 }));
    expect(err.message).toBe('Архив слишком велик после распаковки: больше 1 МБ');
    expect(await readZipSafe(zip, { maxTotalBytes: 2 * 1024 * 1024 })).toHaveLength(2);
  });

  it('limits stored (uncompressed) entries too', async () => {
    const zip = buildZip([{ name: 'big.bin', data: Buffer.alloc(2048) }]);
    const err = await parseErrorOf(() => readZipSafe(zip, { maxEntryBytes: 1024 }));
    expect(err.message).toBe('Файл «big.bin» в архиве слишком велик после распаковки: больше 1 КБ');
  });

  it('refuses too many entries', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 2001; i++) files[`f${i}.xml`] = new Uint8Array([i & 0xff]);
    const zip = Buffer.from(zipSync(files, { level: 0 }));
    expect((await parseErrorOf(() => readZipSafe(zip))).message).toBe(
      'В архиве слишком много файлов: больше 2000',
    );
    expect(await readZipSafe(zip, { maxEntries: 5000 })).toHaveLength(2001);
  });

  it('refuses a truncated archive', async () => {
    const zip = Buffer.from(zipSync({ 'a.xml': Buffer.alloc(10000, 65) }));
    const err = await parseErrorOf(() => readZipSafe(zip.subarray(0, Math.floor(zip.length / 2))));
    expect(err.message).toMatch(/^Архив ZIP повреждён: не найден каталог архива/);
  });

  it('refuses damaged compressed data', async () => {
    const data = Buffer.from('Счёт-фактура '.repeat(500));
    const good = buildZip([
      { name: 'a.xml', deflated: deflateRawSync(data), crc: crc32(data), size: data.length },
    ]);
    const damaged = Buffer.from(good);
    for (let i = 40; i < 60; i++) damaged[i] ^= 0x5a;
    expect((await readZipSafe(good))[0].data.equals(data)).toBe(true);
    expect((await parseErrorOf(() => readZipSafe(damaged))).message).toMatch(/^Архив ZIP повреждён: /);
  });

  it('refuses a wrong checksum', async () => {
    const zip = buildZip([{ name: 'a.xml', data: Buffer.from('abc'), crc: 12345 }]);
    expect((await parseErrorOf(() => readZipSafe(zip))).message).toBe(
      'Архив ZIP повреждён: не совпадает контрольная сумма файла «a.xml»',
    );
  });

  it('refuses random bytes and non-ZIP input', async () => {
    const junk = Buffer.concat([
      Buffer.from('PK\x03\x04'),
      Buffer.from(Array.from({ length: 500 }, (_, i) => (i * 37) & 0xff)),
    ]);
    expect((await parseErrorOf(() => readZipSafe(junk))).message).toMatch(/^Архив ZIP повреждён/);
    expect((await parseErrorOf(() => readZipSafe(Buffer.from('hello')))).message).toBe(
      'Файл не является ZIP-архивом',
    );
  });

  it('refuses encrypted entries and unsupported methods', async () => {
    const enc = buildZip([{ name: 'a.xml', data: Buffer.from('x'), flags: 1 }]);
    expect((await parseErrorOf(() => readZipSafe(enc))).message).toBe('Архив защищён паролем (файл «a.xml»)');
    const bz = buildZip([{ name: 'a.xml', data: Buffer.from('x'), method: 12 }]);
    expect((await parseErrorOf(() => readZipSafe(bz))).message).toBe(
      'Файл «a.xml» сжат неподдерживаемым методом (12)',
    );
  });
});
