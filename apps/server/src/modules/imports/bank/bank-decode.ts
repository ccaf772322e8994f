import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import iconv from 'iconv-lite';
import { ParseError } from '../../../lib/parse-error.js';
import { utf16WithoutBom } from '../../../lib/utf16.js';
import type { BankFileEncoding } from './bank.types.js';

/** Largest bank file we accept. A year of statements of a busy account stays well below it. */
export const MAX_BANK_FILE_BYTES = 64 * 1024 * 1024;

const SIGNATURE = '1CClientBankExchange';
const LF = 0x0a;
const CR = 0x0d;

/** The lines of a decoded file, one at a time, without their terminators. */
export type BankLines = {
  /** The next line, or null at the end (a terminator after the last line opens no new line). */
  next(): string | null;
  /** Lines given out so far: the number of the last one. */
  readonly count: number;
  /** Share of the file given out, 0..1. */
  readonly progress: number;
};

export type DecodedBankText = {
  lines: BankLines;
  encoding: BankFileEncoding;
  /** 1-based numbers of lines decoded as UTF-8 inside a single-byte file. */
  mixedEncodingLines: number[];
};

/**
 * Decodes a 1CClientBankExchange file by its content, whatever its `Кодировка` key says:
 * UTF-8 when the bytes are valid UTF-8, otherwise windows-1251 or cp866 by which one yields
 * Russian letters. Lines that are valid UTF-8 with Cyrillic inside a single-byte file (an editor
 * appended them) are decoded as UTF-8 one by one. Refuses anything whose first line is not the
 * format's signature before looking at the rest, so a large binary upload fails at once.
 */
export function decodeBankFile(input: Buffer): DecodedBankText {
  if (input.length > MAX_BANK_FILE_BYTES) {
    throw new ParseError(
      `Файл слишком большой для выписки 1С (${Math.round(input.length / 1048576)} МБ, допускается не более ${MAX_BANK_FILE_BYTES / 1048576} МБ)`,
    );
  }
  let buf = input;
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    buf = buf.subarray(3);
  } else if (
    buf.length >= 2 &&
    ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))
  ) {
    const text = iconv.decode(buf, buf[0] === 0xff ? 'utf-16le' : 'utf-16be');
    buf = Buffer.from(text, 'utf8');
  } else {
    const utf16 = utf16WithoutBom(buf);
    if (utf16) buf = Buffer.from(iconv.decode(buf, utf16), 'utf8');
  }
  const separator = buf.includes(LF) ? LF : CR;
  checkSignature(buf, separator);
  if (looksBinary(buf)) {
    throw new ParseError('Файл содержит двоичные данные и не является выпиской 1С');
  }

  if (isUtf8(buf)) {
    return {
      lines: new BlockLines(buf, separator, (b) => b.toString('utf8')),
      encoding: 'utf-8',
      mixedEncodingLines: [],
    };
  }

  // Single-byte body: find UTF-8 lines first, judge the rest by letter frequency.
  const utf8Lines = utf8LinesIn(buf, separator);
  const encoding = guessSingleByte(singleByteSample(buf, separator, utf8Lines));
  const decoder = SINGLE_BYTE[encoding];
  const lines =
    utf8Lines.size === 0
      ? new BlockLines(buf, separator, (b) => decoder.decode(b))
      : new ListedLines(
          splitLines(buf, separator).map((line, i) =>
            utf8Lines.has(i) ? line.toString('utf8') : decoder.decode(line),
          ),
        );
  return { lines, encoding, mixedEncodingLines: [...utf8Lines].map((i) => i + 1) };
}

type SingleByte = Exclude<BankFileEncoding, 'utf-8'>;

/** Native decoders (twice as fast as iconv-lite on a 45 MB statement). */
const SINGLE_BYTE: Record<SingleByte, TextDecoder> = {
  'windows-1251': new TextDecoder('windows-1251'),
  cp866: new TextDecoder('ibm866'),
  // not a 1C encoding, but Unix tools write it: read as windows-1251 it had no «КонецФайла»
  'koi8-r': new TextDecoder('koi8-r'),
};

/** Bytes of single-byte text enough to tell windows-1251 from cp866. */
const SAMPLE_BYTES = 256 * 1024;

/**
 * Lines (0-based) that are UTF-8 with Cyrillic inside a single-byte body. Such a line has a
 * Cyrillic lead byte (0xD0–0xD3) followed by a continuation byte (0x80–0xBF), which windows-1251
 * and cp866 text almost never has: one pass over the bytes finds the few lines worth checking,
 * instead of cutting a 45 MB statement into two million line buffers first.
 */
function utf8LinesIn(buf: Buffer, separator: number): Set<number> {
  const found = new Set<number>();
  let line = 0;
  let start = 0;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === separator) {
      line++;
      start = i + 1;
    } else if ((b & 0xfc) === 0xd0 && (buf[i + 1] & 0xc0) === 0x80) {
      let end = buf.indexOf(separator, i);
      if (end === -1) end = buf.length;
      const text = buf.subarray(start, end);
      if (isUtf8(text) && hasCyrillic(text.toString('utf8'))) found.add(line);
      // on to the end of the line: the separator there counts it
      i = end - 1;
    }
  }
  return found;
}

/** The single-byte lines with letters from the start, up to SAMPLE_BYTES (the last one whole). */
function singleByteSample(buf: Buffer, separator: number, utf8Lines: Set<number>): Buffer {
  const parts: Buffer[] = [];
  let sampled = 0;
  let line = 0;
  for (let start = 0; start < buf.length && sampled < SAMPLE_BYTES; line++) {
    let end = buf.indexOf(separator, start);
    if (end === -1) end = buf.length;
    const text = buf.subarray(start, end);
    if (!utf8Lines.has(line) && hasHighByte(text)) {
      parts.push(text);
      sampled += text.length;
    }
    start = end + 1;
  }
  return Buffer.concat(parts);
}

function hasHighByte(line: Buffer): boolean {
  for (let i = 0; i < line.length; i++) if (line[i] >= 0x80) return true;
  return false;
}

function checkSignature(buf: Buffer, separator: number): void {
  const end = buf.indexOf(separator);
  const first = buf.subarray(0, Math.min(end === -1 ? buf.length : end, 200)).toString('latin1');
  if (first.replace(/[\s\r]+$/, '').replace(/^\s+/, '') !== SIGNATURE) {
    throw new ParseError('Файл не является выгрузкой 1С (нет заголовка 1CClientBankExchange)');
  }
}

/** Control bytes other than TAB, LF, CR never occur in text; a few in the head mean binary data. */
function looksBinary(buf: Buffer): boolean {
  const head = buf.subarray(0, 64 * 1024);
  let control = 0;
  for (const b of head) {
    if ((b < 0x20 && b !== 0x09 && b !== LF && b !== CR) || b === 0x7f) control++;
  }
  return control > 8 || buf.includes(0);
}

/**
 * The lines of a decoded text, cut as they are read (as `splitLines` cuts bytes; a CR before the
 * LF dropped): a 45 MB statement is 1.5 million lines, cut while its first payments are stored.
 */
class TextLines implements BankLines {
  count = 0;
  private at = 0;
  private readonly separator: string;

  constructor(
    private readonly text: string,
    separator: number,
    /** a CR before the LF ends the line too (false for the text of `bankTextOf`) */
    private readonly crlf = true,
  ) {
    this.separator = separator === LF ? '\n' : '\r';
  }

  next(): string | null {
    const text = this.text;
    if (this.at > text.length || (this.at === text.length && this.count > 0)) return null;
    let end = text.indexOf(this.separator, this.at);
    if (end === -1) end = text.length;
    const lineEnd = this.crlf && end > this.at && text.charCodeAt(end - 1) === CR ? end - 1 : end;
    const line = text.slice(this.at, lineEnd);
    this.at = end + 1;
    this.count++;
    return line;
  }

  get progress(): number {
    return this.text.length ? Math.min(1, this.at / this.text.length) : 1;
  }
}

/** Bytes decoded at a time by BlockLines (then on to the end of the line there). */
export const BLOCK_BYTES = 256 * 1024;

/**
 * The lines of a file decoded a block at a time as they are read: a block ends after a line's
 * separator (a byte that is never part of a multi-byte character in UTF-8 either), and its lines
 * are cut as TextLines cuts them. A 45 MB windows-1251 statement was a 90 MB JavaScript string
 * (two bytes per Cyrillic letter) decoded whole before its first line was read; now what is
 * decoded is at most a block beyond what was read, and a block lives as long as values cut from it.
 */
export class BlockLines implements BankLines {
  count = 0;
  /** Bytes decoded so far: the current block ends here. */
  decodedBytes = 0;
  private text = '';
  private at = 0;
  /** Where the current block starts in the file, and its length in bytes. */
  private blockStart = 0;
  private blockBytes = 0;
  private readonly separator: string;

  constructor(
    private readonly buf: Buffer,
    separator: number,
    private readonly decode: (block: Buffer) => string,
    private readonly blockSize = BLOCK_BYTES,
  ) {
    this.separator = separator === LF ? '\n' : '\r';
  }

  next(): string | null {
    if (this.at >= this.text.length && !this.nextBlock()) {
      // an empty file is one empty line, as TextLines reads it
      if (this.count > 0 || this.buf.length > 0) return null;
      this.count++;
      return '';
    }
    const text = this.text;
    let end = text.indexOf(this.separator, this.at);
    if (end === -1) end = text.length;
    const lineEnd = end > this.at && text.charCodeAt(end - 1) === CR ? end - 1 : end;
    const line = text.slice(this.at, lineEnd);
    this.at = end + 1;
    this.count++;
    return line;
  }

  get progress(): number {
    const { buf, text, blockBytes } = this;
    if (buf.length === 0) return 1;
    const inBlock = text.length ? (Math.min(this.at, text.length) / text.length) * blockBytes : 0;
    return Math.min(1, (this.blockStart + inBlock) / buf.length);
  }

  /** Decodes the next block (up to BLOCK_BYTES, then to the end of that line); false at the end. */
  private nextBlock(): boolean {
    const buf = this.buf;
    const start = this.decodedBytes;
    if (start >= buf.length) return false;
    let end = Math.min(buf.length, start + this.blockSize);
    if (end < buf.length) {
      const sep = buf.indexOf(this.separator === '\n' ? LF : CR, end - 1);
      end = sep === -1 ? buf.length : sep + 1;
    }
    this.text = this.decode(buf.subarray(start, end));
    this.at = 0;
    this.blockStart = start;
    this.blockBytes = end - start;
    this.decodedBytes = end;
    return true;
  }
}

/** Lines decoded one by one (a single-byte file with UTF-8 lines in it). */
class ListedLines implements BankLines {
  count = 0;

  constructor(private readonly lines: string[]) {}

  next(): string | null {
    return this.count < this.lines.length ? this.lines[this.count++] : null;
  }

  get progress(): number {
    return this.lines.length ? this.count / this.lines.length : 1;
  }
}

function splitLines(buf: Buffer, separator: number): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  while (start <= buf.length) {
    let end = buf.indexOf(separator, start);
    if (end === -1) end = buf.length;
    let lineEnd = end;
    if (separator === LF && lineEnd > start && buf[lineEnd - 1] === CR) lineEnd--;
    out.push(buf.subarray(start, lineEnd));
    start = end + 1;
  }
  // A terminator after the last line does not open a new line.
  if (out.length > 1 && out[out.length - 1].length === 0) out.pop();
  return out;
}

const CYRILLIC = /[\u0400-\u04ff]/;

function hasCyrillic(text: string): boolean {
  return CYRILLIC.test(text);
}

// Relative frequency of Russian letters (per mille), lower case; upper case counts the same.
const FREQUENCY: Record<string, number> = {
  о: 110,
  е: 85,
  а: 80,
  и: 74,
  н: 67,
  т: 63,
  с: 55,
  р: 47,
  в: 45,
  л: 44,
  к: 35,
  м: 32,
  д: 30,
  п: 28,
  у: 26,
  я: 20,
  ы: 19,
  ь: 17,
  г: 17,
  з: 16,
  б: 16,
  ч: 14,
  й: 12,
  х: 10,
  ж: 9,
  ш: 7,
  ю: 6,
  ц: 5,
  щ: 4,
  э: 3,
  ф: 3,
  ъ: 1,
  ё: 1,
};

/** Scores a decoding: Russian letters add their frequency, anything else non-ASCII subtracts. */
function score(text: string): number {
  let total = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) continue;
    const f = FREQUENCY[ch.toLowerCase()];
    total += f === undefined ? -50 : f;
  }
  return total;
}

function guessSingleByte(sample: Buffer): SingleByte {
  if (sample.length === 0) return 'windows-1251';
  // the decoding that yields the most Russian-looking text; windows-1251 wins a tie
  let best: SingleByte = 'windows-1251';
  let top = score(SINGLE_BYTE[best].decode(sample));
  for (const encoding of ['cp866', 'koi8-r'] as const) {
    const s = score(SINGLE_BYTE[encoding].decode(sample));
    if (s > top) [best, top] = [encoding, s];
  }
  return best;
}

/** A decoded statement as plain data, to cross from a worker thread (parse-pool.ts). */
export type BankText = { text: string; encoding: BankFileEncoding; mixedEncodingLines: number[] };

/**
 * The lines of a decoded file as one text, each ended by LF (no line holds a LF or ends a file's
 * CR-LF), so that `decodedBankText` gives the very same lines, counted the same.
 */
export function bankTextOf(decoded: DecodedBankText): BankText {
  const lines: string[] = [];
  for (let line = decoded.lines.next(); line !== null; line = decoded.lines.next()) lines.push(line);
  return {
    text: lines.length ? `${lines.join('\n')}\n` : '',
    encoding: decoded.encoding,
    mixedEncodingLines: decoded.mixedEncodingLines,
  };
}

/** The decoded file again from `bankTextOf`'s text. */
export function decodedBankText(t: BankText): DecodedBankText {
  return {
    lines: new TextLines(t.text, LF, false),
    encoding: t.encoding,
    mixedEncodingLines: t.mixedEncodingLines,
  };
}
