import type { CatalogDescriptor, CatalogField, CatalogImportError } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { type AppError, invalidFile } from '../../lib/app-error.js';
import { checkXlsxLimits } from '../../lib/xlsx-limits.js';

/** Read-only columns of an export; import reads the owner column to tell global rows apart. */
export const OWNER_TITLE = 'Принадлежность';
export const GLOBAL_OWNER = 'Общая';
export const ARCHIVED_TITLE = 'В архиве';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const YES = 'Да';
const NO = 'Нет';

type Item = Record<string, unknown>;

/** «Место поставки…» → a file name the browser keeps (RFC 5987 for the Cyrillic one). */
export function contentDisposition(title: string): string {
  const date = new Date().toISOString().slice(0, 10);
  const name = `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim()} ${date}.xlsx`;
  const ascii = `catalog-${date}.xlsx`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function cellOut(f: CatalogField, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  const label = (x: unknown) => f.options?.find((o) => o.value === x)?.label ?? String(x);
  switch (f.type) {
    case 'boolean':
      return v ? YES : NO;
    case 'select':
      return label(v);
    case 'multiselect':
      return (v as unknown[]).map(label).join('; ');
    case 'list':
      return (v as unknown[]).join('; ');
    case 'percent':
    case 'money':
    case 'integer':
      return Number(v);
    default:
      return String(v);
  }
}

/**
 * One sheet: the form fields as columns (Russian headers), then the owner and archive columns.
 * Text cells are typed as text so Excel keeps codes such as 26.20 as they are.
 */
export async function writeCatalogXlsx(
  d: CatalogDescriptor,
  items: Item[],
  extra: { owner: boolean },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Система автоматизации закупок';
  const ws = wb.addWorksheet(d.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  const headers = [...d.fields.map((f) => f.title), ...(extra.owner ? [OWNER_TITLE] : []), ARCHIVED_TITLE];
  ws.addRow(headers).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  d.fields.forEach((f, i) => {
    const col = ws.getColumn(i + 1);
    col.width = f.key === 'title' ? 60 : f.type === 'textarea' || f.type === 'list' ? 40 : 18;
    if (f.type === 'text' || f.type === 'okpd2' || f.type === 'textarea') col.numFmt = '@';
    if (f.type === 'money') col.numFmt = '#,##0.00';
  });
  if (extra.owner) ws.getColumn(d.fields.length + 1).width = 36;
  for (const it of items) {
    ws.addRow([
      ...d.fields.map((f) => cellOut(f, it[f.key])),
      ...(extra.owner ? [(it.company_title as string | null) ?? GLOBAL_OWNER] : []),
      it.archived_at ? YES : NO,
    ]);
  }
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Plain value of a cell whatever Excel stored: rich text, hyperlink, formula result, date. */
function cellValue(v: ExcelJS.CellValue): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('hyperlink' in v) return v.text;
    if ('result' in v) return v.result === undefined ? null : cellValue(v.result as ExcelJS.CellValue);
    if ('error' in v) return null;
    return null;
  }
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  return v;
}

export type SheetRow = { row: number; cells: Map<string, string | number | boolean>; owner: string | null };

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The first sheet of an upload: header row matched to the form fields by title (case and spaces
 * ignored), data rows with their Excel row numbers. An unreadable file or a missing required
 * column refuses the whole file.
 */
export async function readCatalogXlsx(buf: Buffer, d: CatalogDescriptor): Promise<SheetRow[]> {
  if (buf.length < 4 || buf[0] !== 0x50 || buf[1] !== 0x4b)
    throw invalidFile('Файл не является книгой Excel (XLSX)');
  await checkXlsxLimits(buf);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  } catch {
    throw invalidFile('Не удалось прочитать файл XLSX: файл повреждён или другого формата');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw invalidFile('В файле нет листов');
  const byTitle = new Map(d.fields.map((f) => [norm(f.title), f.key]));
  const columns = new Map<number, string>();
  let ownerCol: number | null = null;
  ws.getRow(1).eachCell((cell, col) => {
    const t = cellValue(cell.value);
    if (typeof t !== 'string') return;
    const key = byTitle.get(norm(t));
    if (key) columns.set(col, key);
    else if (norm(t) === norm(OWNER_TITLE)) ownerCol = col;
  });
  const present = new Set(columns.values());
  const missing = d.fields.filter((f) => f.required && !present.has(f.key)).map((f) => `«${f.title}»`);
  if (missing.length)
    throw invalidFile(
      `В первой строке файла нет ${missing.length > 1 ? 'столбцов' : 'столбца'} ${missing.join(', ')}`,
      { errors: [{ row: 1, message: `Строка 1: нет столбца ${missing.join(', ')}` }] },
    );
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const cells = new Map<string, string | number | boolean>();
    for (const [col, key] of columns) {
      const v = cellValue(row.getCell(col).value);
      if (v !== null) cells.set(key, v);
    }
    const owner = ownerCol ? cellValue(row.getCell(ownerCol).value) : null;
    if (cells.size === 0) return;
    rows.push({ row: n, cells, owner: owner === null ? null : String(owner) });
  });
  if (!rows.length) throw invalidFile('В файле нет строк с данными');
  return rows;
}

/** Rows a worker thread hands back: JSON in chunks, so no single step on the event loop is long. */
export type PackedRows = string[];
const CHUNK = 2000;

export function packRows(rows: SheetRow[]): PackedRows {
  const out: PackedRows = [];
  for (let i = 0; i < rows.length; i += CHUNK)
    out.push(JSON.stringify(rows.slice(i, i + CHUNK).map((r) => [r.row, [...r.cells], r.owner])));
  return out;
}

/**
 * The rows again, a chunk at a time with a pause between: 150 000 rows cloned back from a worker
 * in one piece held the event loop for a second.
 */
export async function unpackRows(packed: PackedRows): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for (const chunk of packed) {
    for (const [row, cells, owner] of JSON.parse(chunk) as [
      number,
      [string, string | number | boolean][],
      string | null,
    ][])
      rows.push({ row, cells: new Map(cells), owner });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows;
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const missingMessage = (f: CatalogField) =>
  f.key === 'title' ? 'не заполнено наименование' : `не заполнено поле «${f.title}»`;

function option(f: CatalogField, raw: string): string | null {
  const n = norm(raw);
  return f.options?.find((o) => norm(o.label) === n || norm(o.value) === n)?.value ?? null;
}

/** A row's cells as the JSON body the form would send; cell-level errors in Russian. */
export function rowInput(d: CatalogDescriptor, cells: SheetRow['cells']): { input: Item; errors: string[] } {
  const input: Item = {};
  const errors: string[] = [];
  for (const f of d.fields) {
    const raw = cells.get(f.key);
    if (raw === undefined) {
      if (f.required) errors.push(missingMessage(f));
      else if (f.type !== 'boolean' && f.type !== 'list') input[f.key] = null;
      continue;
    }
    const text = String(raw).trim();
    switch (f.type) {
      case 'boolean': {
        const b =
          typeof raw === 'boolean'
            ? raw
            : ({ да: true, нет: false, '1': true, '0': false } as const)[norm(text) as 'да'];
        if (b === undefined) errors.push(`«${f.title}»: укажите «Да» или «Нет»`);
        else input[f.key] = b;
        break;
      }
      case 'select': {
        const v = option(f, text);
        if (v === null) errors.push(`«${f.title}»: недопустимое значение «${text}»`);
        else input[f.key] = v;
        break;
      }
      case 'multiselect': {
        const parts = text
          .split(/[;\n]/)
          .map((s) => s.trim())
          .filter(Boolean);
        const bad = parts.filter((p) => option(f, p) === null);
        if (bad.length) errors.push(`«${f.title}»: недопустимое значение «${bad.join('», «')}»`);
        else input[f.key] = parts.map((p) => option(f, p));
        break;
      }
      case 'list':
        input[f.key] = text
          .split(/[;\n]/)
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case 'integer': {
        const n = typeof raw === 'number' ? raw : Number(text.replace(/\s/g, ''));
        if (!Number.isInteger(n)) errors.push(`«${f.title}»: ожидается целое число`);
        else input[f.key] = n;
        break;
      }
      case 'percent':
      case 'money':
        input[f.key] = typeof raw === 'number' ? String(Number(raw.toFixed(2))) : text;
        break;
      default:
        input[f.key] = typeof raw === 'number' ? String(raw) : text;
    }
  }
  return { input, errors };
}

/** zod issues of a row, each named by its column. */
export function issueMessages(d: CatalogDescriptor, issues: z.core.$ZodIssue[]): string[] {
  return issues.map((i) => {
    const f = d.fields.find((x) => x.key === String(i.path[0] ?? ''));
    if (!f) return lower(i.message);
    if (i.message === 'Обязательное поле') return missingMessage(f);
    return `«${f.title}»: ${lower(i.message)}`;
  });
}

export const rowError = (row: number, message: string): CatalogImportError => ({
  row,
  message: `Строка ${row}: ${message}`,
});

/** The refusal of a whole file: every error by row, the first few in the message. */
export function importRefused(errors: CatalogImportError[]): AppError {
  const shown = errors.slice(0, 5).map((e) => e.message);
  const more = errors.length > 5 ? ` и ещё ${errors.length - 5}` : '';
  return invalidFile(
    `Файл не загружен, ничего не изменено. Ошибок: ${errors.length}. ${shown.join('; ')}${more}`,
    { errors },
  );
}
