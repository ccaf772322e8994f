import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';

/** Rows fetched from the database per round: memory stays flat however long the register is. */
export const REGISTER_BATCH = 1000;

/** Resolves when the stream drains or closes (a destroyed stream never drains). */
async function drained(out: PassThrough) {
  const ac = new AbortController();
  const wait = (event: string) => once(out, event, { signal: ac.signal }).catch(() => undefined);
  try {
    await Promise.race([wait('drain'), wait('close')]);
  } finally {
    ac.abort();
  }
}

/** A column of a register file: `key` names the value a row carries. */
export type SheetColumn = { header: string; key: string; width: number; numFmt?: string };

/**
 * Streams one sheet of a register: a bold frozen header with a filter, then the rows of `ids` in
 * their order, read REGISTER_BATCH at a time (`load`), waiting for a slow client and stopping when
 * it goes away. Shared by the registers of contracts, procurements and plans.
 */
export function streamSheet<R>(
  db: Db,
  opts: {
    sheet: string;
    columns: readonly SheetColumn[];
    ids: number[];
    load: (db: Db, ids: number[]) => Promise<R[]>;
    id: (row: R) => number;
    cells: (row: R, n: number) => Record<string, unknown>;
  },
): PassThrough {
  const out = new PassThrough();
  writeWorkbook(db, opts, out).catch((err: Error) => out.destroy(err));
  return out;
}

async function writeWorkbook<R>(db: Db, opts: Parameters<typeof streamSheet<R>>[1], out: PassThrough) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Система автоматизации закупок';
  const ws = wb.addWorksheet(opts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = opts.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  ws.getRow(1).font = { bold: true };
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: opts.columns.length } };
  let n = 0;
  for (let i = 0; i < opts.ids.length; i += REGISTER_BATCH) {
    // the client went away: stop reading the database
    if (out.destroyed) return;
    // a slow client: let the written part go out before reading more
    if (out.writableNeedDrain) await drained(out);
    const part = opts.ids.slice(i, i + REGISTER_BATCH);
    const rows = await opts.load(db, part);
    const byId = new Map(rows.map((r) => [opts.id(r), r]));
    for (const id of part) {
      const r = byId.get(id);
      if (r) ws.addRow(opts.cells(r, ++n)).commit();
    }
  }
  ws.commit();
  await wb.commit();
}
