import { gunzipSync } from 'node:zlib';
import { okpd2ParentCode } from '@zakupki/shared';
import iconv from 'iconv-lite';
import { ParseError } from '../../lib/parse-error.js';

export const CLASSIFIERS = ['okpd2', 'okei', 'okved2'] as const;
export type Classifier = (typeof CLASSIFIERS)[number];

export type ClassifierRow = {
  code: string;
  title: string;
  parentCode: string | null;
  extra: Record<string, string>;
};

/** Gzip is undone when the bytes carry its magic number (the shipped files are compressed). */
export function gunzipIfNeeded(data: Buffer): Buffer {
  return data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data;
}

/**
 * Fields of one delimited line with RFC 4180 quoting ("a;b" and "" inside quotes). Written here
 * because the three official layouts are single-line records of a few fields, and a CSV
 * dependency would be used for these twenty lines only.
 */
export function splitDelimited(line: string, sep: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
const clean = (s: string) => s.replace(/^[\s"]+|[\s"]+$/g, '').replace(/\s{2,}/g, ' ');

/**
 * ОКПД2 as Rosstat's table (prog815/okpd2 `okpd_table.tsv`): `code<TAB>name`, no header, UTF-8;
 * codes carry a trailing space, a few names are wrapped in quotes with a leading TAB, the section
 * rows (A–U) come last. The parent is the nearest ancestor code present in the file.
 */
export function parseOkpd2(data: Buffer): ClassifierRow[] {
  const rows: ClassifierRow[] = [];
  for (const [i, line] of lines(gunzipIfNeeded(data).toString('utf8')).entries()) {
    const tab = line.indexOf('\t');
    if (tab === -1) throw new ParseError(`ОКПД2, строка ${i + 1}: нет табуляции между кодом и наименованием`);
    const code = line.slice(0, tab).trim();
    const title = clean(line.slice(tab + 1));
    if (!/^([A-U]|\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{3})?)?)?)$/.test(code))
      throw new ParseError(`ОКПД2, строка ${i + 1}: неверный код «${code}»`);
    rows.push({ code, title, parentCode: null, extra: {} });
  }
  return withParents(rows, 'ОКПД2');
}

/** ОКВЭД2 as Rosstat's open data: `"Раздел";"Код";"Наименование"`, windows-1251, no header. */
export function parseOkved2(data: Buffer): ClassifierRow[] {
  const rows: ClassifierRow[] = [];
  for (const [i, line] of lines(iconv.decode(gunzipIfNeeded(data), 'windows-1251')).entries()) {
    const [section, rawCode, name] = splitDelimited(line, ';');
    if (name === undefined) throw new ParseError(`ОКВЭД2, строка ${i + 1}: ожидались три поля через «;»`);
    const code = rawCode.trim() || section.trim();
    if (!/^([A-U]|\d{2}(\.\d{1,2}){0,3})$/.test(code))
      throw new ParseError(`ОКВЭД2, строка ${i + 1}: неверный код «${code}»`);
    rows.push({ code, title: clean(name), parentCode: null, extra: {} });
  }
  return withParents(rows, 'ОКВЭД2');
}

/** ОКЕИ units (`Code,Name,SymbolRu,SymbolEn,AlphaRu,AlphaEn,GroupId`, UTF-8 with BOM). */
export function parseOkei(data: Buffer): ClassifierRow[] {
  const [header, ...body] = lines(gunzipIfNeeded(data).toString('utf8'));
  const names = splitDelimited(header, ',');
  if (names[0] !== 'Code' || names[1] !== 'Name')
    throw new ParseError('ОКЕИ: ожидался заголовок «Code,Name,SymbolRu,…»');
  return body.map((line, i) => {
    const f = splitDelimited(line, ',');
    const code = (f[0] ?? '').trim();
    if (!/^\d{3,4}$/.test(code)) throw new ParseError(`ОКЕИ, строка ${i + 2}: неверный код «${code}»`);
    const extra: Record<string, string> = {};
    for (const [j, key] of [
      [2, 'symbol'],
      [4, 'letter_code'],
      [6, 'group'],
    ] as const) {
      const v = (f[j] ?? '').trim();
      if (v && v !== 'NULL') extra[key] = v;
    }
    return { code, title: clean(f[1] ?? ''), parentCode: null, extra };
  });
}

/** Every code's parent: its nearest ancestor present in the same release (gaps are skipped). */
function withParents(rows: ClassifierRow[], name: string): ClassifierRow[] {
  const codes = new Set<string>();
  for (const r of rows) {
    if (codes.has(r.code)) throw new ParseError(`${name}: код «${r.code}» повторяется`);
    codes.add(r.code);
  }
  for (const r of rows) {
    for (let p = okpd2ParentCode(r.code); p; p = okpd2ParentCode(p)) {
      if (codes.has(p)) {
        r.parentCode = p;
        break;
      }
    }
  }
  return rows;
}

export const PARSERS: Record<Classifier, (data: Buffer) => ClassifierRow[]> = {
  okpd2: parseOkpd2,
  okei: parseOkei,
  okved2: parseOkved2,
};
