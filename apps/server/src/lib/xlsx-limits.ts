import { invalidFile } from './app-error.js';
import { ParseError } from './parse-error.js';
import { readZipSafe, type ZipLimits } from './zip.js';

/**
 * Bounds of an uploaded XLSX workbook, checked before a spreadsheet library sees it: an XLSX is a
 * ZIP of XML parts, and a 1.57 MB file whose parts inflate to gigabytes took the server to 2 GB of
 * memory inside exceljs. The parts are inflated here under hard limits (never trusting the sizes
 * the archive declares), XML with a DOCTYPE is refused, and rows and cells are counted in the
 * sheet XML as bytes, before anything is parsed.
 */
export type XlsxLimits = { rows: number; cells: number; zip: Partial<ZipLimits> };

export const XLSX_LIMITS: XlsxLimits = {
  rows: 200_000,
  cells: 3_000_000,
  zip: {
    maxEntries: 1000,
    maxEntryBytes: 150 * 1024 * 1024,
    maxTotalBytes: 250 * 1024 * 1024,
    maxRatio: 200,
  },
};

const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;
const ROW = Buffer.from('<row');
const CELL = Buffer.from('<c');

function count(data: Buffer, what: Buffer, after: (b: number) => boolean): number {
  let n = 0;
  for (let at = data.indexOf(what); at !== -1; at = data.indexOf(what, at + what.length)) {
    if (after(data[at + what.length])) n++;
  }
  return n;
}

/** `<c ` or `<c>` but not `<cols>`; `<row ` or `<row>`. */
const tagEnd = (b: number) =>
  b === 0x20 || b === 0x3e || b === 0x2f || b === 0x09 || b === 0x0a || b === 0x0d;

/** Refuses a workbook over the limits with a Russian message (AppError invalid_file). */
export async function checkXlsxLimits(buf: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<void> {
  let parts: { name: string; data: Buffer }[];
  try {
    parts = await readZipSafe(buf, limits.zip);
  } catch (err) {
    if (err instanceof ParseError) throw invalidFile(`Файл XLSX не принят: ${lowerFirst(err.message)}`);
    throw err;
  }
  for (const part of parts) {
    if (!/\.(xml|rels|vml)$/i.test(part.name)) continue;
    if (DOCTYPE.test(part.data.subarray(0, 4096).toString('latin1')))
      throw invalidFile(
        `Файл XLSX содержит объявление DOCTYPE или ENTITY (часть «${part.name}»): такие файлы не принимаются`,
      );
    if (!/^xl\/worksheets\/[^/]+\.xml$/i.test(part.name)) continue;
    const sheet = part.name.slice('xl/worksheets/'.length);
    const rows = count(part.data, ROW, tagEnd);
    if (rows > limits.rows)
      throw invalidFile(
        `В файле больше ${limits.rows} строк (лист «${sheet}»): разделите его на несколько файлов`,
      );
    const cells = count(part.data, CELL, tagEnd);
    if (cells > limits.cells)
      throw invalidFile(
        `В файле больше ${limits.cells} ячеек (лист «${sheet}»): разделите его на несколько файлов`,
      );
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
