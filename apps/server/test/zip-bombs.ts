import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';

/** Hand-built ZIP archives of the zip tests and the DOCX bomb tests. */

export type RawEntry = {
  name: string | Buffer;
  data?: Buffer;
  /** Pre-compressed deflate stream (then `size` and `crc` describe the original). */
  deflated?: Buffer;
  size?: number;
  crc?: number;
  flags?: number;
  method?: number;
};

/** Builds a ZIP by hand so the tests control flags, names and the sizes written in headers. */
export function buildZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : e.name;
    const method = e.method ?? (e.deflated ? 8 : 0);
    const body = e.deflated ?? e.data ?? Buffer.alloc(0);
    const size = e.size ?? e.data?.length ?? 0;
    const crc = e.crc ?? crc32(e.data ?? Buffer.alloc(0));
    const flags = e.flags ?? 0;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** Deflates `mb` megabytes of zeros as a stream: the zeros are never held in memory at once. */
export async function deflatedZeros(mb: number): Promise<{ deflated: Buffer; crc: number; size: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let i = 0; i < mb; i++) crc = crc32(chunk, crc);
  const out: Buffer[] = [];
  const deflate = createDeflateRaw({ level: 9 });
  deflate.on('data', (b: Buffer) => out.push(b));
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < mb; i++) yield chunk;
      })(),
    ),
    deflate,
  );
  return { deflated: Buffer.concat(out), crc, size: (mb * 1024 * 1024) >>> 0 };
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>';

/** A DOCX whose `word/document.xml` inflates to `mb` megabytes (of zeros): a template bomb. */
export async function inflatingDocx(mb: number): Promise<Buffer> {
  const types = Buffer.from(CONTENT_TYPES);
  const bomb = await deflatedZeros(mb);
  return buildZip([
    { name: '[Content_Types].xml', data: types },
    { name: 'word/document.xml', deflated: bomb.deflated, crc: bomb.crc, size: bomb.size },
  ]);
}

/** A DOCX of `parts` small parts besides its document. */
export function manyPartsDocx(parts: number): Buffer {
  const doc = Buffer.from('<w:document><w:body/></w:document>');
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: 'word/document.xml', data: doc },
    ...Array.from({ length: parts }, (_, i) => ({ name: `word/media/p${i}.xml`, data: Buffer.from('<a/>') })),
  ]);
}
