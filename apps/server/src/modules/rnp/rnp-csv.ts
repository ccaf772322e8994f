import iconv from 'iconv-lite';
import { ParseError } from '../../lib/parse-error.js';
import { splitDelimited } from '../classifiers/classifiers.parser.js';
import { checkRow, type FieldNames, type RawRnpRow, type RnpLaw, type RnpRow } from './rnp.policy.js';

/**
 * The CSV open-data layout (docs/rnp.md): a header row naming the columns, then one entry a line.
 * Each field is found by any of its header names (case, «ё» and spaces ignored); the separator is
 * the header's `;`, TAB or `,`; UTF-8 (with or without BOM) or windows-1251.
 */
export const CSV_COLUMNS: Record<keyof RnpRow, readonly string[]> = {
  registryNumber: ['Номер реестровой записи', 'Реестровый номер', 'Номер записи', 'registryNum'],
  law: ['Закон', 'Федеральный закон', 'law'],
  inn: ['ИНН', 'ИНН поставщика', 'ИНН участника', 'inn'],
  kpp: ['КПП', 'КПП поставщика', 'kpp'],
  name: [
    'Наименование',
    'Наименование поставщика',
    'Полное наименование',
    'Наименование участника',
    'fullName',
  ],
  includedOn: ['Дата включения', 'Дата включения в реестр', 'Дата внесения', 'approveDate'],
  excludedOn: ['Дата исключения', 'Дата исключения из реестра', 'Планируемая дата исключения', 'excludeDate'],
  customerName: ['Заказчик', 'Наименование заказчика', 'customerName'],
  customerInn: ['ИНН заказчика', 'customerInn'],
  purchaseNumber: ['Номер закупки', 'Номер извещения', 'purchaseNumber'],
  reason: ['Причина', 'Основание включения', 'Причина включения', 'reason'],
};

const REQUIRED: (keyof RnpRow)[] = ['registryNumber', 'inn', 'name', 'includedOn'];

const key = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/\s+/g, ' ');

/** UTF-8 unless the bytes are not valid UTF-8, then windows-1251 (the usual Russian open data). */
function decode(data: Buffer): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(data);
  return utf8.includes('\uFFFD') ? iconv.decode(data, 'win1251') : utf8.replace(/^\uFEFF/, '');
}

export function parseRnpCsv(data: Buffer, defaultLaw: RnpLaw | null): RnpRow[] {
  const lines = decode(data).split(/\r?\n/);
  // PostgreSQL text cannot hold NUL: a binary file or a broken export, refused by its line
  const nul = lines.findIndex((l) => l.includes('\u0000'));
  if (nul >= 0)
    throw new ParseError(
      'В файле есть нулевой байт: это не текст CSV или файл повреждён',
      `строка ${nul + 1}`,
    );
  const headerAt = lines.findIndex((l) => l.trim() !== '');
  if (headerAt < 0) throw new ParseError('Файл пуст');
  const header = lines[headerAt];
  const sep = [';', '\t', ','].find((s) => header.includes(s)) ?? ';';
  const titles = splitDelimited(header, sep).map((h) => h.trim());
  const keys = titles.map(key);
  const index = {} as Record<keyof RnpRow, number>;
  const names = {} as FieldNames;
  for (const [field, aliases] of Object.entries(CSV_COLUMNS) as [keyof RnpRow, readonly string[]][]) {
    const wanted = new Set(aliases.map(key));
    index[field] = keys.findIndex((k) => wanted.has(k));
    names[field] = index[field] >= 0 ? `столбец «${titles[index[field]]}»` : `столбец «${aliases[0]}»`;
  }
  const missing = REQUIRED.filter((f) => index[f] < 0).map((f) => `«${CSV_COLUMNS[f][0]}»`);
  if (missing.length)
    throw new ParseError(
      `В заголовке нет столбца ${missing.join(', ')}; найдены: ${titles.map((t) => `«${t}»`).join(', ')}`,
      `строка ${headerAt + 1}`,
    );
  const rows: RnpRow[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const cells = splitDelimited(lines[i], sep);
    const raw: RawRnpRow = {};
    for (const f of Object.keys(index) as (keyof RnpRow)[]) if (index[f] >= 0) raw[f] = cells[index[f]] ?? '';
    rows.push(checkRow(raw, `строка ${i + 1}`, names, defaultLaw));
  }
  return rows;
}
