import { constants as bufferConstants } from 'node:buffer';
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import iconv from 'iconv-lite';
import yauzl from 'yauzl';
import { ParseError } from './parse-error.js';

/**
 * A defensive ZIP reader for uploaded archives (UPD packages, bank statements, XLSX workbooks),
 * on top of yauzl (which reads the central directory, ZIP64 included, and inflates each entry as
 * a stream).
 *
 * Zip-bomb protection does not trust any size written in the archive: yauzl's own check of the
 * declared sizes is off (`validateEntrySizes: false`, so a lying header is named as a bomb, not as
 * damage), and every limit is enforced here on the bytes actually inflated, chunk by chunk: the
 * stream is destroyed as soon as an entry passes its cap, so a 300 MB bomb never holds more than
 * the cap and one chunk. The cap of an entry is the smallest of: the per-entry limit, what is left
 * of the total limit, and the compression-ratio limit for its compressed size. yauzl does not check
 * CRC-32: it is computed here over the inflated bytes. File names are decoded here too
 * (`decodeStrings: false`): yauzl would read names without the UTF-8 flag as CP437, but Russian
 * Windows archivers write CP866.
 */
export type ZipLimits = {
  /** Most entries (files and directories) an archive may hold. */
  maxEntries: number;
  /** Most bytes one file may have after decompression. */
  maxEntryBytes: number;
  /** Most bytes all files together may have after decompression. */
  maxTotalBytes: number;
  /** Highest allowed ratio of decompressed to compressed size of one file... */
  maxRatio: number;
  /** ...checked only once the file is bigger than this (small files compress very well). */
  ratioMinBytes: number;
};

export type ZipEntry = { name: string; data: Buffer };

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2000,
  maxEntryBytes: 50 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  ratioMinBytes: 1024 * 1024,
};

const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8 = 0x0800;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const EXTRA_UNICODE_PATH = 0x7075;

/** True when the buffer starts like a ZIP archive (local file header or an empty archive). */
export function isZip(buf: Buffer): boolean {
  if (buf.length < 4 || buf[0] !== 0x50 || buf[1] !== 0x4b) return false;
  return (buf[2] === 0x03 && buf[3] === 0x04) || (buf[2] === 0x05 && buf[3] === 0x06);
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} МБ`;
  if (n >= 1024) return `${Math.round(n / 1024)} КБ`;
  return `${n} Б`;
}

const corrupt = (detail: string) => new ParseError(`Архив ZIP повреждён: ${detail}`);

function isValidUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * File names: UTF-8 when the archiver says so (flag bit 11 or the Info-ZIP Unicode Path extra
 * field); otherwise Windows archivers (Explorer, old WinRAR/7-Zip) write the OEM code page,
 * which is CP866 for Russian. Names that are valid non-ASCII UTF-8 without the flag (macOS,
 * Linux) are taken as UTF-8: CP866 Cyrillic is practically never valid UTF-8.
 */
function decodeName(raw: Buffer, flags: number, unicodeExtra: Buffer | undefined): string {
  if (flags & FLAG_UTF8) return raw.toString('utf8');
  if (unicodeExtra) return unicodeExtra.toString('utf8');
  if (raw.every((b) => b < 0x80)) return raw.toString('latin1');
  if (isValidUtf8(raw)) return raw.toString('utf8');
  return iconv.decode(raw, 'cp866');
}

function checkName(name: string): string {
  const normalized = name.replace(/\\/g, '/');
  const parts = normalized.split('/');
  if (
    normalized.startsWith('/') ||
    /^[a-zA-Z]:/.test(normalized) ||
    normalized.includes('\0') ||
    parts.some((p) => p === '..')
  ) {
    throw new ParseError(`Недопустимое имя файла в архиве: «${name}»`);
  }
  return normalized;
}

type Cap = { bytes: number; reason: 'entry' | 'total' | 'ratio' };

function tooBig(name: string, cap: Cap, limits: ZipLimits, compressed: number): ParseError {
  switch (cap.reason) {
    case 'total':
      return new ParseError(
        `Архив слишком велик после распаковки: больше ${formatBytes(limits.maxTotalBytes)}`,
      );
    case 'ratio':
      return new ParseError(
        `Файл «${name}» в архиве сжат подозрительно сильно (${formatBytes(compressed)} в архиве, ` +
          `степень сжатия больше ${limits.maxRatio}) — похоже на зип-бомбу`,
      );
    default:
      return new ParseError(
        `Файл «${name}» в архиве слишком велик после распаковки: больше ${formatBytes(limits.maxEntryBytes)}`,
      );
  }
}

/** yauzl's messages of a damaged archive, in Russian for the user. */
function damaged(err: unknown): ParseError {
  const m = err instanceof Error ? err.message : String(err);
  if (/end of central directory record signature not found/i.test(m))
    return corrupt('не найден каталог архива (архив обрезан или это не ZIP)');
  if (/expected zip64 extended information extra field|zip64 end of central directory/i.test(m))
    return corrupt('не найден каталог ZIP64');
  if (/invalid central directory file header signature|central directory record/i.test(m))
    return corrupt('неверная запись каталога');
  if (/invalid local file header signature/i.test(m)) return corrupt('не найден заголовок файла');
  if (/unexpected EOF|file data overflows file bounds|past end of file|out of range/i.test(m))
    return corrupt('данные архива выходят за конец файла');
  if (/zip64|too large|safe integer/i.test(m)) return corrupt('недопустимый размер или смещение');
  return corrupt('неверная структура архива');
}

const openZip = (buf: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buf,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, strictFileNames: false },
      (err, zip) => (err ? reject(damaged(err)) : resolve(zip)),
    ),
  );

/** Every entry of the central directory, refusing more than `maxEntries` (directories count). */
function listEntries(zip: yauzl.ZipFile, maxEntries: number): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      // directories count too: the limit bounds the work spent on the directory itself
      if (entries.length >= maxEntries) {
        zip.close();
        reject(new ParseError(`В архиве слишком много файлов: больше ${maxEntries}`));
        return;
      }
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err) => reject(damaged(err)));
    zip.readEntry();
  });
}

const openStream = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))),
  );

/**
 * One entry's bytes, inflated under `cap`: the stream is destroyed at the first chunk past it.
 * Resolves with the data, or with null when the cap was passed.
 */
async function inflateCapped(zip: yauzl.ZipFile, entry: yauzl.Entry, cap: number, name: string) {
  let stream: Readable;
  try {
    stream = await openStream(zip, entry);
  } catch {
    throw corrupt(`не найден заголовок файла «${name}»`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let crc = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > cap) {
        stream.destroy();
        return null;
      }
      crc = crc32(chunk, crc);
      chunks.push(chunk);
    }
  } catch {
    throw corrupt(`не удалось распаковать файл «${name}»`);
  }
  return { data: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size), crc };
}

const unicodePath = (entry: yauzl.Entry): Buffer | undefined => {
  const f = entry.extraFields.find(
    (x) => x.id === EXTRA_UNICODE_PATH && x.data.length > 5 && x.data[0] === 1,
  );
  return f?.data.subarray(5);
};

/**
 * Reads every file of a ZIP archive into memory with zip-bomb limits. Directories and macOS
 * metadata (`__MACOSX/`) are skipped; names with `..`, absolute paths or drive letters are
 * refused. Only stored and deflated entries are supported; encrypted archives are refused.
 * Rejects with ParseError with a Russian message.
 */
export async function readZipSafe(buf: Buffer, limits: Partial<ZipLimits> = {}): Promise<ZipEntry[]> {
  const lim: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  if (!isZip(buf)) throw new ParseError('Файл не является ZIP-архивом');
  const zip = await openZip(buf);
  try {
    const entries = await listEntries(zip, lim.maxEntries);
    const out: ZipEntry[] = [];
    let total = 0;
    for (const entry of entries) {
      const raw = entry.fileName as unknown as Buffer;
      const flags = entry.generalPurposeBitFlag;
      const decoded = decodeName(raw, flags, unicodePath(entry));
      if (decoded.endsWith('/') || decoded.endsWith('\\') || (entry.externalFileAttributes & 0x10) !== 0)
        continue;
      const name = checkName(decoded);
      if (name.startsWith('__MACOSX/')) continue;
      if (flags & FLAG_ENCRYPTED) throw new ParseError(`Архив защищён паролем (файл «${name}»)`);
      if (entry.compressionMethod !== METHOD_STORED && entry.compressionMethod !== METHOD_DEFLATE)
        throw new ParseError(`Файл «${name}» сжат неподдерживаемым методом (${entry.compressionMethod})`);
      if (entry.relativeOffsetOfLocalHeader + entry.compressedSize > buf.length)
        throw corrupt(`данные файла «${name}» обрезаны`);

      const caps: Cap[] = [
        { bytes: lim.maxEntryBytes, reason: 'entry' },
        { bytes: lim.maxTotalBytes - total, reason: 'total' },
      ];
      if (Number.isFinite(lim.maxRatio)) {
        caps.push({
          bytes: Math.max(lim.ratioMinBytes, entry.compressedSize * lim.maxRatio),
          reason: 'ratio',
        });
      }
      const cap = caps.reduce((a, b) => (b.bytes < a.bytes ? b : a));
      const got = await inflateCapped(zip, entry, Math.min(cap.bytes, bufferConstants.MAX_LENGTH), name);
      if (!got) throw tooBig(name, cap, lim, entry.compressedSize);
      if (got.crc !== entry.crc32) throw corrupt(`не совпадает контрольная сумма файла «${name}»`);
      total += got.data.length;
      out.push({ name, data: got.data });
    }
    return out;
  } finally {
    zip.close();
  }
}
