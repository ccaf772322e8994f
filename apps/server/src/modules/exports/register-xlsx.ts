import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import {
  CONTRACT_DUTY_TITLES,
  CONTRACT_STATUS_TITLES,
  type ContractDuty,
  type ContractListQuery,
} from '@zakupki/shared';
import { asc, desc, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contractStatusRank, contracts } from '../../db/schema/index.js';
import { moscowDay, todayMoscow } from '../../lib/moscow-time.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { listConditions } from '../contracts/contract-register.repository.js';
import { DATE_FORMAT, excelDate, MONEY_FORMAT } from './xlsx-formats.js';

type ListIn = z.output<typeof ContractListQuery>;

/** Rows fetched from the database per round: memory stays flat however long the register is. */
export const REGISTER_BATCH = 1000;
export const REGISTER_SHEET = 'Реестр договоров';

/** The columns of the file, in order; `key` names the value a row carries. */
export const REGISTER_COLUMNS = [
  { header: '№ п/п', key: 'n', width: 8 },
  { header: 'Реестровый номер', key: 'registry', width: 26 },
  { header: 'Номер договора', key: 'number', width: 18 },
  { header: 'Дата договора', key: 'date', width: 14, numFmt: DATE_FORMAT },
  { header: 'Предмет договора', key: 'subject', width: 60 },
  { header: 'Заказчик', key: 'customer', width: 36 },
  { header: 'ИНН заказчика', key: 'customerInn', width: 14 },
  { header: 'Поставщик', key: 'supplier', width: 36 },
  { header: 'ИНН поставщика', key: 'supplierInn', width: 14 },
  { header: 'КПП поставщика', key: 'supplierKpp', width: 12 },
  { header: 'Субъект МСП', key: 'sme', width: 11 },
  { header: 'Цена договора', key: 'price', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Валюта', key: 'currency', width: 8 },
  { header: 'Начало исполнения', key: 'start', width: 14, numFmt: DATE_FORMAT },
  { header: 'Окончание исполнения', key: 'end', width: 14, numFmt: DATE_FORMAT },
  { header: 'Статус', key: 'status', width: 12 },
  { header: 'Принято', key: 'executed', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Оплачено', key: 'paid', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Ближайшая обязанность', key: 'duty', width: 40 },
  { header: 'Срок', key: 'due', width: 14, numFmt: DATE_FORMAT },
  { header: 'Просрочено', key: 'overdue', width: 11 },
  { header: 'Размещён в ЕИС', key: 'published', width: 14, numFmt: DATE_FORMAT },
  { header: 'Закон', key: 'law', width: 9 },
  { header: 'Источник', key: 'source', width: 12 },
] as const;

function sortColumn(sort: ListIn['sort']) {
  switch (sort) {
    case 'contract_date':
      return contracts.contractDate;
    case 'price':
      return contracts.price;
    case 'number':
      return contracts.number;
    case 'supplier_name':
      return contracts.supplierName;
    case 'end_date':
      return contracts.endDate;
    case 'status':
      return contractStatusRank(contracts.status);
  }
}

type Row = typeof contracts.$inferSelect;

const moscowDayOf = (d: Date | null) => (d ? moscowDay(d) : null);

function toCells(r: Row, n: number, today: string) {
  return {
    n,
    registry: r.eisRegistryNumber ?? '',
    number: r.number,
    date: excelDate(r.contractDate),
    subject: r.subject,
    customer: r.customerName,
    customerInn: r.customerInn,
    supplier: r.supplierName,
    supplierInn: r.supplierInn,
    supplierKpp: r.supplierKpp ?? '',
    sme: r.supplierIsSme ? 'да' : 'нет',
    price: Number(r.price),
    currency: r.currencyCode,
    start: excelDate(r.startDate),
    end: excelDate(r.endDate),
    status: CONTRACT_STATUS_TITLES[r.status],
    executed: Number(r.executedAmount),
    paid: Number(r.paidAmount),
    duty: r.nextDutyKind ? (CONTRACT_DUTY_TITLES[r.nextDutyKind as ContractDuty] ?? r.nextDutyKind) : '',
    due: excelDate(r.nextDutyDue),
    overdue: r.nextDutyDue ? (r.nextDutyDue < today ? 'да' : 'нет') : '',
    published: excelDate(moscowDayOf(r.eisPublishedAt)),
    law: `${r.law}-ФЗ`,
    source: r.source === 'eis' ? 'ЕИС' : 'вручную',
  };
}

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
 * it goes away. Shared by the registers of contracts and procurements.
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

/**
 * The register view as XLSX: the same filters and sort as GET /contracts, every matching contract
 * (no paging). Only the ordered ids are held in memory; rows are read and written
 * REGISTER_BATCH at a time into a streaming workbook. The export is audited.
 */
export async function registerXlsx(
  db: Db,
  actor: Actor,
  companyId: number,
  q: ListIn,
): Promise<{ stream: Readable; fileName: string; rows: number }> {
  const today = todayMoscow();
  const dir = q.order === 'asc' ? asc : desc;
  const ids = (
    await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(listConditions(companyId, q, today))
      .orderBy(dir(sortColumn(q.sort)), dir(contracts.id))
  ).map((r) => r.id);
  const { page: _p, limit: _l, ...filters } = q;
  await audit(db, actor, {
    action: 'export',
    entity: 'contracts',
    companyId,
    after: { format: 'xlsx', rows: ids.length, filters },
  });
  const out = streamSheet(db, {
    sheet: REGISTER_SHEET,
    columns: REGISTER_COLUMNS,
    ids,
    load: (db, part) => db.select().from(contracts).where(inArray(contracts.id, part)),
    id: (r) => r.id,
    cells: (r, n) => toCells(r, n, today),
  });
  return { stream: out, fileName: `Реестр договоров на ${formatRuDate(today)}.xlsx`, rows: ids.length };
}
