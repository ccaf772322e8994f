import { BID_XLSX_COLUMNS } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { invalidFile } from '../../lib/app-error.js';
import { checkXlsxLimits } from '../../lib/xlsx-limits.js';

/**
 * The XLSX of bids (docs/bids.md «XLSX»): row 1 holds the column titles of BID_XLSX_COLUMNS (any
 * order, case and spaces ignored); one row per bid, or one row per item of a bid (the rows of one
 * participant in one lot make one bid; its participant columns are read from its first row).
 */

export type BidSheetRow = { row: number; cells: Map<string, string> };
type Key = (typeof BID_XLSX_COLUMNS)[number]['key'];

const REQUIRED: Key[] = ['lot_number', 'participant_inn', 'participant_name', 'received_at'];
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as text; a date cell is Excel's wall clock (read as Moscow time) `ГГГГ-ММ-ДДTЧЧ:ММ`. */
function cellText(v: ExcelJS.CellValue): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date)
    return `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}T${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`;
  if (typeof v === 'object') {
    if ('richText' in v)
      return (
        v.richText
          .map((r) => r.text)
          .join('')
          .trim() || null
      );
    if ('hyperlink' in v) return String(v.text);
    if ('result' in v) return v.result === undefined ? null : cellText(v.result as ExcelJS.CellValue);
    return null;
  }
  const s = String(v).trim();
  return s === '' ? null : s;
}

export async function readBidsXlsx(buf: Buffer): Promise<BidSheetRow[]> {
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
  const byTitle = new Map<string, Key>(BID_XLSX_COLUMNS.map((c) => [norm(c.title), c.key]));
  const columns = new Map<number, Key>();
  ws.getRow(1).eachCell((cell, col) => {
    const t = cellText(cell.value);
    const key = t ? byTitle.get(norm(t)) : undefined;
    if (key) columns.set(col, key);
  });
  const present = new Set(columns.values());
  const missing = REQUIRED.filter((k) => !present.has(k)).map(
    (k) => `«${BID_XLSX_COLUMNS.find((c) => c.key === k)?.title}»`,
  );
  if (missing.length) throw invalidFile(`В первой строке файла нет столбцов ${missing.join(', ')}`);
  const rows: BidSheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const cells = new Map<string, string>();
    for (const [col, key] of columns) {
      const v = cellText(row.getCell(col).value);
      if (v !== null) cells.set(key, v);
    }
    if (cells.size) rows.push({ row: n, cells });
  });
  if (!rows.length) throw invalidFile('В файле нет строк с заявками');
  return rows;
}

/** «17.02.2026 10:30», «17.02.2026», ISO: → `ГГГГ-ММ-ДДTЧЧ:ММ` (Moscow) or as it is. */
export function receivedText(v: string): string {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(v.trim());
  if (!m) return v.trim();
  return `${m[3]}-${m[2]}-${m[1]}T${pad(Number(m[4] ?? 0))}:${m[5] ?? '00'}`;
}

export const yes = (v: string | undefined) => (v ? /^(да|yes|true|1|\+)$/i.test(v.trim()) : false);

/** The template: the titles, and a row per item of each lot (a lot without items: one row). */
export async function bidsTemplate(lots: { number: number; items: { lineNo: number }[] }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Заявки');
  ws.columns = BID_XLSX_COLUMNS.map((c) => ({
    header: c.title,
    key: c.key,
    width: Math.max(12, c.title.length + 2),
  }));
  ws.getRow(1).font = { bold: true };
  for (const lot of lots) {
    if (lot.items.length === 0) ws.addRow({ lot_number: lot.number });
    for (const item of lot.items) ws.addRow({ lot_number: lot.number, item_line_no: item.lineNo });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
