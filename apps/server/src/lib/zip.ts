import { constants as bufferConstants } from 'node:buffer';
import { crc32, inflateRawSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { ParseError } from './parse-error.js';

/**
 * A defensive ZIP reader for uploaded archives (UPD packages, bank statements).
 *
 * Zip-bomb protection does not trust any size written in the archive: the central directory is
 * used only to find the compressed bytes, and every limit is enforced on the bytes actually
 * produced. Deflated entries are inflated by zlib with `maxOutputLength`, which stops inflating
 * (chunk by chunk, inside zlib's loop) as soon as the output passes the cap, so a 300 MB bomb
 * never allocates more than the cap. The cap of an entry is the smallest of: the per-entry limit,
 * what is left of the total limit, and the compression-ratio limit for its compressed size.
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

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8 = 0x0800;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
const EXTRA_ZIP64 = 0x0001;
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

type CentralEntry = {
  rawName: Buffer;
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  localOffset: number;
  isDirectory: boolean;
};

/** Reads a 64-bit little-endian value that must fit a safe JS number. */
function readU64(buf: Buffer, at: number): number {
  const v = buf.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt('недопустимый размер или смещение');
  return Number(v);
}

function findEocd(buf: Buffer): number {
  // The EOCD record is 22 bytes plus a comment of up to 65535 bytes at the very end.
  const min = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= min; i--) {
    if (buf.readUInt32LE(i) === SIG_EOCD) return i;
  }
  return -1;
}

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

function readCentralDirectory(buf: Buffer, limits: ZipLimits): CentralEntry[] {
  const eocd = findEocd(buf);
  if (eocd < 0) throw corrupt('не найден каталог архива (архив обрезан или это не ZIP)');
  let total = buf.readUInt16LE(eocd + 10);
  let cdSize = buf.readUInt32LE(eocd + 12);
  let cdOffset = buf.readUInt32LE(eocd + 16);
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const loc = eocd - 20;
    if (loc < 0 || buf.readUInt32LE(loc) !== SIG_ZIP64_LOCATOR) throw corrupt('не найден каталог ZIP64');
    const z64 = readU64(buf, loc + 8);
    if (z64 + 56 > buf.length || buf.readUInt32LE(z64) !== SIG_ZIP64_EOCD) {
      throw corrupt('не найден каталог ZIP64');
    }
    total = readU64(buf, z64 + 32);
    cdSize = readU64(buf, z64 + 40);
    cdOffset = readU64(buf, z64 + 48);
  }
  if (cdOffset + cdSize > buf.length) throw corrupt('каталог архива выходит за конец файла');

  const entries: CentralEntry[] = [];
  let p = cdOffset;
  const end = cdOffset + cdSize;
  while (p < end) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG_CENTRAL) throw corrupt('неверная запись каталога');
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    let compressedSize = buf.readUInt32LE(p + 20);
    const uncompressed32 = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const externalAttrs = buf.readUInt32LE(p + 38);
    let localOffset = buf.readUInt32LE(p + 42);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > end) throw corrupt('неверная запись каталога');
    const rawName = buf.subarray(p + 46, p + 46 + nameLen);

    let unicodeExtra: Buffer | undefined;
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = buf.readUInt16LE(e);
      const size = buf.readUInt16LE(e + 2);
      const body = e + 4;
      if (body + size > extraEnd) break;
      if (id === EXTRA_ZIP64) {
        // Only the fields whose 32-bit value is saturated are present, in this order.
        let q = body;
        if (uncompressed32 === 0xffffffff && q + 8 <= body + size) q += 8;
        if (compressedSize === 0xffffffff && q + 8 <= body + size) {
          compressedSize = readU64(buf, q);
          q += 8;
        }
        if (localOffset === 0xffffffff && q + 8 <= body + size) localOffset = readU64(buf, q);
      } else if (id === EXTRA_UNICODE_PATH && size > 5 && buf[body] === 1) {
        unicodeExtra = buf.subarray(body + 5, body + size);
      }
      e = body + size;
    }

    const name = decodeName(rawName, flags, unicodeExtra);
    const isDirectory = name.endsWith('/') || name.endsWith('\\') || (externalAttrs & 0x10) !== 0;
    // Directories count too: the limit bounds the work spent on the directory itself.
    if (entries.length >= limits.maxEntries) {
      throw new ParseError(`В архиве слишком много файлов: больше ${limits.maxEntries}`);
    }
    entries.push({ rawName, name, flags, method, crc, compressedSize, localOffset, isDirectory });
    p = next;
  }
  if (entries.length !== total && total !== 0xffff) {
    throw corrupt(`в каталоге ${entries.length} записей вместо ${total}`);
  }
  return entries;
}

function compressedData(buf: Buffer, entry: CentralEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== SIG_LOCAL) {
    throw corrupt(`не найден заголовок файла «${entry.name}»`);
  }
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > buf.length) throw corrupt(`данные файла «${entry.name}» обрезаны`);
  return buf.subarray(start, end);
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

/**
 * Reads every file of a ZIP archive into memory with zip-bomb limits. Directories and macOS
 * metadata (`__MACOSX/`) are skipped; names with `..`, absolute paths or drive letters are
 * refused. Only stored and deflated entries are supported; encrypted archives are refused.
 * Throws ParseError with a Russian message.
 */
export function readZipSafe(buf: Buffer, limits: Partial<ZipLimits> = {}): ZipEntry[] {
  const lim: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  if (!isZip(buf)) throw new ParseError('Файл не является ZIP-архивом');
  const entries = readCentralDirectory(buf, lim);
  const out: ZipEntry[] = [];
  let total = 0;
  for (const entry of entries) {
    if (entry.isDirectory) continue;
    const name = checkName(entry.name);
    if (name.startsWith('__MACOSX/')) continue;
    if (entry.flags & FLAG_ENCRYPTED) throw new ParseError(`Архив защищён паролем (файл «${name}»)`);
    const compressed = compressedData(buf, entry);

    const caps: Cap[] = [
      { bytes: lim.maxEntryBytes, reason: 'entry' },
      { bytes: lim.maxTotalBytes - total, reason: 'total' },
    ];
    if (Number.isFinite(lim.maxRatio)) {
      caps.push({ bytes: Math.max(lim.ratioMinBytes, compressed.length * lim.maxRatio), reason: 'ratio' });
    }
    const cap = caps.reduce((a, b) => (b.bytes < a.bytes ? b : a));

    let data: Buffer;
    if (entry.method === METHOD_STORED) {
      data = Buffer.from(compressed);
    } else if (entry.method === METHOD_DEFLATE) {
      try {
        // maxOutputLength must lie in 1..MAX_LENGTH; an output above the cap is caught below.
        const maxOutputLength = Math.min(Math.max(1, cap.bytes), bufferConstants.MAX_LENGTH);
        data = inflateRawSync(compressed, { maxOutputLength });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          throw tooBig(name, cap, lim, compressed.length);
        }
        throw corrupt(`не удалось распаковать файл «${name}»`);
      }
    } else {
      throw new ParseError(`Файл «${name}» сжат неподдерживаемым методом (${entry.method})`);
    }
    if (data.length > cap.bytes) throw tooBig(name, cap, lim, compressed.length);
    if (crc32(data) !== entry.crc) throw corrupt(`не совпадает контрольная сумма файла «${name}»`);
    total += data.length;
    out.push({ name, data });
  }
  return out;
}
