import type { Readable } from 'node:stream';
import { PROCUREMENT_STATUS_TITLES } from '@zakupki/shared';
import { type SheetColumn, streamSheet } from '../../kernel/xlsx/sheet-writer.js';
import { DATE_FORMAT, excelDate, MONEY_FORMAT } from '../../kernel/xlsx/xlsx-formats.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { type ListIn, procurementsByIds, registerIds } from './procurement-register.repository.js';
import * as repo from './procurements.repository.js';

export const PROCUREMENT_SHEET = 'Реестр закупок';

export const PROCUREMENT_COLUMNS: SheetColumn[] = [
  { header: '№ п/п', key: 'n', width: 8 },
  { header: 'Номер закупки', key: 'number', width: 16 },
  { header: 'Номер извещения в ЕИС', key: 'notice', width: 16 },
  { header: 'Предмет закупки', key: 'subject', width: 60 },
  { header: 'Заказчик', key: 'customer', width: 36 },
  { header: 'Способ закупки', key: 'method', width: 36 },
  { header: 'НМЦД', key: 'nmcd', width: 20, numFmt: MONEY_FORMAT },
  { header: 'Валюта', key: 'currency', width: 8 },
  { header: 'Статус', key: 'status', width: 22 },
  { header: 'Только для МСП', key: 'sme', width: 10 },
  { header: 'Планируемое размещение', key: 'planned', width: 14, numFmt: DATE_FORMAT },
  { header: 'Размещено', key: 'published', width: 14, numFmt: DATE_FORMAT },
  { header: 'Окончание подачи заявок', key: 'bids', width: 14, numFmt: DATE_FORMAT },
  { header: 'Подведение итогов', key: 'summing', width: 14, numFmt: DATE_FORMAT },
  { header: 'Ближайший срок', key: 'due', width: 14, numFmt: DATE_FORMAT },
  { header: 'Просрочено', key: 'overdue', width: 11 },
  { header: 'Источник', key: 'source', width: 12 },
];

const SOURCES = { manual: 'вручную', plan: 'из плана', eis: 'ЕИС' } as const;

/**
 * The register view as XLSX: the same filters and sort as GET /procurements, every matching row,
 * streamed by the sheet writer (kernel/xlsx/sheet-writer.ts). Audited.
 */
export async function procurementsXlsx(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  q: Omit<ListIn, 'page' | 'limit'>,
): Promise<{ stream: Readable; fileName: string; rows: number }> {
  const { db } = deps;
  const today = todayMoscow();
  const ids = await registerIds(db, companyId, q, today);
  await audit(db, actor, {
    action: 'export',
    entity: 'procurements',
    companyId,
    after: { format: 'xlsx', rows: ids.length, filters: q },
  });
  const company = await repo.companyTitle(db, companyId);
  const stream = streamSheet(db, {
    sheet: PROCUREMENT_SHEET,
    columns: PROCUREMENT_COLUMNS,
    ids,
    load: async (tx, part) => {
      const rows = await procurementsByIds(tx, part);
      const methods = await repo.entries(
        tx,
        rows.map((r) => r.methodId),
      );
      const customers = await repo.customerTitles(
        tx,
        rows.flatMap((r) => (r.customerId ? [r.customerId] : [])),
      );
      return rows.map((r) => ({
        r,
        method: methods.get(r.methodId)?.title ?? '',
        customer: (r.customerId ? customers.get(r.customerId) : null) ?? r.customerTitle ?? company,
      }));
    },
    id: (x) => x.r.id,
    cells: ({ r, method, customer }, n) => ({
      n,
      number: r.number,
      notice: r.eisNoticeNumber ?? '',
      subject: r.subject,
      customer,
      method,
      nmcd: Number(r.nmcd),
      currency: r.currencyCode,
      status: PROCUREMENT_STATUS_TITLES[r.status],
      sme: r.smeOnly ? 'да' : 'нет',
      planned: excelDate(r.plannedPublicationDate),
      published: excelDate(r.publishedOn),
      bids: excelDate(r.bidsDeadline),
      summing: excelDate(r.summingUpDate),
      due: excelDate(r.nextDutyDue),
      overdue: r.nextDutyDue ? (r.nextDutyDue < today ? 'да' : 'нет') : '',
      source: SOURCES[r.source],
    }),
  });
  return { stream, fileName: `Реестр закупок на ${formatRuDate(today)}.xlsx`, rows: ids.length };
}
